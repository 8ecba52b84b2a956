import {
  Inject,
  Injectable,
  Optional,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isIPv6 } from 'node:net';
import { sha256 } from '../crypto/tokens';
import { ServiceError } from '../http/service-error';
import { Metrics } from './metrics';
import { NO_RATE_LIMIT } from './rate-limit.names';
import {
  RATE_LIMIT_STORAGE,
  type RateLimitStorage,
  type RateLimitWindow,
} from './rate-limit-storage';

/** One limit: at most `limit` requests per `ttlMs` window, per tracker. */
export interface RateLimitPolicy {
  name: string;
  limit: number;
  ttlMs: number;
}

export const RATE_LIMIT_POLICIES = Symbol('RATE_LIMIT_POLICIES');

/** One policy's count for this request. */
interface LimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window (or the block) ends. */
  reset: number;
}

const digest = (value: string) => sha256(value).slice(0, 32);
const headerOf = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) || undefined;

/** An IPv6 client is one /64 (what one host is usually given), an IPv4 client one address. */
function clientAddress(ip: string): string {
  if (!isIPv6(ip)) return ip;
  if (ip.startsWith('::ffff:')) return ip.slice(7);
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** A header's value; the first of a repeated one. */
const credential = (headers: FastifyRequest['headers'], ...names: string[]): string => {
  for (const name of names) {
    const value = headerOf(headers[name]);
    if (value) return value;
  }
  return '';
};

/**
 * Who a request counts against (D5.6): its API key with the auth token that comes with it;
 * for workspace-level calls the workspace id with its token; the API key in the body where
 * operation 13 accepts it there (D2.6); for the admin call the admin token; else the client
 * address. The request is not authenticated yet (this runs before the auth guards), so the
 * count is of the credential pair as sent: someone who knows an API key (not a secret) but
 * not its token counts against a pair of their own and cannot use up the key's allowance.
 * Secrets are hashed, never used as keys.
 */
export function rateLimitTracker(request: FastifyRequest): string {
  const headers = request.headers;
  const token = credential(headers, 'x-service-auth-token', 'x-service-workspace-auth-token');
  const apiKey = headerOf(headers['x-service-api-key']);
  if (apiKey) return `key:${digest(`${apiKey}\n${token}`)}`;
  // Workspace-level calls name an API key in the body too: they count for the workspace.
  const workspace = headerOf(headers['x-service-workspace-id']);
  if (workspace) return `workspace:${digest(`${workspace}\n${token}`)}`;
  const body = request.body as { data?: { apiKey?: unknown; authToken?: unknown } } | undefined;
  if (typeof body?.data?.apiKey === 'string') {
    const bodyToken = typeof body.data.authToken === 'string' ? body.data.authToken : token;
    return `key:${digest(`${body.data.apiKey}\n${bodyToken}`)}`;
  }
  const admin = headerOf(headers['x-service-admin-token']);
  if (admin) return `admin:${digest(admin)}`;
  return `ip:${clientAddress(request.ip)}`;
}

/**
 * The rate limit (D5.6), a global guard: each policy counts the request against its tracker
 * (across all routes), shortest window first. Every answer of a limited route, errors
 * included, carries the IETF `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`
 * headers (of the policy closest to its limit) and `RateLimit-Policy`; past a limit the
 * answer is the usual failure envelope, `RESOURCE_EXHAUSTED` (429), with `Retry-After`.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly policyHeader: string;
  /** The policies as the storage counts them: blocked until the window ends, never longer. */
  private readonly windows: RateLimitWindow[];

  constructor(
    private readonly reflector: Reflector,
    @Inject(RATE_LIMIT_POLICIES) private readonly policies: RateLimitPolicy[],
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: RateLimitStorage,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.policies = [...policies].sort((a, b) => a.ttlMs - b.ttlMs);
    this.policyHeader = this.policies.map((p) => `${p.limit};w=${p.ttlMs / 1000}`).join(', ');
    this.windows = this.policies.map(({ name, ttlMs, limit }) => ({
      name,
      ttlMs,
      limit,
      blockMs: ttlMs,
    }));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const skip = this.reflector.getAllAndOverride<boolean>(NO_RATE_LIMIT, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (skip) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const tracker = rateLimitTracker(request);
    const states: LimitState[] = [];
    // Every policy in one call (one round trip to Redis), shortest window first.
    const records = await this.storage.incrementEach(tracker, this.windows);
    for (const [i, record] of records.entries()) {
      const { limit, ttlMs, name } = this.policies[i];
      const state: LimitState = record.isBlocked
        ? { limit, remaining: 0, reset: Math.max(1, record.timeToBlockExpire) }
        : { limit, remaining: Math.max(0, limit - record.totalHits), reset: record.timeToExpire };
      states.push(state);
      if (record.isBlocked) {
        this.setHeaders(reply, states);
        this.metrics?.rateLimited.inc({ policy: name });
        throw new ServiceError(
          'RESOURCE_EXHAUSTED',
          `Rate limit exceeded: ${limit} requests per ${ttlMs / 1000} s; retry after ${state.reset} s`,
          { retryAfterSeconds: state.reset },
          undefined,
          { 'retry-after': String(state.reset) },
        );
      }
    }
    this.setHeaders(reply, states);
    return true;
  }

  private setHeaders(reply: FastifyReply, states: LimitState[]): void {
    // The policy closest to its limit speaks for the request (the IETF draft's choice).
    const tightest = states.reduce((a, b) =>
      b.remaining < a.remaining || (b.remaining === a.remaining && b.reset > a.reset) ? b : a,
    );
    void reply.headers({
      'ratelimit-policy': this.policyHeader,
      'ratelimit-limit': String(tightest.limit),
      'ratelimit-remaining': String(tightest.remaining),
      'ratelimit-reset': String(tightest.reset),
    });
  }
}
