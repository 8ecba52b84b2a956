import { isPlainObject } from '@app/platform';
import { recipientsOf, type CommentAnnotation } from '@app/collaboration';
import type { NotificationContent } from '@app/notifications';
import type { EmailSetup } from '../domain/email-setup';
import type { OutgoingEmail } from './outgoing-email';
import { sendgridTemplateData } from './sendgrid-template-data';
import { builtInEmail } from './templates/built-in-email';

/** What one recipient's email of one notification is made from. */
export interface EmailDraft {
  setup: EmailSetup;
  content: NotificationContent;
  to: string;
  userId: string;
  documentName: string;
  documentMetadata?: Record<string, unknown>;
  unsubscribeUrl: string;
}

const isAnnotation = (v: unknown): v is CommentAnnotation =>
  isPlainObject(v) && typeof v.annotationId === 'string' && Array.isArray(v.comments);

/** The annotation after the change told of (a digest's: its last change's). */
function annotationOf(content: NotificationContent): CommentAnnotation | undefined {
  const data = content.notificationSourceData;
  if (isAnnotation(data)) return data;
  const last =
    isPlainObject(data) && isPlainObject(data.last) ? data.last.notificationSourceData : undefined;
  return isAnnotation(last) ? last : undefined;
}

/** Actions whose new comment may tag someone. */
const ADDS = new Set(['comment.add', 'comment_annotation.add']);

/**
 * Whether the recipient was @mentioned (tagged) by the change told of: the new comment (the
 * thread's last) tags them. `tagTemplateId` serves them (D14.2).
 */
export function isTagged(content: NotificationContent, userId: string): boolean {
  const annotation = annotationOf(content);
  const comment = annotation?.comments.at(-1);
  if (!annotation || !comment || !ADDS.has(content.actionType ?? '')) return false;
  return recipientsOf(annotation, {
    actionUserId: content.actionUser?.userId,
    targetComment: comment,
  }).some((r) => r.userId === userId && r.reason === 'tagged');
}

/** A display name for a header: one line, no quotes or angle brackets to confuse a parser. */
const displayName = (value: string) =>
  value
    .replace(/[\r\n\t"<>]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .slice(0, 120);

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/**
 * One recipient's email (D14.2, D14.3): from `fromEmail`, named "<actor> via <fromCompany>"
 * as hosted does (or either alone), a reply going to the actor when their email is known (the
 * company alone and no Reply-To when the recipient is the actor); the
 * built-in texts, and for SendGrid the dynamic template (`tagTemplateId` for a tagged
 * recipient when set, else `commentTemplateId`) with the hosted template data; the unsubscribe
 * link in the body and as `List-Unsubscribe` for one-click unsubscribe (RFC 8058).
 */
export function composeEmail(draft: EmailDraft): OutgoingEmail {
  const { setup, content, documentName, unsubscribeUrl } = draft;
  const texts = builtInEmail({
    content,
    documentName,
    fromCompany: setup.fromCompany,
    unsubscribeUrl,
  });
  const actor = content.actionUser;
  const actorEmail = text(actor?.email);
  // Someone told of their own change (a digest's last change may be theirs): the email comes
  // from the company alone, with no Reply-To to themselves.
  const own =
    (actor?.userId !== undefined && actor.userId === draft.userId) ||
    (actorEmail !== undefined && actorEmail.toLowerCase() === draft.to.toLowerCase());
  const actorName = own ? undefined : text(actor?.name);
  const company = displayName(setup.fromCompany);
  const name = displayName(
    actorName && company ? `${actorName} via ${company}` : (actorName ?? company),
  );
  const replyTo = own ? undefined : actorEmail;
  const email: OutgoingEmail = {
    to: { email: draft.to },
    from: { email: setup.fromEmail, ...(name && { name }) },
    ...(replyTo && { replyTo }),
    ...texts,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
  if (setup.type !== 'sendgrid') return email;
  const tagged = isTagged(content, draft.userId);
  const templateId = (tagged && setup.tagTemplateId) || setup.commentTemplateId;
  if (!templateId) return email;
  return {
    ...email,
    templateId,
    templateData: sendgridTemplateData({
      content,
      subject: texts.subject,
      unsubscribeUrl,
      ...(draft.documentMetadata && { documentMetadata: draft.documentMetadata }),
    }),
  };
}
