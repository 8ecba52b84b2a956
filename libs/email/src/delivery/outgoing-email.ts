/** One email as a sender sends it; built when it is planned and kept sealed until sent. */
export interface OutgoingEmail {
  to: { email: string; name?: string };
  from: { email: string; name?: string };
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post` (one click, RFC 8058). */
  headers: Record<string, string>;
  /** SendGrid: the dynamic template and its data (the hosted template data). */
  templateId?: string;
  templateData?: Record<string, unknown>;
}

/**
 * What a send came to. `temporary` failures (SMTP 4xx, a connection that failed, SendGrid
 * 429/5xx) are tried again later; the others (SMTP 5xx, SendGrid 4xx) are recorded as failed.
 * `reason` is short and never holds an address or a body: `SMTP 550`, `SendGrid 429`.
 */
export type EmailSendOutcome =
  { sent: true; messageId?: string } | { sent: false; temporary: boolean; reason: string };
