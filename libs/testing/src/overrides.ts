import type { InjectionToken, Type } from '@nestjs/common';
import type { TestingModuleBuilder } from '@nestjs/testing';

/** One provider replaced, as `builder.overrideProvider(provide).use…(…)` would. */
export type ProviderOverride = { provide: InjectionToken } & (
  | { useValue: unknown }
  | { useClass: Type }
  | { useFactory: (...args: any[]) => unknown; inject?: InjectionToken[] }
);

/**
 * Providers to replace in the test app: a list of overrides, or a function given Nest's
 * `TestingModuleBuilder` (any `override…` call: providers, guards, modules).
 */
export type TestOverrides =
  ProviderOverride[] | ((builder: TestingModuleBuilder) => TestingModuleBuilder | void);

export function applyOverrides(
  builder: TestingModuleBuilder,
  overrides: TestOverrides | undefined,
): TestingModuleBuilder {
  if (!overrides) return builder;
  if (typeof overrides === 'function') return overrides(builder) ?? builder;
  for (const override of overrides) {
    const by = builder.overrideProvider(override.provide);
    if ('useValue' in override) builder = by.useValue(override.useValue);
    else if ('useClass' in override) builder = by.useClass(override.useClass);
    else builder = by.useFactory({ factory: override.useFactory, inject: override.inject });
  }
  return builder;
}
