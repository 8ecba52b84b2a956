import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** Who sends an email: the server's relay (type `default`) or the workspace's SendGrid. */
export type EmailProvider = 'smtp' | 'sendgrid';

/** One planned email, as the planning writes it. */
export interface NewEmailDelivery {
  id: string;
  apiKey: string;
  organizationId: string;
  documentId: string;
  notificationId: string;
  userId: string;
  actorUserIds: string[];
  provider: EmailProvider;
  messageSealed: string;
}

/** An email a worker claimed: it holds it for a send until the lease ends. */
export interface ClaimedEmail {
  id: string;
  apiKey: string;
  provider: EmailProvider;
  messageSealed: string | null;
  /** Attempts counted so far, this one included. */
  attempts: number;
}

/** What came of a claimed email's send. */
export type EmailRecord =
  | { id: string; attempts: number; kind: 'sent'; messageId?: string }
  | { id: string; attempts: number; kind: 'failed'; reason: string }
  | { id: string; attempts: number; kind: 'retry'; reason: string; delayMs: number };

interface ClaimRow {
  id: string;
  api_key: string;
  provider: EmailProvider;
  message_sealed: string | null;
  attempts: number;
}

/**
 * Claims up to $1 due queued emails, oldest first, for $2 seconds, counting the attempt. SKIP
 * LOCKED: two workers claiming at once take different rows; a row held by a lease (a send in
 * flight, a retry not due) is not due.
 */
const CLAIM_DUE = `
  WITH claimed AS (
    UPDATE email_deliveries d
    SET attempts = d.attempts + 1, sending = true, updated_at = now(),
      claimed_until = now() + make_interval(secs => $2::double precision)
    FROM (SELECT id FROM email_deliveries
          WHERE status = 'queued' AND COALESCE(claimed_until, created_at) <= now()
          ORDER BY COALESCE(claimed_until, created_at) LIMIT $1
          FOR UPDATE SKIP LOCKED) c
    WHERE d.id = c.id
    RETURNING d.id, d.api_key, d.provider, d.message_sealed, d.attempts)
  SELECT * FROM claimed`;

/**
 * Locks the rows named in $1 in id order first: RECORD and RENEW statements (of this worker,
 * on two connections, or of another instance) take their row locks in one order, so two of
 * them never deadlock.
 */
const LOCK_IN_ID_ORDER = `
  WITH locked AS MATERIALIZED (SELECT id FROM email_deliveries WHERE id = ANY($1::text[])
    ORDER BY id FOR UPDATE)`;

/**
 * Records outcomes, one row each: sent (the message dropped, the time kept), failed for good
 * (the message dropped) or failed for now (held until its retry is due: $5 seconds). Only a
 * row still queued at the attempt it was claimed for moves: an outcome recorded late (its
 * lease lapsed and another claim took it) or of an erased row changes nothing.
 */
const RECORD = `${LOCK_IN_ID_ORDER}
  UPDATE email_deliveries d
  SET status = CASE o.kind WHEN 'retry' THEN d.status ELSE o.kind END,
    sent_at = CASE o.kind WHEN 'sent' THEN now() ELSE d.sent_at END,
    message_sealed = CASE o.kind WHEN 'retry' THEN d.message_sealed END,
    claimed_until = CASE o.kind
      WHEN 'retry' THEN now() + make_interval(secs => o.delay) END,
    last_error = o.reason,
    provider_message_id = CASE o.kind WHEN 'sent' THEN o.message_id
      ELSE d.provider_message_id END,
    sending = false, updated_at = now()
  FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::double precision[],
    $6::text[]) AS o(id, attempts, kind, reason, delay, message_id), locked
  WHERE d.id = o.id AND d.id = locked.id AND d.attempts = o.attempts AND d.status = 'queued'`;

/** Renews the leases of emails ($1) still sending at the attempts they were claimed for ($2). */
const RENEW = `${LOCK_IN_ID_ORDER}
  UPDATE email_deliveries d
  SET claimed_until = now() + make_interval(secs => $3::double precision)
  FROM unnest($1::text[], $2::int[]) AS h(id, attempts), locked
  WHERE d.id = h.id AND d.id = locked.id AND d.attempts = h.attempts AND d.status = 'queued' AND d.sending`;

