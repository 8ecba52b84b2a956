import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Counter } from 'prom-client';
import { DataSource } from 'typeorm';
import {
  APP_CONFIG,
  JobHandler,
  Metrics,
  RetryJobLater,
  SecretBox,
  type AppConfig,
  type JobRun,
} from '@app/platform';
import { EmailConfigReader } from '../application/common/email-config.reader';
import { EmailDeliveries, type EmailProvider } from './email-deliveries';
import {
  EMAIL_MAX_ATTEMPTS,
  EMAIL_SEND_JOB,
  emailRetryDelayMs,
  type EmailSendJobData,
} from './email-delivery';
import type { OutgoingEmail, EmailSendOutcome } from './outgoing-email';
import { SendGridSender } from './senders/sendgrid-sender';
import { SmtpSender } from './senders/smtp-sender';

/**
 * How long a run holds an email it sends: longer than a send may take (the SMTP timeouts,
 * SendGrid's), so a second run waits rather than sends it too. A process killed while it
 * held one leaves it to be sent again after this. EMAIL_RETRY_SCALE scales it with the
 * backoff, never below the floor.
 */
const SEND_LEASE_MS = 120_000;
const SEND_LEASE_FLOOR_MS = 5_000;

/** Sends by what came of them (Prometheus). */
export const EMAIL_SENDS_METRIC = 'collab_email_sends_total';

/**
 * Sends one planned email (D14.4): claims its row (a lease, in one statement), opens the
 * sealed message, sends it through the relay or SendGrid, and records the outcome: sent (the
 * message dropped), failed for good (a permanent refusal, or the last of EMAIL_MAX_ATTEMPTS
 * attempts), or failed for now (tried again after a doubling backoff scaled by
 * EMAIL_RETRY_SCALE). A row already sent, failed or erased is done; one another run holds is
 * looked at again when its lease ends. Logs name the row, never an address or a body.
 */
@Injectable()
export class EmailSenderJob {
  private readonly logger = new Logger('EmailSender');
  private readonly sends?: Counter<'outcome'>;

  constructor(
    private readonly deliveries: EmailDeliveries,
    private readonly smtp: SmtpSender,
    private readonly sendgrid: SendGridSender,
    private readonly configs: EmailConfigReader,
    private readonly box: SecretBox,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() metrics?: Metrics,
  ) {
    this.sends =
      metrics &&
      new Counter({
        name: EMAIL_SENDS_METRIC,
        help: 'Email sends by outcome: sent, retry (failed for now) or failed (for good)',
        labelNames: ['outcome'] as const,
        registers: [metrics.registry],
      });
  }

  @JobHandler(EMAIL_SEND_JOB)
  async send({ data }: JobRun<EmailSendJobData>): Promise<void> {
    const { deliveryId } = data;
    const leaseMs = Math.max(SEND_LEASE_FLOOR_MS, SEND_LEASE_MS * this.config.emailRetryScale);
    const claim = await this.deliveries.claim(deliveryId, leaseMs);
    if (claim.kind === 'done') return;
    if (claim.kind === 'busy') throw new RetryJobLater(claim.waitMs + 100, false);
    if (claim.messageSealed === null) {
      await this.deliveries.failed(deliveryId, 'no message');
      return;
    }
    const email = JSON.parse(this.box.open(claim.messageSealed)) as OutgoingEmail;
    const outcome = await this.deliver(claim.apiKey, claim.provider, email);
    if (outcome.sent) {
      await this.deliveries.sent(deliveryId, outcome.messageId);
      this.sends?.inc({ outcome: 'sent' });
      return;
    }
    if (!outcome.temporary || claim.attempts >= EMAIL_MAX_ATTEMPTS) {
      await this.deliveries.failed(deliveryId, outcome.reason);
      this.sends?.inc({ outcome: 'failed' });
      this.logger.warn({
        msg: 'email failed',
        deliveryId,
        reason: outcome.reason,
        attempts: claim.attempts,
      });
      return;
    }
    const delayMs = emailRetryDelayMs(claim.attempts, this.config.emailRetryScale);
    await this.deliveries.retryLater(deliveryId, outcome.reason, delayMs);
    this.sends?.inc({ outcome: 'retry' });
    throw new RetryJobLater(delayMs, true, `email will be retried: ${outcome.reason}`);
  }

  private async deliver(
    apiKey: string,
    provider: EmailProvider,
    email: OutgoingEmail,
  ): Promise<EmailSendOutcome> {
    if (provider === 'smtp') return this.smtp.send(email);
    // The workspace's SendGrid key as it is now (rotated or removed since the email was planned).
    const setup = (await this.configs.read(this.dataSource.manager, [apiKey])).get(apiKey);
    if (!setup?.sendgridApiKey) return { sent: false, temporary: false, reason: 'SendGrid no key' };
    return this.sendgrid.send(setup.sendgridApiKey, email);
  }
}
