import type { DataSource } from 'typeorm';
import type { ClaimedDelivery } from './attempt-recorder';

/**
 * How long a claim lasts, renewed while held: a killed process's deliveries are claimed again
 * this long after its last renewal.
 */
export const CLAIM_MS = 20_000;
export const RENEW_MS = 5_000;

/** A delivery row as a claim answers it. */
interface ClaimedRow {
  delivery_id: string;
  api_key: string;
  destination: string;
  endpoint_id: string | null;
  attempts: number;
  max_attempts: number;
  sealed_payload: string | null;
}

/**
 * Claims up to $1 due pending deliveries, oldest due first, for $2 seconds, leaving those of
 * the destinations named in $3 (`api_key/destination`: full in this process). SKIP LOCKED: two
 * instances claiming at once take different rows; the claim ends when its statement does.
 */
const CLAIM_DUE = `
  WITH claimed AS (
    UPDATE webhook_deliveries d
    SET claimed_until = now() + make_interval(secs => $2::double precision)
    FROM (SELECT delivery_id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= now()
            AND (claimed_until IS NULL OR claimed_until < now())
            AND NOT (api_key || '/' || destination = ANY($3::text[]))
          ORDER BY next_attempt_at LIMIT $1
          FOR UPDATE SKIP LOCKED) c
    WHERE d.delivery_id = c.delivery_id
    RETURNING d.delivery_id, d.api_key, d.destination, d.endpoint_id, d.attempts,
      d.max_attempts, d.sealed_payload, d.next_attempt_at)
  SELECT * FROM claimed ORDER BY next_attempt_at`;

/** Claims, as CLAIM_DUE, the deliveries named in $1 that are due and not claimed. */
const CLAIM_NAMED = `
  WITH claimed AS (
    UPDATE webhook_deliveries d
    SET claimed_until = now() + make_interval(secs => $2::double precision)
    FROM (SELECT delivery_id FROM webhook_deliveries
          WHERE delivery_id = ANY($1::text[]) AND status = 'pending' AND next_attempt_at <= now()
            AND (claimed_until IS NULL OR claimed_until < now())
          FOR UPDATE SKIP LOCKED) c
    WHERE d.delivery_id = c.delivery_id
    RETURNING d.delivery_id, d.api_key, d.destination, d.endpoint_id, d.attempts,
      d.max_attempts, d.sealed_payload)
  SELECT * FROM claimed`;

/**
 * Milliseconds until the next planned attempt; null when none is planned (not GREATEST(0,
 * ...): it ignores a null, answering 0, and the worker would look again at once, forever).
 */
const DUE_IN_MS = `
  SELECT (EXTRACT(EPOCH FROM min(next_attempt_at) - now()) * 1000)::int AS ms
  FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at > now()`;

/**
 * Renews the claims of deliveries ($1) still at the attempt counts they were claimed at
 * ($2), for $3 seconds: one recorded meanwhile (its next attempt planned) is not held back.
 */
const RENEW_CLAIMS = `
  UPDATE webhook_deliveries d
  SET claimed_until = now() + make_interval(secs => $3::double precision)
  FROM unnest($1::text[], $2::int[]) AS h(id, attempts)
  WHERE d.delivery_id = h.id AND d.attempts = h.attempts AND d.status = 'pending'`;

/**
 * Of the deliveries ($1) claimed at attempt counts ($2), those still pending at that count
 * and claimed, and whether their payload was erased since.
 */
const STILL_PENDING = `
  SELECT d.delivery_id, d.sealed_payload IS NULL AS erased
  FROM unnest($1::text[], $2::int[]) AS h(id, attempts)
  JOIN webhook_deliveries d ON d.delivery_id = h.id AND d.attempts = h.attempts
  WHERE d.status = 'pending' AND d.claimed_until > now()`;

/** Lets claims go (a stopping server): another instance may take them at once. */
const RELEASE_CLAIMS = `
  UPDATE webhook_deliveries d SET claimed_until = NULL
  FROM unnest($1::text[], $2::int[]) AS h(id, attempts)
  WHERE d.delivery_id = h.id AND d.attempts = h.attempts AND d.status = 'pending'`;

