import type { Agent, RequestInit as UndiciRequestInit } from 'undici';
import {
  checkedLookup,
  isRefusedLiteral,
  PrivateTargetError,
  type ResolveAll,
} from './checked-lookup';
import { loadOnce } from '../runtime/load-once';

/**
 * A 3xx answer to a call whose redirects are not followed: a TypeError, as fetch's own
 * `redirect: 'error'` throws, which retry helpers do not retry.
 */
export class RedirectRefusedError extends TypeError {
  constructor(readonly status: number) {
    super(`answered with a redirect (HTTP ${status}), which is not followed`);
    this.name = 'RedirectRefusedError';
  }
}

export interface GuardedFetch {
  /** Shaped as the global fetch, for SDKs that take one. */
  fetch: typeof fetch;
  /** Closes the kept-alive connections once the requests on them have ended. */
  close(): Promise<void>;
  /** Closes every connection now, ending the requests still on them. */
  destroy(): Promise<void>;
}

const urlOf = (input: unknown): URL =>
  new URL(typeof input === 'string' || input instanceof URL ? input : (input as Request).url);

/**
 * A fetch for calls made on a tenant's behalf to a URL the tenant chose: a private or loopback
 * target is refused before anything is sent (a literal at once, a name after resolution, on
 * the address checked), and a redirect is an error rather than a second request to wherever
 * it points. Its own connection pool, kept alive between calls.
 */
export function guardedFetch(options: {
  allowPrivate: boolean;
  resolveAll?: ResolveAll;
}): GuardedFetch {
  // undici is loaded, and the pool made, on the first call: only webhook deliveries and Ask AI
  // call out, and loading it cost every start about 60 ms.
  let agent: Agent | undefined;
  const guarded = async (input: unknown, init?: RequestInit): Promise<Response> => {
    if (isRefusedLiteral(urlOf(input).hostname, options.allowPrivate)) {
      throw new PrivateTargetError();
    }
    const undici = await loadUndici();
    agent ??= new undici.Agent({
      connect: { lookup: checkedLookup(options.allowPrivate, options.resolveAll) },
    });
    const response = await undici
      .fetch(input as string, {
        ...(init as UndiciRequestInit),
        redirect: 'manual',
        dispatcher: agent,
      })
      .catch((error: unknown) => {
        // A refusal at connection time comes wrapped in "fetch failed", which SDKs retry.
        throw guardedFetchRefusal(error) ?? error;
      });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new RedirectRefusedError(response.status);
    }
    return response as unknown as Response;
  };
  return {
    fetch: guarded as typeof fetch,
    close: async () => agent?.close(),
    destroy: async () => agent?.destroy(),
  };
}

const loadUndici = loadOnce(() => import('undici'));

/** The refusal or redirect somewhere in an error's `cause` chain (SDKs wrap what fetch threw). */
export function guardedFetchRefusal(
  error: unknown,
): PrivateTargetError | RedirectRefusedError | undefined {
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof PrivateTargetError || e instanceof RedirectRefusedError) return e;
  }
  return undefined;
}
