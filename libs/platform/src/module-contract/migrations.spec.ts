import 'reflect-metadata';
import type { ModulesContainer } from '@nestjs/core';
import { discoverMigrations, Migrations } from './migrations';

class Late1764000000002 {}
class Early1764000000001 {}
class Middle1764000000005 {}
class SameTime1764000000001 {}
class Untimed {}

const modulesOf = (...metatypes: object[]) =>
  new Map(metatypes.map((metatype, i) => [String(i), { metatype }])) as unknown as ModulesContainer;

describe('discoverMigrations', () => {
  it("orders every module's migrations by timestamp across modules, each once", () => {
    @Migrations(Late1764000000002, Middle1764000000005)
    class First {}
    @Migrations(Early1764000000001, Late1764000000002)
    class Second {}
    class Plain {}
    expect(discoverMigrations(modulesOf(First, Plain, Second))).toEqual([
      Early1764000000001,
      Late1764000000002,
      Middle1764000000005,
    ]);
  });

  it('refuses two migrations with one timestamp, and a name without one', () => {
    @Migrations(Early1764000000001)
    class First {}
    @Migrations(SameTime1764000000001)
    class Second {}
    expect(() => discoverMigrations(modulesOf(First, Second))).toThrow(/share a timestamp/);
    @Migrations(Untimed as never)
    class Third {}
    expect(() => discoverMigrations(modulesOf(Third))).toThrow(/13-digit timestamp/);
  });
});
