import { isPlainObject } from '@app/platform';
import type { Comment, CommentAnnotation } from '@app/collaboration';
import type { NotificationContent, NotificationUser } from '@app/notifications';

/** What the SendGrid template data is made from: one derived notification and its email. */
export interface SendGridTemplateInput {
  content: NotificationContent;
  /** The subject the email carries (hosted `subject`). */
  subject: string;
  /** The recipient's signed unsubscribe link (this server's addition to the hosted fields). */
  unsubscribeUrl: string;
  /** The document's metadata as stored (hosted `documentMetadata`), when known. */
  documentMetadata?: Record<string, unknown>;
}

const isAnnotation = (v: unknown): v is CommentAnnotation =>
  isPlainObject(v) && typeof v.annotationId === 'string' && Array.isArray(v.comments);

/**
 * The annotation a notification is about: its source data, or a digest's last change's
 * (a digest keeps `{ batch, first, last, recipients }` there). Undefined when a caller
 * replaced the source data with something else (the hosted update allows it).
 */
function annotationOf(content: NotificationContent): CommentAnnotation | undefined {
  const data = content.notificationSourceData;
  if (isAnnotation(data)) return data;
  const last =
    isPlainObject(data) && isPlainObject(data.last) ? data.last.notificationSourceData : undefined;
  return isAnnotation(last) ? last : undefined;
}

/** A comment as the hosted template data shows it: only `commentId`, `commentText`, `from`. */
const commentOf = (c: Comment | undefined) =>
  c && { commentId: c.commentId, commentText: c.commentText, from: c.from };

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** Only an http(s) URL reaches a template's link (as the built-in email's): never `javascript:`. */
const webUrl = (v: unknown): string | undefined =>
  typeof v === 'string' && /^https?:\/\/[^\s]+$/i.test(v) ? v : undefined;

/** Keys whose value is undefined are left out: a template shows a missing field as empty. */
const defined = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * The hosted "Email Template Data" a SendGrid dynamic template receives (D14.2): the thread's
 * first, latest and previous comments (each `commentId`, `commentText`, `from`), the comment
 * count and how many comments there are beyond the three this data holds (first, previous,
 * latest), both numbers as hosted's sample payload shows them, the user who
 * acted (`fromUser`), the annotation without its comments, the action, the document's
 * metadata, and the older fields (`message`, `messageFromName`, `name`, `fromEmail`,
 * `photoUrl`, `pageUrl`, `pageTitle`, `deviceInfo`, `subject`), plus `unsubscribeUrl`.
 * "Latest" is the thread's last comment: the one a new comment or reply added.
 */
export function sendgridTemplateData(input: SendGridTemplateInput): Record<string, unknown> {
  const { content, subject, unsubscribeUrl } = input;
  const annotation = annotationOf(content);
  const comments = annotation?.comments ?? [];
  const latest = comments.at(-1);
  const actor: NotificationUser | undefined = content.actionUser;
  const commentAnnotation = annotation && defined({ ...annotation, comments: undefined });
  const pageInfo = isPlainObject(annotation?.pageInfo) ? annotation.pageInfo : {};
  const actorName = text(actor?.name) ?? text(actor?.userId);
  return defined({
    firstComment: commentOf(comments[0]),
    latestComment: commentOf(latest),
    prevComment: commentOf(comments.length > 1 ? comments.at(-2) : undefined),
    commentsCount: comments.length,
    commentsCountMoreThanThree: Math.max(0, comments.length - 3),
    fromUser: actor,
    commentAnnotation,
    actionType: content.actionType,
    documentMetadata: { documentId: content.documentId, ...input.documentMetadata },
    message: latest?.commentText ?? content.displayBodyMessage,
    messageFromName: actorName,
    name: actorName,
    fromEmail: text(actor?.email),
    photoUrl: text(actor?.photoUrl),
    pageUrl: webUrl(pageInfo.commentUrl) ?? webUrl(pageInfo.url),
    pageTitle: text(pageInfo.title) ?? text(content.location?.locationName),
    deviceInfo: isPlainObject(pageInfo.deviceInfo) ? pageInfo.deviceInfo : undefined,
    subject,
    unsubscribeUrl,
  });
}
