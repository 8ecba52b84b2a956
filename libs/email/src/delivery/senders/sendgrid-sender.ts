import { Inject, Injectable } from '@nestjs/common';
import type { MailDataRequired, MailService as SendGridMailService } from '@sendgrid/mail';
import { APP_CONFIG, type AppConfig } from '@app/platform';
import type { OutgoingEmail, EmailSendOutcome } from '../outgoing-email';

/** How long one call to SendGrid may take before it counts as a temporary failure. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The HTTP client a MailService holds (`@sendgrid/client`); its typings leave it out. Only
 * the default request's base URL and the Authorization header are set here.
 */
interface SendGridClient {
  setDefaultRequest(key: 'baseUrl', value: string): unknown;
  setDefaultHeader(key: 'Authorization', value: string): unknown;
}

/** What a failed call rejects with: a ResponseError (`code` is the HTTP status) or a network error. */
interface SendFailure {
  code?: unknown;
}

/**
 * The outcome of a failure. 429 and 5xx are temporary, as is any failure without an HTTP
 * answer (refused, reset, timed out); other 4xx (a bad key, a sender SendGrid has not
 * verified, a template that does not exist) will not change by trying again. The reason is
 * the status or the network code, never the answer's body (it may quote an address).
 */
export function sendgridFailure(error: unknown): EmailSendOutcome {
  const code = (error as SendFailure | null)?.code;
  if (typeof code === 'number') {
    const temporary = code === 429 || code >= 500;
    return { sent: false, temporary, reason: `SendGrid ${code}` };
  }
  const network = typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : 'failed';
  return { sent: false, temporary: true, reason: `SendGrid ${network}` };
}

/** The v3 mail/send request of one email: a dynamic template and its data, or the texts. */
export function sendgridMail(email: OutgoingEmail): MailDataRequired {
  const common = {
    to: email.to,
    from: email.from,
    ...(email.replyTo && { replyTo: email.replyTo }),
    headers: email.headers,
    // The library would console.warn for a value holding ', " or & (nothing here logs but
    // through the logger; the template decides how it escapes).
    hideWarnings: true,
  };
  return email.templateId
    ? {
        ...common,
        templateId: email.templateId,
        dynamicTemplateData: email.templateData ?? {},
      }
    : { ...common, subject: email.subject, text: email.text, html: email.html };
}

/**
 * Sends through SendGrid's v3 API with the workspace's own key (D14.2), using the official
 * `@sendgrid/mail`. A MailService per call: each holds one key, and calls for many keys run
 * at once. The base URL comes from the configuration (SENDGRID_BASE_URL), so a test or a
 * regional endpoint can stand in for api.sendgrid.com. Nothing here logs: the caller records
 * the outcome, whose reason holds no address, body or key. The library is loaded on the first
 * send, not at start: a server that sends no email through SendGrid never needs it.
 */
@Injectable()
export class SendGridSender {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async send(apiKey: string, email: OutgoingEmail): Promise<EmailSendOutcome> {
    // The class is a named export at run time; the typings declare the module as one instance.
    const { MailService } = (await import('@sendgrid/mail')) as unknown as {
      MailService: typeof SendGridMailService;
    };
    const service = new MailService();
    const client = (service as unknown as { client: SendGridClient }).client;
    // The header rather than setApiKey, which console.warns for a key not starting "SG." and
    // puts back the global base URL.
    client.setDefaultHeader('Authorization', `Bearer ${apiKey}`);
    client.setDefaultRequest('baseUrl', `${this.config.sendgridBaseUrl.replace(/\/+$/, '')}/`);
    service.setTimeout(REQUEST_TIMEOUT_MS);
    try {
      const [response] = await service.send(sendgridMail(email));
      const messageId = response.headers['x-message-id'] as unknown;
      return { sent: true, ...(typeof messageId === 'string' && { messageId }) };
    } catch (error) {
      return sendgridFailure(error);
    }
  }
}
