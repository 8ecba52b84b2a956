import { createHash } from 'node:crypto';

/**
 * The id of the record one event of the log makes: the same for the same event, so a
 * replayed event finds its record made. In the alphabet and length of caller-given ids.
 */
export const derivedActivityId = (eventId: string): string =>
  `activity_${createHash('sha256').update(eventId).digest('base64url').slice(0, 32)}`;
