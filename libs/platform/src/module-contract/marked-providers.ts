import type { DiscoveryService } from '@nestjs/core';

/** A class, as decorators mark it. */
export type MarkedClass = (abstract new (...args: never[]) => unknown) & { name: string };

/** What of a provider the module contract needs: its instance and the class marked. */
export interface MarkedProvider<T> {
  instance: T;
  type: MarkedClass;
  isSingleton: boolean;
}

/**
 * Every provider whose class carries one of the metadata `keys`, with its instance. The
 * class is the provider's own, its token's when a test replaced it with a value, or its
 * instance's when a factory made it: a replaced or factory-made provider is found too.
 */
export function markedProviders<T>(
  discovery: DiscoveryService,
  ...keys: string[]
): MarkedProvider<T>[] {
  return discovery.getProviders().flatMap((wrapper) => {
    const type = [wrapper.metatype, wrapper.token, wrapper.instance?.constructor].find(
      (candidate): candidate is MarkedClass =>
        typeof candidate === 'function' && keys.some((key) => Reflect.hasMetadata(key, candidate)),
    );
    if (!type || !wrapper.instance) return [];
    return [
      { instance: wrapper.instance as T, type, isSingleton: wrapper.isDependencyTreeStatic() },
    ];
  });
}
