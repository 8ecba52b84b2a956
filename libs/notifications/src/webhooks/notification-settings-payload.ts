import { Injectable } from '@nestjs/common';
import {
  WebhookPayloadExtras,
  type WebhookOffer,
  type WebhookPayloadExtension,
} from '@app/platform';
import type { EntityManager } from 'typeorm';
import type { ChannelSettings } from '../domain/channel-levels';

/** Payloads that carry their users' settings: comments' (as hosted ones do) and notifications'. */
const WITH_SETTINGS = /^(comment_annotation|comment|notification)\./;

/** One place settings are read for: a document of an organization of an API key. */
interface Place {
  api_key: string;
  organization_id: string;
  /** '' when the payload names no document: organization level only. */
  document_id: string;
  user_ids: Set<string>;
}

interface SettingsRow {
  place: string;
  user_id: string;
  document_id: string;
  channels: ChannelSettings;
}

/** Users' stored channels at each level, by user id. */
interface Found {
  organization: Map<string, ChannelSettings>;
  document: Map<string, ChannelSettings>;
}

const documentIdOf = (payload: Record<string, unknown>): string => {
  const data = payload.data as { metadata?: { documentId?: unknown } } | undefined;
  const documentId = data?.metadata?.documentId;
  return typeof documentId === 'string' ? documentId : '';
};

/** The users of `userIds` with settings in `found`, in that order; undefined when none. */
function pick(
  found: Map<string, ChannelSettings>,
  userIds: string[],
): Record<string, ChannelSettings> | undefined {
  const picked = userIds.filter((id) => found.has(id));
  return picked.length > 0
    ? Object.fromEntries(picked.map((id) => [id, found.get(id)!]))
    : undefined;
}

/**
 * Per-user notification settings in webhook payloads (D9.6, hosted payload fields): a comment
 * or notification payload naming users with stored settings carries, at its top level,
 * `usersOrganizationNotificationsConfig` (user id → the channels they set for the
 * organization) and `usersDocumentNotificationsConfig` (user id → those set for the payload's
 * document), each only when someone has one, values as stored. It names only users the offer
 * already lists, so its `userIds` stay whole. One query per batch, every place at once.
 */
@Injectable()
@WebhookPayloadExtras()
export class NotificationSettingsPayload implements WebhookPayloadExtension {
  async extend(offers: readonly WebhookOffer[], manager: EntityManager): Promise<WebhookOffer[]> {
    const places = new Map<string, Place>();
    const placeOf = offers.map((offer) => {
      if (!WITH_SETTINGS.test(offer.eventType) || !offer.organizationId) return undefined;
      if (offer.userIds.length === 0) return undefined;
      const documentId = documentIdOf(offer.payload);
      const key = JSON.stringify([offer.apiKey, offer.organizationId, documentId]);
      const place = places.get(key);
      if (place) for (const id of offer.userIds) place.user_ids.add(id);
      else {
        places.set(key, {
          api_key: offer.apiKey,
          organization_id: offer.organizationId,
          document_id: documentId,
          user_ids: new Set(offer.userIds),
        });
      }
      return key;
    });
    if (places.size === 0) return [...offers];
    const rows: SettingsRow[] = await manager.query(
      `SELECT q.place, s.user_id, s.document_id, s.channels
       FROM json_to_recordset($1::json) AS q(place text, api_key text, organization_id text,
         document_id text, user_ids text[])
       JOIN notification_settings s ON s.api_key = q.api_key
         AND s.organization_id = q.organization_id AND s.user_id = ANY(q.user_ids)
         AND s.document_id IN ('', q.document_id)`,
      [
        JSON.stringify(
          [...places].map(([place, p]) => ({ ...p, place, user_ids: [...p.user_ids] })),
        ),
      ],
    );
    const found = new Map<string, Found>();
    for (const row of rows) {
      let at = found.get(row.place);
      if (!at) found.set(row.place, (at = { organization: new Map(), document: new Map() }));
      // '' names the organization level; a document id is never empty (D4.3).
      (row.document_id === '' ? at.organization : at.document).set(row.user_id, row.channels);
    }
    return offers.map((offer, i) => {
      const at = placeOf[i] === undefined ? undefined : found.get(placeOf[i]);
      if (!at) return offer;
      const organization = pick(at.organization, offer.userIds);
      const document = pick(at.document, offer.userIds);
      if (!organization && !document) return offer;
      return {
        ...offer,
        payload: {
          ...offer.payload,
          ...(organization && { usersOrganizationNotificationsConfig: organization }),
          ...(document && { usersDocumentNotificationsConfig: document }),
        },
      };
    });
  }
}
