import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import type { ModulesContainer } from '@nestjs/core';
import { discoverMigrations, type MigrationClass } from '@app/platform';

type Importable = Type | DynamicModule | Promise<DynamicModule> | ForwardReference | undefined;

/**
 * The migrations the app of `root` will run, found before it starts (the template's key):
 * the `@Migrations` of every module `root` imports, directly or not, in the order the
 * database module runs them (`discoverMigrations`).
 */
export async function migrationsOf(root: Importable): Promise<MigrationClass[]> {
  const modules = new Set<Type>();
  const visit = async (node: Importable): Promise<void> => {
    const resolved = await node;
    if (!resolved) return;
    if ('forwardRef' in resolved) return visit(resolved.forwardRef());
    const dynamic = 'module' in resolved ? resolved : undefined;
    const type = dynamic ? dynamic.module : (resolved as Type);
    const imports: Importable[] = [
      ...(Reflect.getMetadata('imports', type) ?? []),
      ...(dynamic?.imports ?? []),
    ];
    if (modules.has(type) && !dynamic) return;
    modules.add(type);
    for (const imported of imports) await visit(imported);
  };
  await visit(root);
  // discoverMigrations reads only each module's class (`metatype`).
  const container = new Map([...modules].map((type, i) => [String(i), { metatype: type }]));
  return discoverMigrations(container as unknown as ModulesContainer);
}
