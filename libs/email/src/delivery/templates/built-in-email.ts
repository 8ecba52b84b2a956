import { isPlainObject } from '@app/platform';
import {
  fillTemplate,
  type DerivedActivity,
  type DigestData,
  type NotificationContent,
} from '@app/notifications';

/** What the built-in email of one notification is made from. */
export interface BuiltInEmailInput {
  content: NotificationContent;
  /** The document as a person knows it: its name, else its id. */
  documentName: string;
  /** The workspace's name (`fromCompany`); '' when not set. */
  fromCompany: string;
  /** The recipient's signed unsubscribe link. */
  unsubscribeUrl: string;
}

export interface EmailTexts {
  subject: string;
  text: string;
  html: string;
}

/** One change an email tells of: its headline and its text (a comment's, a status). */
interface Item {
  headline: string;
  body: string;
  at: number;
}

const SUBJECT_MAX = 200;

/** Every character a text could use to open markup or leave an attribute, as an entity. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A header value from user-given text: one line, bounded. */
const oneLine = (value: string, max: number) => {
  const line = value
    .replace(/[\r\n\t\v\f]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The digest a notification's source data holds, or nothing for a single change. */
function digestOf(content: NotificationContent): DigestData | undefined {
  const data = content.notificationSourceData;
  if (!isPlainObject(data) || !isPlainObject(data.batch) || typeof data.batch.count !== 'number')
    return;
  if (!isPlainObject(data.first) || !isPlainObject(data.last)) return;
  return data as unknown as DigestData;
}

const itemOf = (a: {
  displayHeadlineMessageTemplate?: string;
  displayHeadlineMessageTemplateData?: Record<string, unknown>;
  displayBodyMessage?: string;
  timestamp: number;
}): Item => ({
  headline: fillTemplate(
    a.displayHeadlineMessageTemplate ?? '',
    a.displayHeadlineMessageTemplateData ?? {},
  ),
  body: a.displayBodyMessage ?? '',
  at: a.timestamp,
});

/** A link to the place the change happened, when the annotation names a web page. */
function pageUrlOf(content: NotificationContent, digest?: DigestData): string | undefined {
  const last: DerivedActivity | undefined = digest?.last;
  const annotation = (last?.notificationSourceData ?? content.notificationSourceData) as unknown;
  const page =
    isPlainObject(annotation) && isPlainObject(annotation.pageInfo) ? annotation.pageInfo : {};
  for (const url of [page.commentUrl, page.url]) {
    if (typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url)) return url;
  }
  return undefined;
}

/**
 * The built-in email of a derived notification (D14.2, type `default`): a subject, plain text
 * and HTML naming the document, who did what and the comment's text; a digest lists its
 * first and last changes and how many others it folded. Every user-given string is escaped in
 * the HTML (names, comment texts, the document's name, the link). Both parts end with the
 * unsubscribe link.
 */
export function builtInEmail(input: BuiltInEmailInput): EmailTexts {
  const { content, documentName, fromCompany, unsubscribeUrl } = input;
  const digest = digestOf(content);
  const items: Item[] = [];
  let more = 0;
  let subject: string;
  // A user's window folds changes of several documents: "for you", and the unsubscribe link
  // (the notification's document, its first change's) says which document it stops.
  const forYou = digest?.batch.scope === 'user';
  if (digest) {
    const { count, scope } = digest.batch;
    items.push(itemOf(digest.first));
    if (count > 1) items.push(itemOf(digest.last));
    more = Math.max(0, count - items.length);
    subject =
      scope === 'document'
        ? `${count} new updates in ${documentName}`
        : `${count} new updates for you`;
  } else {
    const item = itemOf(content);
    items.push(item);
    subject = `${item.headline || 'New activity'} in ${documentName}`;
  }
  const pageUrl = pageUrlOf(content, digest);
  const sender = fromCompany || 'Notifications';
  const heading = forYou
    ? 'Updates for you'
    : `${digest ? 'Updates' : 'Activity'} in ${documentName}`;
  const why = `${sender} sends you this because you take part in ${forYou ? 'these documents' : 'this document'}.`;

  const text = [
    heading,
    '',
    ...items.flatMap((item, i) => [
      ...(i === 1 && more > 0 ? [`… and ${more} more`, ''] : []),
      item.headline,
      ...(item.body ? [`  ${item.body.replace(/\n/g, '\n  ')}`] : []),
      '',
    ]),
    ...(pageUrl ? [`Open: ${pageUrl}`, ''] : []),
    '--',
    why,
    forYou
      ? `Unsubscribe from the emails of ${documentName}: ${unsubscribeUrl}`
      : `Unsubscribe from its emails: ${unsubscribeUrl}`,
  ].join('\n');

  const e = escapeHtml;
  const itemHtml = (item: Item) =>
    `<div style="margin:0 0 16px 0">` +
    `<p style="margin:0 0 4px 0;font-weight:bold">${e(item.headline)}</p>` +
    (item.body
      ? `<blockquote style="margin:0;padding:8px 12px;border-left:3px solid #ccc;white-space:pre-wrap">${e(item.body)}</blockquote>`
      : '') +
    `</div>`;
  const listHtml = items
    .map(
      (item, i) =>
        (i === 1 && more > 0
          ? `<p style="margin:0 0 16px 0;color:#666">… and ${more} more</p>`
          : '') + itemHtml(item),
    )
    .join('');
  const html =
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${e(oneLine(subject, SUBJECT_MAX))}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222">` +
    `<h2 style="font-size:16px">${e(heading)}</h2>` +
    listHtml +
    (pageUrl ? `<p><a href="${e(pageUrl)}">Open ${e(documentName)}</a></p>` : '') +
    `<hr style="border:none;border-top:1px solid #ddd">` +
    `<p style="font-size:12px;color:#666">${e(why)} ` +
    `<a href="${e(unsubscribeUrl)}">Unsubscribe</a> from ${forYou ? `the emails of ${e(documentName)}` : 'its emails'}.</p>` +
    `</body></html>`;

  return { subject: oneLine(subject, SUBJECT_MAX), text, html };
}
