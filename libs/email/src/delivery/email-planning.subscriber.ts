import { Inject, Injectable } from '@nestjs/common';
import { isEmail } from 'class-validator';
import { Subscriber, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import {
  COMMENT_SOURCE,
  DERIVED_NOTIFICATIONS_ACTOR,
  NotificationAdded,
  NotificationSettingsReader,
  type DigestData,
  type NotificationContent,
} from '@app/notifications';
import {
  AfterCommit,
  APP_CONFIG,
  isPlainObject,
  SecretBox,
  SERVER_SECRETS,
  type AppConfig,
  type ServerSecrets,
} from '@app/platform';
import type { EntityManager } from 'typeorm';
import { EmailConfigReader } from '../application/common/email-config.reader';
import type { EmailSetup } from '../domain/email-setup';
import { unsubscribeKey, unsubscribeUrl } from '../unsubscribe/unsubscribe-link';
import { composeEmail } from './email-composer';
import { EmailDeliveries, type NewEmailDelivery } from './email-deliveries';
import { emailDeliveryIdOf } from './email-delivery';
import { EmailWorker } from './email-worker';

export const EMAIL_PLANNING_SUBSCRIPTION = 'email.planning';

type Shown = NotificationContent & {
  apiKey: string;
  organizationId: string;
  notificationId: string;
};

const groupBy = <T>(items: T[], key: (item: T) => string): Map<string, T[]> => {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
};

/**
 * The users an email may tell of beside its recipient: every `userId` anywhere in the
 * notification (actors, a digest's first and last, the annotation's earlier commenters and
 * tagged users, which SendGrid's template data carries) and its recipients, so erasing any
 * of them finds the row (D14.5).
 */
export function actorUserIdsOf(content: NotificationContent): string[] {
  const ids = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (depth > 32) return;
    if (Array.isArray(value)) for (const v of value) walk(v, depth + 1);
    else if (isPlainObject(value)) {
      if (typeof value.userId === 'string' && value.userId) ids.add(value.userId);
      for (const v of Object.values(value)) walk(v, depth + 1);
    }
  };
  walk(content, 0);
  for (const [userId, on] of Object.entries(content.notifyUsersByUserId)) if (on) ids.add(userId);
  return [...ids];
}

/** The digest a notification's source data holds, or nothing for a single change. */
function digestOf(content: NotificationContent): DigestData | undefined {
  const data = content.notificationSourceData;
  return isPlainObject(data) && isPlainObject(data.batch) && isPlainObject(data.first)
    ? (data as unknown as DigestData)
    : undefined;
}

const strings = (values: unknown[]): string[] =>
  values.filter((v): v is string => typeof v === 'string' && v !== '');

/**
 * The documents a notification tells of: a digest's every folded document (a user's window
 * spans several), else its own.
 */
function documentsOf(content: NotificationContent): string[] {
  const digest = digestOf(content);
  const folded = Array.isArray(digest?.documentIds)
    ? digest.documentIds
    : [digest?.first.documentId, digest?.last?.documentId];
  return [...new Set([content.documentId, ...strings(folded)])];
}

/** The actions a notification tells of: a digest's every folded action, else its own. */
function actionsOf(content: NotificationContent): string[] {
  const digest = digestOf(content);
  const folded = Array.isArray(digest?.actionTypes)
    ? digest.actionTypes
    : [digest?.first.actionType, digest?.last?.actionType];
  return [...new Set(strings([content.actionType, ...folded]))];
}

/**
 * One plain address: what class-validator's isEmail takes, and nothing a header would read as
 * a list or a display name (a comma, a semicolon, angle brackets, quotes, whitespace).
 */
