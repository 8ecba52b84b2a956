import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageTokens, type Page } from '@app/platform';
import { DataSource } from 'typeorm';
import { GetEmailDeliveriesQuery, type EmailLogEntry } from './get-email-deliveries.query';

interface EmailLogRow {
  id: string;
  notification_id: string;
  organization_id: string;
  document_id: string;
  user_id: string;
  provider: string;
  status: string;
  attempts: number;
  last_error: string | null;
  /** ISO 8601 UTC with microseconds: the page position keeps what epoch ms would lose. */
  created_at_text: string;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
}

/** Where a page ends: the last row's creation time (timestamptz text) and id. */
type Position = [string, string];

const ms = (d: Date | string) => new Date(d).getTime();

/** A position's time as text whatever the session's DateStyle, read back exactly. */
const ISO_MICROSECONDS = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

/**
 * Reads the email log from `email_deliveries` on its (api_key, created_at DESC, id DESC)
 * index: the key's rows only, whatever the filters say.
 */
@QueryHandler(GetEmailDeliveriesQuery)
export class GetEmailDeliveriesHandler implements IQueryHandler<GetEmailDeliveriesQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  async execute(query: GetEmailDeliveriesQuery): Promise<Page<EmailLogEntry>> {
    const { tenant, filter: f } = query;
    // The page token is bound to this list of filters (in this order).
    const filter = [f.status, f.userId, f.notificationId, f.documentId, f.organizationId];
    const read = this.tokens.read<Position>(
      'email-deliveries',
      tenant.apiKey,
      filter,
      query.pageSize,
      query.pageToken,
      'pageToken',
    );
    const [afterTime, afterId] = read.after ?? [null, null];
    const rows: EmailLogRow[] = await this.dataSource.query(
      `SELECT id, notification_id, organization_id, document_id, user_id, provider, status,
         attempts, last_error, to_char(created_at AT TIME ZONE 'UTC', $10) AS created_at_text,
         created_at, updated_at, sent_at
       FROM email_deliveries
       WHERE api_key = $1
         AND ($2::text IS NULL OR status = $2)
         AND ($3::text IS NULL OR user_id = $3)
         AND ($4::text IS NULL OR notification_id = $4)
         AND ($5::text IS NULL OR document_id = $5)
         AND ($6::text IS NULL OR organization_id = $6)
         AND ($7::timestamptz IS NULL OR (created_at, id) < ($7::timestamptz, $8::text))
       ORDER BY created_at DESC, id DESC
       LIMIT $9`,
      [
        tenant.apiKey,
        ...filter.map((v) => v ?? null),
        afterTime,
        afterId,
        read.limit,
        ISO_MICROSECONDS,
      ],
    );
    return read.page(
      rows,
      (r): Position => [r.created_at_text, r.id],
      (r) => ({
        id: r.id,
        notificationId: r.notification_id,
        organizationId: r.organization_id,
        documentId: r.document_id,
        userId: r.user_id,
        provider: r.provider,
        status: r.status,
        attempts: r.attempts,
        lastError: r.last_error,
        createdAt: ms(r.created_at),
        updatedAt: ms(r.updated_at),
        sentAt: r.sent_at ? ms(r.sent_at) : null,
      }),
    );
  }
}
