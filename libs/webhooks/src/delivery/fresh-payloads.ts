import { Injectable, type OnModuleDestroy } from '@nestjs/common';

/** Characters of payload JSON kept at most (about 64 MB), and for how long. */
const BUDGET_CHARS = 32 * 1024 * 1024;
const KEPT_MS = 60_000;

/**
 * Payloads the trigger made in this process, kept for their first attempt: reading one back,
 * opening and inflating it would cost more than the attempt itself. Only an optimisation: a
 * job run elsewhere, late, or after a restart reads the stored payload, and a payload erased
 * meanwhile is not sent, since the job only attempts deliveries still pending.
 */
@Injectable()
export class FreshPayloads implements OnModuleDestroy {
  private readonly kept = new Map<string, { json: string; at: number }>();
  private chars = 0;
  private readonly timer = setInterval(() => this.evict(Date.now()), KEPT_MS / 6).unref();

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  put(deliveryId: string, json: string, now = Date.now()): void {
    this.drop(deliveryId);
    this.kept.set(deliveryId, { json, at: now });
    this.chars += json.length;
    this.evict(now);
  }

  /** Forgets payloads (erased ones: they are not kept here either). */
  forget(deliveryIds: Iterable<string>): void {
    for (const id of deliveryIds) this.drop(id);
  }

  /** The payload's JSON if it is still here; it is not kept after. */
  take(deliveryId: string): string | undefined {
    const json = this.kept.get(deliveryId)?.json;
    this.drop(deliveryId);
    return json;
  }

  /** The oldest go first (a Map keeps insertion order), past the budget or the time kept. */
  private evict(now: number): void {
    for (const [id, entry] of this.kept) {
      if (this.chars <= BUDGET_CHARS && now - entry.at <= KEPT_MS) break;
      this.drop(id);
    }
  }

  private drop(deliveryId: string): void {
    const entry = this.kept.get(deliveryId);
    if (!entry) return;
    this.kept.delete(deliveryId);
    this.chars -= entry.json.length;
  }
}