/** Lets claims go (a stopping worker's, not sent): another worker may take them at once. */
const RELEASE = `${LOCK_IN_ID_ORDER}
  UPDATE email_deliveries d
  SET attempts = d.attempts - 1, sending = false, claimed_until = NULL
  FROM unnest($1::text[], $2::int[]) AS h(id, attempts), locked
  WHERE d.id = h.id AND d.id = locked.id AND d.attempts = h.attempts AND d.status = 'queued'`;

/**
 * The `email_deliveries` rows (D14.4), the send queue: written by the planning in its
 * transaction, claimed many at a time and recorded many per statement by EmailWorker. A claim
 * is a lease (`claimed_until`, `sending`): only a queued row whose lease is over (or that
 * never had one) can be claimed, and SKIP LOCKED keeps two claims at once apart, so two
 * workers (a second instance) never send one email at once. A temporary failure sets the
 * lease to when the retry is due.
 */
@Injectable()
export class EmailDeliveries {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts the rows not there yet; answers the ids this call inserted. */
  async insert(manager: EntityManager, rows: NewEmailDelivery[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const inserted: { id: string }[] = await manager.query(
      `INSERT INTO email_deliveries (id, api_key, organization_id, document_id, notification_id,
         user_id, actor_user_ids, provider, status, message_sealed, created_at, updated_at)
       SELECT x.id, x.api_key, x.organization_id, x.document_id, x.notification_id, x.user_id,
         ARRAY(SELECT json_array_elements_text(x.actor_user_ids)), x.provider, 'queued',
         x.message_sealed, now(), now()
       FROM json_to_recordset($1::json) AS x(id text, api_key text, organization_id text,
         document_id text, notification_id text, user_id text, actor_user_ids json,
         provider text, message_sealed text)
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [
        JSON.stringify(
          rows.map((r) => ({
            id: r.id,
            api_key: r.apiKey,
            organization_id: r.organizationId,
            document_id: r.documentId,
            notification_id: r.notificationId,
            user_id: r.userId,
            actor_user_ids: r.actorUserIds,
            provider: r.provider,
            message_sealed: r.messageSealed,
          })),
        ),
      ],
    );
    return new Set(inserted.map((r) => r.id));
  }

  /** Claims up to `count` due emails for `leaseMs`, counting the attempt. */
  async claimDue(count: number, leaseMs: number): Promise<ClaimedEmail[]> {
    const rows: ClaimRow[] = await this.dataSource.query(CLAIM_DUE, [count, leaseMs / 1000]);
    return rows.map((r) => ({
      id: r.id,
      apiKey: r.api_key,
      provider: r.provider,
      messageSealed: r.message_sealed,
      attempts: r.attempts,
    }));
  }

  /** Writes outcomes, all in one statement (rows locked in id order). */
  async record(records: EmailRecord[]): Promise<void> {
    if (records.length === 0) return;
    records = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    await this.dataSource.query(RECORD, [
      records.map((r) => r.id),
      records.map((r) => r.attempts),
      records.map((r) => r.kind),
      records.map((r) => (r.kind === 'sent' ? null : r.reason)),
      records.map((r) => (r.kind === 'retry' ? r.delayMs / 1000 : null)),
      records.map((r) => (r.kind === 'sent' ? (r.messageId?.slice(0, 300) ?? null) : null)),
    ]);
  }

  /** Keeps the leases of emails still being sent (`held`: id → attempts; rows locked in id order). */
  async renew(held: Map<string, number>, leaseMs: number): Promise<void> {
    if (held.size === 0) return;
    const ids = [...held.keys()].sort();
    await this.dataSource.query(RENEW, [ids, ids.map((id) => held.get(id)), leaseMs / 1000]);
  }

  /** Lets claimed emails go unsent (their attempt uncounted). */
  async release(emails: ClaimedEmail[]): Promise<void> {
    if (emails.length === 0) return;
    await this.dataSource.query(RELEASE, [emails.map((e) => e.id), emails.map((e) => e.attempts)]);
  }
}
