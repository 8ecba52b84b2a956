import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, ServiceError, type AppConfig } from '@app/platform';

const WINDOW_MS = 60_000;

/**
 * RATE_LIMIT_AI_RPM: Ask AI calls per API key in any sliding minute. Counted in this process
 * (each instance has its own count): the limit guards the workspace's provider spend against a
 * runaway client, which one instance's count does.
 */
@Injectable()
export class AiRateLimiter {
  private readonly calls = new Map<string, number[]>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Counts a call for `apiKey`, or throws RESOURCE_EXHAUSTED with Retry-After. */
  take(apiKey: string, now = Date.now()): void {
    const recent = (this.calls.get(apiKey) ?? []).filter((at) => at > now - WINDOW_MS);
    if (recent.length >= this.config.rateLimitAiRpm) {
      this.calls.set(apiKey, recent);
      const retryAfter = Math.max(1, Math.ceil((recent[0] + WINDOW_MS - now) / 1000));
      throw new ServiceError(
        'RESOURCE_EXHAUSTED',
        `At most ${this.config.rateLimitAiRpm} Ask AI calls per minute per API key`,
        { retryAfterSeconds: retryAfter },
        undefined,
        { 'retry-after': String(retryAfter) },
      );
    }
    recent.push(now);
    this.calls.set(apiKey, recent);
    this.forgetIdleKeys(now);
  }

  /** Keys with no call in the window are dropped, so the map does not grow without end. */
  private forgetIdleKeys(now: number): void {
    if (this.calls.size < 1000) return;
    for (const [key, times] of this.calls) {
      if (times[times.length - 1] <= now - WINDOW_MS) this.calls.delete(key);
    }
  }
}
