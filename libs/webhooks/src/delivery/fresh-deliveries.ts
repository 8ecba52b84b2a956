/** Characters of payload JSON kept at most (about 64 MB), and for how long. */
const BUDGET_CHARS = 32 * 1024 * 1024;
const KEPT_MS = 60_000;
/** Deliveries handed over and not claimed yet, at most (past that the scan finds them). */
const MOST_UNCLAIMED = 10_000;

/**
 * Deliveries the trigger committed in this process, handed to its worker: claimed by id (no
 * scan of what is due), their payloads kept for the first attempt (opening the stored one
 * would cost more than the attempt). Only an optimisation: a delivery claimed elsewhere, late
 * or after a restart is found by the scan and opens its stored payload; one erased meanwhile
 * is not sent (a lane reads again what waited, see DestinationLane).
 */
export class FreshDeliveries {
  private readonly kept = new Map<string, { json: string; at: number }>();
  /** By id, each one's lane (`apiKey/destination`), oldest first. */
  private readonly unclaimed = new Map<string, string>();
  private chars = 0;

  put(deliveryId: string, json: string, lane: string, now = Date.now()): void {
    this.drop(deliveryId);
    this.kept.set(deliveryId, { json, at: now });
    this.chars += json.length;
    this.unclaimed.set(deliveryId, lane);
    for (const id of this.unclaimed.keys()) {
      if (this.unclaimed.size <= MOST_UNCLAIMED) break;
      this.unclaimed.delete(id);
    }
    this.evict(now);
  }

  get hasUnclaimed(): boolean {
    return this.unclaimed.size > 0;
  }

  /** Up to `count` handed over, oldest first, but those of `full` lanes (the scan finds them). */
  toClaim(count: number, full: ReadonlySet<string>): string[] {
    const ids: string[] = [];
    for (const [id, lane] of this.unclaimed) {
      if (ids.length >= count) break;
      this.unclaimed.delete(id);
      if (!full.has(lane)) ids.push(id);
    }
    return ids;
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
