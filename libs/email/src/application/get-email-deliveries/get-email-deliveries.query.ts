import { QueryOf, type Page } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

/** What a row of the email log can say of its email (D14.4). */
export const EMAIL_LOG_STATUSES = ['queued', 'sent', 'failed', 'erased'] as const;

/** Filters of the email log, all optional, all exact. */
export interface EmailLogFilter {
  status?: string;
  userId?: string;
  notificationId?: string;
  documentId?: string;
  organizationId?: string;
}

/** One email as the log shows it: its state and times, never its address or body. */
export interface EmailLogEntry {
  id: string;
  notificationId: string;
  organizationId: string;
  documentId: string;
  /** The recipient. */
  userId: string;
  provider: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
}

/** `POST /v2/workspace/email/deliveries/get`: the key's emails, newest first, keyset pages. */
export class GetEmailDeliveriesQuery extends QueryOf<
  { tenant: ApiKeyTenant; filter: EmailLogFilter; pageSize: number; pageToken?: string },
  Page<EmailLogEntry>
>() {}
