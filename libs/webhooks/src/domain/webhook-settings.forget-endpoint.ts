import type { RecordedEvent } from '@app/event-store';
import {
  AdvancedSettingsMovedIn,
  EndpointAdded,
  EndpointUpdated,
  type EndpointChanges,
  type StoredEndpoint,
} from './webhook-settings.events';

/** What an event keeps of a deleted endpoint: its id, place and times, for the fold and a rebuild. */
const bare = (e: StoredEndpoint): StoredEndpoint => ({
  ...e,
  url: '',
  description: null,
  filterTypes: null,
  channels: null,
  uid: null,
  metadata: null,
  sealedSecret: '',
});

const bareChanges = ({ disabled, rateLimit }: EndpointChanges): EndpointChanges => ({
  ...(disabled !== undefined && { disabled }),
  ...(rateLimit !== undefined && { rateLimit }),
});

/**
 * The rewrites that take a deleted endpoint's data (its URL may itself be a credential, its
 * description, uid, metadata and sealed secret) out of the earlier events of its stream, as a
 * deleted row takes them out of the table. The moved-in event drops its entry; its seq stays
 * counted in `lastSeq`, so it is never given again.
 */
export function forgetEndpoint(
  loaded: RecordedEvent[],
  endpointId: string,
): { eventId: string; data: unknown }[] {
  const rewrites: { eventId: string; data: unknown }[] = [];
  for (const event of loaded) {
    if (EndpointAdded.is(event) && event.data.endpoint.endpointId === endpointId) {
      rewrites.push({
        eventId: event.eventId,
        data: { ...event.data, endpoint: bare(event.data.endpoint) },
      });
    } else if (EndpointUpdated.is(event) && event.data.endpointId === endpointId) {
      rewrites.push({
        eventId: event.eventId,
        data: { ...event.data, changes: bareChanges(event.data.changes) },
      });
    } else if (AdvancedSettingsMovedIn.is(event)) {
      const gone = event.data.endpoints.find((e) => e.endpointId === endpointId);
      if (gone) {
        rewrites.push({
          eventId: event.eventId,
          data: {
            ...event.data,
            endpoints: event.data.endpoints.filter((e) => e !== gone),
            lastSeq: Math.max(event.data.lastSeq, gone.seq),
          },
        });
      }
    }
  }
  return rewrites;
}
