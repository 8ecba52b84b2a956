import type { ModulesContainer } from '@nestjs/core';

export type MigrationClass = new () => unknown;

const MIGRATIONS_KEY = 'service:migrations';

/**
 * Declares the schema migrations a module brings: `@Migrations(Tasks1764000000000)` beside
 * `@Module(...)`. The database finds them in every imported module at start, so adding a
 * module needs no edit elsewhere.
 */
export const Migrations =
  (...migrations: MigrationClass[]): ClassDecorator =>
  (target) => {
    Reflect.defineMetadata(MIGRATIONS_KEY, migrations, target);
  };

/** TypeORM's rule: a migration's class name ends in its 13-digit timestamp. */
const timestampOf = (migration: MigrationClass): number => {
  const match = /(\d{13})$/.exec(migration.name);
  if (!match) {
    throw new Error(
      `Migration ${migration.name}: its class name must end in a 13-digit timestamp (e.g. Tasks1764000000000)`,
    );
  }
  return Number(match[1]);
};

/**
 * Every migration declared by a module of the application, once each, in timestamp order
 * across modules (the order they run in on both databases).
 */
export function discoverMigrations(modules: ModulesContainer): MigrationClass[] {
  const found = new Set<MigrationClass>();
  for (const module of modules.values()) {
    const declared: MigrationClass[] | undefined = Reflect.getMetadata(
      MIGRATIONS_KEY,
      module.metatype,
    );
    for (const migration of declared ?? []) found.add(migration);
  }
  const byTime = new Map<number, MigrationClass>();
  for (const migration of found) {
    const other = byTime.get(timestampOf(migration));
    if (other) {
      throw new Error(
        `Migrations ${other.name} and ${migration.name} share a timestamp: the order would be undefined`,
      );
    }
    byTime.set(timestampOf(migration), migration);
  }
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([, migration]) => migration);
}