/** The deliveries this process has claimed and not recorded yet, and the claims' statements. */
export class DeliveryClaims {
  /** Held by id. */
  readonly held = new Map<string, ClaimedDelivery>();

  constructor(private readonly dataSource: DataSource) {}

  /** Claims up to `count` due deliveries but those of the `full` destinations (`key/dest`). */
  async claim(count: number, full: string[]): Promise<ClaimedDelivery[]> {
    return this.hold(await this.dataSource.query(CLAIM_DUE, [count, CLAIM_MS / 1000, full]));
  }

  /** Claims the named deliveries still due and not claimed (this process's trigger's). */
  async claimNamed(ids: string[]): Promise<ClaimedDelivery[]> {
    if (ids.length === 0) return [];
    const rows: ClaimedRow[] = await this.dataSource.query(CLAIM_NAMED, [ids, CLAIM_MS / 1000]);
    const order = new Map(ids.map((id, i) => [id, i]));
    return this.hold(rows.sort((a, b) => order.get(a.delivery_id)! - order.get(b.delivery_id)!));
  }

  private hold(rows: ClaimedRow[]): ClaimedDelivery[] {
    const claimedAt = Date.now();
    // One this process holds already, its claim lapsed while its renewal waited (a busy
    // database): claimed again here, it is still one delivery, sent once.
    const fresh = rows.filter((r) => this.held.get(r.delivery_id)?.attempts !== r.attempts);
    return fresh.map((r) => {
      const d: ClaimedDelivery = {
        deliveryId: r.delivery_id,
        apiKey: r.api_key,
        destination: r.destination,
        endpointId: r.endpoint_id,
        attempts: r.attempts,
        maxAttempts: r.max_attempts,
        storedPayload: r.sealed_payload,
        claimedAt,
        checkedAt: claimedAt,
      };
      this.held.set(d.deliveryId, d);
      return d;
    });
  }

  /** How long until the next planned attempt; undefined when none is planned. */
  async dueInMs(): Promise<number | undefined> {
    const [row]: { ms: number | null }[] = await this.dataSource.query(DUE_IN_MS);
    return row?.ms === null || row?.ms === undefined ? undefined : Math.max(0, Number(row.ms));
  }

  /** Keeps the held deliveries claimed, each at the attempt it was claimed for. */
  async renew(): Promise<void> {
    const held = [...this.held.values()];
    if (held.length === 0) return;
    await this.dataSource.query(RENEW_CLAIMS, [
      held.map((d) => d.deliveryId),
      held.map((d) => d.attempts),
      CLAIM_MS / 1000,
    ]);
  }

  /**
   * Reads claimed deliveries again before they go: those ended since (erased, say) or whose
   * claim lapsed are let go and left out of the answer; one whose payload was erased loses
   * it (it ends without an attempt).
   */
  async stillPending(deliveries: ClaimedDelivery[]): Promise<ClaimedDelivery[]> {
    if (deliveries.length === 0) return [];
    const rows: { delivery_id: string; erased: boolean }[] = await this.dataSource.query(
      STILL_PENDING,
      [deliveries.map((d) => d.deliveryId), deliveries.map((d) => d.attempts)],
    );
    const erased = new Map(rows.map((r) => [r.delivery_id, r.erased]));
    return deliveries.filter((d) => {
      if (!erased.has(d.deliveryId)) {
        this.held.delete(d.deliveryId);
        return false;
      }
      if (erased.get(d.deliveryId)) d.storedPayload = null;
      return true;
    });
  }

  /** Lets deliveries go; released, another instance may take them at once (else they lapse). */
  async release(deliveries: ClaimedDelivery[]): Promise<void> {
    for (const d of deliveries) this.held.delete(d.deliveryId);
    if (deliveries.length === 0) return;
    await this.dataSource
      .query(RELEASE_CLAIMS, [
        deliveries.map((d) => d.deliveryId),
        deliveries.map((d) => d.attempts),
      ])
      .catch(() => undefined);
  }
}
