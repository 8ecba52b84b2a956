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

/** What a run may do with an email: send it (it holds it now), wait, or nothing (done). */
export type EmailClaim =
  | {
      kind: 'claimed';
      apiKey: string;
      provider: EmailProvider;
      messageSealed: string | null;
      attempts: number;
    }
  | { kind: 'busy'; waitMs: number }
  | { kind: 'done' };

interface ClaimRow {
  claimed: boolean;
  api_key: string;
  provider: EmailProvider;
  message_sealed: string | null;
  attempts: number;
  wait_ms: number | string | null;
}

/**
 * The `email_deliveries` rows (D14.4): written by the planning in its transaction, claimed and
 * recorded by the send job. A claim is a lease (`claimed_until`): only a queued row whose
 * lease is over (or that never had one) can be claimed, in one statement, so two runs of one
 * job (a second instance, a retry dispatched twice) never send one email at once. A temporary
 * failure sets the lease to when the retry is due.
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

  /** Claims a queued email for `leaseMs` and counts the attempt; else says why not. */
  async claim(id: string, leaseMs: number): Promise<EmailClaim> {
    const rows: ClaimRow[] = await this.dataSource.query(
      `WITH claimed AS (
         UPDATE email_deliveries
         SET attempts = attempts + 1, updated_at = now(),
           claimed_until = now() + make_interval(secs => $2::double precision)
         WHERE id = $1 AND status = 'queued' AND (claimed_until IS NULL OR claimed_until <= now())
         RETURNING api_key, provider, message_sealed, attempts)
       SELECT true AS claimed, api_key, provider, message_sealed, attempts, NULL AS wait_ms
       FROM claimed
       UNION ALL
       SELECT false, api_key, provider, NULL, attempts,
         GREATEST(0, EXTRACT(EPOCH FROM claimed_until - now()) * 1000)
       FROM email_deliveries
       WHERE id = $1 AND status = 'queued' AND NOT EXISTS (SELECT 1 FROM claimed)`,
      [id, leaseMs / 1000],
    );
    const row = rows[0];
    if (!row) return { kind: 'done' };
    if (!row.claimed) return { kind: 'busy', waitMs: Math.ceil(Number(row.wait_ms ?? 0)) };
    return {
      kind: 'claimed',
      apiKey: row.api_key,
      provider: row.provider,
      messageSealed: row.message_sealed,
      attempts: row.attempts,
    };
  }

  /** Sent: the message is dropped, the time kept. */
  async sent(id: string, providerMessageId?: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE email_deliveries SET status = 'sent', sent_at = now(), updated_at = now(),
         message_sealed = NULL, claimed_until = NULL, last_error = NULL,
         provider_message_id = $2
       WHERE id = $1 AND status = 'queued'`,
      [id, providerMessageId?.slice(0, 300) ?? null],
    );
  }

  /** Failed for good (a permanent refusal, or the last attempt): the message is dropped. */
  async failed(id: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE email_deliveries SET status = 'failed', updated_at = now(), message_sealed = NULL,
         claimed_until = NULL, last_error = $2
       WHERE id = $1 AND status = 'queued'`,
      [id, reason],
    );
  }

  /** Failed for now: held (no claim) until the retry is due. */
  async retryLater(id: string, reason: string, delayMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE email_deliveries SET updated_at = now(), last_error = $2,
         claimed_until = now() + make_interval(secs => $3::double precision)
       WHERE id = $1 AND status = 'queued'`,
      [id, reason, delayMs / 1000],
    );
  }
}
