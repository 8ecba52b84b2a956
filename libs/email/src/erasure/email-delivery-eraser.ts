import { Injectable } from '@nestjs/common';
import { Identities } from '@app/collaboration';
import { SubscriptionRunner } from '@app/event-store';
import {
  Eraser,
  SecretBox,
  type ErasureFootprint,
  type ErasureSubject,
  type UserDataEraser,
} from '@app/platform';
import { DataSource } from 'typeorm';
import { EMAIL_PLANNING_SUBSCRIPTION } from '../delivery/email-planning.subscriber';

export const EMAIL_DELIVERIES_KIND = 'email-deliveries';

/**
 * Erases users from planned and logged emails (D14.5), one organization at a time:
 * - an email to one of them goes, row and all: its job then finds no row and sends nothing;
 * - a queued email to someone else that tells of them (they acted: `actor_user_ids`; or its
 *   sealed message names them by id, name or email) is not sent: status `erased`, message
 *   gone;
 * - they leave `actor_user_ids` of every row.
 * Sent and failed rows hold no message (it goes when they are recorded), only ids, times and
 * a short reason, so nothing else of the users is left. Running it again changes nothing.
 * Identity stage, after the planner has caught up: the data tasks (notifications among them)
 * have erased the users from the log the planner reads, so no email telling of them is
 * planned after this pass. A send already under way when this runs may still go out (its
 * message was opened before); it is recorded, without the users, like the others.
 */
@Injectable()
@Eraser()
export class EmailDeliveryEraser implements UserDataEraser {
  readonly kinds = [EMAIL_DELIVERIES_KIND];
  readonly stage = 'identity';

  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly subscriptions: SubscriptionRunner,
  ) {}

  async locate(apiKey: string, userIds: string[]): Promise<ErasureFootprint> {
    const rows: { organization_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT organization_id FROM email_deliveries
       WHERE api_key = $1 AND (user_id = ANY($2::text[]) OR actor_user_ids && $2::text[])`,
      [apiKey, userIds],
    );
    return { organizations: rows.map((r) => r.organization_id) };
  }

  async erase(_kind: string, subject: ErasureSubject): Promise<number> {
    const { apiKey, organizationId, userIds } = subject;
    // Throwing retries the task later (the job's own retry).
    if (!(await this.subscriptions.isCaughtUp(EMAIL_PLANNING_SUBSCRIPTION))) {
      throw new Error('waiting for the email planner to catch up');
    }
    const who = new Identities(userIds, subject.words);
    return this.dataSource.transaction(async (m) => {
      // Every row this erasure may change, locked first and in id order, the order the send
      // worker's outcome and lease writes lock theirs: the two never deadlock.
      await m.query(
        `SELECT id FROM email_deliveries
         WHERE api_key = $1 AND organization_id = $2
           AND (user_id = ANY($3::text[]) OR status = 'queued' OR actor_user_ids && $3::text[])
         ORDER BY id FOR UPDATE`,
        [apiKey, organizationId, userIds],
      );
      const deleted: { id: string }[] = await m.query(
        `DELETE FROM email_deliveries
         WHERE api_key = $1 AND organization_id = $2 AND user_id = ANY($3::text[])
         RETURNING id`,
        [apiKey, organizationId, userIds],
      );
      const queued: { id: string; message_sealed: string; named: boolean }[] = await m.query(
        `SELECT id, message_sealed, actor_user_ids && $3::text[] AS named
         FROM email_deliveries
         WHERE api_key = $1 AND organization_id = $2 AND status = 'queued'
           AND message_sealed IS NOT NULL`,
        [apiKey, organizationId, userIds],
      );
      const stopped = queued
        .filter((r) => r.named || this.names(who, r.message_sealed))
        .map((r) => r.id);
      if (stopped.length > 0) {
        await m.query(
          `UPDATE email_deliveries
           SET status = 'erased', message_sealed = NULL, updated_at = now()
           WHERE id = ANY($1::text[])`,
          [stopped],
        );
      }
      const left: { id: string }[] = await m.query(
        `UPDATE email_deliveries
         SET actor_user_ids = ARRAY(
           SELECT a FROM unnest(actor_user_ids) AS a WHERE NOT (a = ANY($3::text[])))
         WHERE api_key = $1 AND organization_id = $2 AND actor_user_ids && $3::text[]
         RETURNING id`,
        [apiKey, organizationId, userIds],
      );
      return new Set([...deleted, ...left].map((r) => r.id).concat(stopped)).size;
    });
  }

  /** Whether a sealed message names one of the users anywhere (address, texts, template data). */
  private names(who: Identities, sealed: string): boolean {
    const text = this.box.open(sealed);
    return who.scrub(text) !== text;
  }
}
