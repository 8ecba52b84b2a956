/** Keys JSON.stringify would move ahead of the others (array indexes), or that would repeat. */
const reordered = (key: string) => /^(0|[1-9]\d*)$/.test(key) || key === 'webhookId';

/**
 * The JSON text of `{ webhookId, ...payload, ...extra }`, made from the payload's JSON text
 * (written once for every destination of an event): the id goes first and `extra`'s fields
 * last, where the spread puts them. Written whole when a key would repeat or move.
 */
export function payloadJsonOf(
  webhookId: string,
  payload: Record<string, unknown>,
  payloadJson: string,
  extra: Record<string, unknown> = {},
): string {
  const extraKeys = Object.keys(extra);
  if (
    Object.keys(payload).some(reordered) ||
    extraKeys.some((key) => reordered(key) || key in payload)
  ) {
    return JSON.stringify({ webhookId, ...payload, ...extra });
  }
  const inner = payloadJson.slice(1, -1);
  const extraInner = extraKeys.length > 0 ? JSON.stringify(extra).slice(1, -1) : '';
  return `{"webhookId":${JSON.stringify(webhookId)}${inner && `,${inner}`}${extraInner && `,${extraInner}`}}`;
}
