import type { RecipientReason } from '@app/collaboration';
import type { ChannelLevel } from './channel-levels';

/** The reasons that make a recipient involved in a change (D9.6 `MINE`): all of them. */
const INVOLVED: ReadonlySet<RecipientReason> = new Set(['tagged', 'assigned', 'participant']);

/**
 * Whether a recipient of a derived notification (D9.7: tagged, assigned or a participant of
 * the thread) gets it, by their inbox level (D9.6): `NONE` never; `MINE` when involved, which
 * every recipient is; `ALL` too. `ALL` adds nobody beyond the recipients: every user's inbox
 * is `ALL` by default, so "every change of the document" for each of them would send each
 * comment change to the whole organization.
 */
export const notifies = (level: ChannelLevel, reason: RecipientReason): boolean =>
  level === 'ALL' || (level === 'MINE' && INVOLVED.has(reason));