const isSingleAddress = (address: string): boolean =>
  !/[\s,;<>"()]/.test(address) && isEmail(address);

/** Whether a key sends email for this action, and through whom (D14.1, D14.2). */
function providerOf(
  setup: EmailSetup | undefined,
  actionTypes: string[],
  smtpUrl: string | undefined,
): 'smtp' | 'sendgrid' | undefined {
  if (!setup?.useEmailService || !setup.fromEmail) return undefined;
  // A digest goes when any change it folded is an action whose trigger is on.
  if (!actionTypes.some((action) => setup.triggers.has(action))) return undefined;
  if (setup.type === 'default') return smtpUrl ? 'smtp' : undefined;
  if (setup.type === 'sendgrid') return setup.sendgridApiKey ? 'sendgrid' : undefined;
  return undefined;
}

/**
 * Plans the email of derived notifications (D14.3, D14.4): only what the derived-notifications
 * process wrote, never a caller's operation 23. An email goes when a notification made from
 * comments is shown: a `notification-added` without `heldUntil` (a held one is a
 * delay or an open batch window, shown later by another `notification-added`; a digest is
 * one notification, so one email per recipient lists its changes). For a key whose email
 * service is on, with a sender (`default` with SMTP_URL, `sendgrid` with its key), a
 * `fromEmail` and the trigger of an action it tells of (a digest: any it folded): each
 * recipient of the notification whose `email` level is NONE on none of its documents (a
 * user's digest spans several; default MINE, every derived recipient is involved) and whose
 * address is known and one plain address (the notification's, else their user record) gets
 * one email, composed and sealed
 * now. Each is a row written in the checkpoint's transaction (its id from notification and
 * recipient: a replayed event plans nothing twice), the queue EmailWorker is woken for at the
 * commit.
 */
@Subscriber()
@Injectable()
export class EmailPlanningSubscriber implements EventSubscriber {
  readonly subscriptionId = EMAIL_PLANNING_SUBSCRIPTION;
  /** Deployed on a server with history, it emails of what happens from then on. */
  readonly startAt = 'end' as const;
  readonly handles = [NotificationAdded.type];
  private readonly linkKey: Buffer;

  constructor(
    private readonly configs: EmailConfigReader,
    private readonly settings: NotificationSettingsReader,
    private readonly deliveries: EmailDeliveries,
    private readonly worker: EmailWorker,
    private readonly afterCommit: AfterCommit,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SERVER_SECRETS) secrets: ServerSecrets,
  ) {
    this.linkKey = unsubscribeKey(secrets.encryptionKey);
  }

  async handle(events: RecordedEvent[], manager: EntityManager): Promise<void> {
    const shown: Shown[] = [];
    for (const event of events) {
      if (!NotificationAdded.is(event)) continue;
      const { at: _at, ...n } = event.data;
      // Only what the derived-notifications process made: a caller's operation 23 may name
      // the same source, and is not mailed (D14.3).
      if (event.metadata.actor !== DERIVED_NOTIFICATIONS_ACTOR) continue;
      if (n.notificationSource === COMMENT_SOURCE && n.heldUntil === undefined) shown.push(n);
    }
    if (shown.length === 0) return;
    const setups = await this.configs.read(manager, [...new Set(shown.map((n) => n.apiKey))]);
    const wanted = shown
      .map((n) => ({
        n,
        provider: providerOf(setups.get(n.apiKey), actionsOf(n), this.config.smtpUrl),
      }))
      .filter((w) => w.provider !== undefined);
    if (wanted.length === 0) return;

    const rows: NewEmailDelivery[] = [];
    const byOrganization = groupBy(wanted, ({ n }) => JSON.stringify([n.apiKey, n.organizationId]));
    for (const group of byOrganization.values()) {
      const { apiKey, organizationId } = group[0].n;
      const setup = setups.get(apiKey)!;
      const documents = await this.documents(manager, apiKey, organizationId, [
        ...new Set(group.map(({ n }) => n.documentId)),
      ]);
      const addressed = (n: Shown) =>
        Object.entries(n.notifyUsersByUserId)
          .filter(([, on]) => on === true)
          .map(([userId]) => userId);
      // Who turned email off (NONE) on a document: a recipient is dropped when it is off on
      // any document the notification tells of (a user's digest spans several).
      const off = new Map<string, Set<string>>();
      const byDocument = new Map<string, Set<string>>();
      for (const { n } of group) {
        for (const documentId of documentsOf(n)) {
          const users = byDocument.get(documentId) ?? new Set<string>();
          for (const userId of addressed(n)) users.add(userId);
          byDocument.set(documentId, users);
        }
      }
      for (const [documentId, users] of byDocument) {
        const levels = await this.settings.levels(
          manager,
          apiKey,
          organizationId,
          documentId,
          [...users],
          'email',
        );
        off.set(
          documentId,
          new Set([...users].filter((u) => (levels.get(u) ?? 'MINE') === 'NONE')),
        );
      }
      const recipients = new Map<Shown, string[]>();
      for (const { n } of group) {
        const docs = documentsOf(n);
        recipients.set(
          n,
          addressed(n).filter((userId) => !docs.some((d) => off.get(d)?.has(userId))),
        );
      }
      const unknown = group.flatMap(({ n }) =>
        (recipients.get(n) ?? []).filter((u) => !n.recipientEmails?.[u]),
      );
      const known = await this.addresses(manager, apiKey, organizationId, [...new Set(unknown)]);
      for (const { n, provider } of group) {
        const document = documents.get(n.documentId);
        for (const userId of recipients.get(n) ?? []) {
          const to =
            (Object.hasOwn(n.recipientEmails ?? {}, userId) && n.recipientEmails![userId]) ||
            known.get(userId);
          // Not one plain address ("bob@x, evil@y.com" would reach y.com): no email.
          if (!to || !isSingleAddress(to)) continue;
          const link = unsubscribeUrl(this.config.publicUrl, this.linkKey, {
            apiKey,
            organizationId,
            documentId: n.documentId,
            userId,
          });
          const email = composeEmail({
            setup,
            content: n,
            to,
            userId,
            documentName: document?.name || n.location?.locationName || n.documentId,
            ...(document && { documentMetadata: document.metadata }),
            unsubscribeUrl: link,
          });
          rows.push({
            id: emailDeliveryIdOf(apiKey, n.notificationId, userId),
            apiKey,
            organizationId,
            documentId: n.documentId,
            notificationId: n.notificationId,
            userId,
            actorUserIds: actorUserIdsOf(n).filter((id) => id !== userId),
            provider: provider!,
            messageSealed: this.box.seal(JSON.stringify(email)),
          });
        }
      }
    }
    const made = await this.deliveries.insert(manager, rows);
    if (made.size === 0) return;
    this.afterCommit.run(manager, async () => this.worker.wake());
  }

  /** The documents' names and metadata (the documents read model), by id. */
  private async documents(
    manager: EntityManager,
    apiKey: string,
    organizationId: string,
    documentIds: string[],
  ): Promise<Map<string, { name: string; metadata: Record<string, unknown> }>> {
    const rows: { document_id: string; document_name: string; metadata: unknown }[] =
      await manager.query(
        `SELECT document_id, document_name, metadata FROM documents
         WHERE api_key = $1 AND organization_id = $2 AND document_id = ANY($3::text[])`,
        [apiKey, organizationId, documentIds],
      );
    return new Map(
      rows.map((r) => [
        r.document_id,
        {
          name: r.document_name,
          metadata: {
            ...(isPlainObject(r.metadata) ? r.metadata : {}),
            documentId: r.document_id,
            documentName: r.document_name,
          },
        },
      ]),
    );
  }

  /**
   * The emails of users the notification gives none for, from their user records (the users
   * read model): the organization's record first, else any of theirs in it.
   */
  private async addresses(
    manager: EntityManager,
    apiKey: string,
    organizationId: string,
    userIds: string[],
  ): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows: { user_id: string; email: string }[] = await manager.query(
      `SELECT DISTINCT ON (user_id) user_id, email FROM users
       WHERE api_key = $1 AND organization_id = $2 AND user_id = ANY($3::text[]) AND email <> ''
       ORDER BY user_id, (scope_type = 'organization') DESC, last_updated DESC`,
      [apiKey, organizationId, userIds],
    );
    return new Map(rows.map((r) => [r.user_id, r.email]));
  }
}
