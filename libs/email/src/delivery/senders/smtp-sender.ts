import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { APP_CONFIG, loadOnce, type AppConfig } from '@app/platform';
import type { OutgoingEmail, EmailSendOutcome } from '../outgoing-email';

/** Connections the pool keeps open to the relay at most. */
const MAX_CONNECTIONS = 10;
/** How long a connection, a greeting or a reply may take before the send is given up (for now). */
const TIMEOUT_MS = 30_000;

/** What nodemailer rejects with: the SMTP reply's code, or a connection error's code. */
interface SmtpFailure {
  responseCode?: unknown;
  code?: unknown;
  /** The SMTP phase that failed (`CONN`, `AUTH PLAIN`, `MAIL FROM`, `RCPT TO`, `DATA`). */
  command?: unknown;
}

/** Nodemailer, loaded with the first transport (tried again if the load failed). */
const loadNodemailer = loadOnce(() => import('nodemailer'));

/**
 * The phases whose 5xx reply is about this message (an unknown mailbox, content refused).
 * A 5xx anywhere else (the greeting, a login refused, the sender refused) is about the
 * relay's set-up, the same for every email: tried again, so that fixing SMTP_URL or the
 * relay in the meantime sends them.
 */
const MESSAGE_PHASES = new Set(['RCPT TO', 'DATA']);

/** An address as nodemailer takes it (`address`, not `email`). */
const addressOf = ({ email, name }: { email: string; name?: string }) => ({
  address: email,
  name: name ?? '',
});

/** Errors nodemailer raises about the message itself: trying again changes nothing. */
const MESSAGE_ERRORS = new Set(['EENVELOPE', 'EMESSAGE']);

/**
 * The outcome of a failed send. A reply code decides: 4xx is temporary (a greylisting relay,
 * a full queue), 5xx to the recipient or the message permanent (no such mailbox, refused),
 * 5xx in another phase temporary (see MESSAGE_PHASES). Without a reply the connection
 * failed (refused, reset, timed out, TLS): temporary, unless nodemailer refused the message
 * itself. The reason is the code, never the reply's text (it may quote an address).
 */
export function smtpFailure(error: unknown): EmailSendOutcome {
  const { responseCode, code, command } = (error ?? {}) as SmtpFailure;
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode < 600) {
    const phase = typeof command === 'string' && /^[A-Z0-9 -]{2,20}$/.test(command) ? command : '';
    const permanent = responseCode >= 500 && (phase === '' || MESSAGE_PHASES.has(phase));
    return {
      sent: false,
      temporary: !permanent,
      reason: phase ? `SMTP ${responseCode} at ${phase}` : `SMTP ${responseCode}`,
    };
  }
  const name = typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : 'failed';
  return { sent: false, temporary: !MESSAGE_ERRORS.has(name), reason: `SMTP ${name}` };
}

/**
 * Sends through the server's SMTP relay (SMTP_URL, D14.2) with nodemailer: one pooled
 * transport made on first use and closed at shutdown, after EmailWorker has let its sends
 * end. Nodemailer is loaded with it, not at start: a server without a relay never needs it.
 * Nothing here logs: the caller records the outcome.
 */
@Injectable()
export class SmtpSender implements OnApplicationShutdown {
  private transport?: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async send(email: OutgoingEmail): Promise<EmailSendOutcome> {
    if (!this.config.smtpUrl)
      return { sent: false, temporary: true, reason: 'SMTP not configured' };
    const transport = await this.transportOf(this.config.smtpUrl);
    try {
      const info = (await transport.sendMail({
        from: addressOf(email.from),
        to: addressOf(email.to),
        ...(email.replyTo && { replyTo: email.replyTo }),
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers,
      })) as { messageId?: unknown };
      return {
        sent: true,
        ...(typeof info.messageId === 'string' && { messageId: info.messageId }),
      };
    } catch (error) {
      return smtpFailure(error);
    }
  }

  onApplicationShutdown(): void {
    this.transport?.close();
    this.transport = undefined;
  }

  /** The one pooled transport, made on the first send (sends at once share it). */
  private async transportOf(url: string): Promise<Transporter> {
    const { createTransport } = await loadNodemailer();
    return (this.transport ??= createTransport({
      url,
      pool: true,
      maxConnections: MAX_CONNECTIONS,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
      logger: false,
      debug: false,
    }));
  }
}
