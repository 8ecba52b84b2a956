import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  APP_CONFIG,
  guardedFetch,
  systemResolveAll,
  type AppConfig,
  type GuardedFetch,
  type ResolveAll,
} from '@app/platform';

/** How provider host names are resolved: the system's resolver; tests replace it. */
export const AI_RESOLVE_ALL = Symbol('AI_RESOLVE_ALL');
export const systemAiResolver = { provide: AI_RESOLVE_ALL, useValue: systemResolveAll };

/**
 * The fetch every SDK is given (D12.4): a provider endpoint on a private, loopback or
 * link-local address is refused before anything is sent, unless AI_ALLOW_PRIVATE_BASE_URLS,
 * and a redirect is never followed. Connections are kept alive between calls.
 */
@Injectable()
export class ProviderFetch implements OnApplicationShutdown {
  private readonly guarded: GuardedFetch;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(AI_RESOLVE_ALL) resolveAll: ResolveAll,
  ) {
    this.guarded = guardedFetch({ allowPrivate: config.aiAllowPrivateBaseUrls, resolveAll });
  }

  get fetch(): typeof fetch {
    return this.guarded.fetch;
  }

  /** Requests have drained by now: a provider call still open has no caller left to answer. */
  onApplicationShutdown(): Promise<void> {
    return this.guarded.destroy();
  }
}
