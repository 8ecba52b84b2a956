import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { peopleIn } from '../domain/activity-people';
import {
  ActivityAmended,
  ActivityDeleted,
  ActivityErased,
  ActivityLogged,
  ActivityMoved,
  type ActivityContent,
  type ActivityRef,
} from '../domain/activity.events';

interface Whole {
  ref: ActivityRef;
  content: ActivityContent;
  version: number;
}

/**
 * Keeps `activities` current, in the append's transaction. Every write is guarded by stream
 * version, so an event projected twice changes nothing. Records logged (or rewritten by
 * erasure) are written in one multi-row statement: a batch of derived records costs one.
 */
@Projection()
@Injectable()
export class ActivityProjection implements InlineProjection {
  readonly tables = ['activities'];
  readonly handles = [
    ActivityLogged.type,
    ActivityAmended.type,
    ActivityDeleted.type,
    ActivityMoved.type,
    ActivityErased.type,
  ];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    let wholes: Whole[] = [];
    for (const event of events) {
      if (ActivityLogged.is(event)) {
        const { apiKey, organizationId, activityId, ...content } = event.data;
        wholes.push({
          ref: { apiKey, organizationId, activityId },
          content,
          version: event.streamVersion,
        });
        continue;
      }
      if (ActivityErased.is(event)) {
        const { apiKey, organizationId, activityId, content } = event.data;
        wholes.push({
          ref: { apiKey, organizationId, activityId },
          content,
          version: event.streamVersion,
        });
        continue;
      }
      await this.writeWhole(wholes, m);
      wholes = [];
      await this.apply(event, m);
    }
    await this.writeWhole(wholes, m);
  }

  private async writeWhole(wholes: Whole[], m: EntityManager): Promise<void> {
    if (wholes.length === 0) return;
    const rows = wholes.map(({ ref, content, version }) => ({
      api_key: ref.apiKey,
      organization_id: ref.organizationId,
      activity_id: ref.activityId,
      document_id: content.documentId,
      target_entity_id: content.targetEntityId ?? null,
      feature_type: content.featureType,
      action_type: content.actionType,
      user_id: content.actionUser?.userId ?? null,
      ts: content.timestamp,
      immutable: content.immutable,
      people: peopleIn(content),
      record: content,
      version,
    }));
    await m.query(
      `INSERT INTO activities AS a (api_key, organization_id, activity_id, document_id,
         target_entity_id, feature_type, action_type, user_id, ts, immutable, people, record,
         version)
       SELECT r.api_key, r.organization_id, r.activity_id, r.document_id, r.target_entity_id,
         r.feature_type, r.action_type, r.user_id, r.ts, r.immutable,
         ARRAY(SELECT jsonb_array_elements_text(r.people)), r.record, r.version
       FROM json_to_recordset($1::json) AS r(api_key text, organization_id text,
         activity_id text, document_id text, target_entity_id text, feature_type text,
         action_type text, user_id text, ts bigint, immutable boolean, people jsonb,
         record jsonb, version bigint)
       ON CONFLICT (api_key, organization_id, activity_id) DO UPDATE SET
         document_id = excluded.document_id, target_entity_id = excluded.target_entity_id,
         feature_type = excluded.feature_type, action_type = excluded.action_type,
         user_id = excluded.user_id, ts = excluded.ts, immutable = excluded.immutable,
         people = excluded.people, record = excluded.record, version = excluded.version
       WHERE a.version < excluded.version`,
      [JSON.stringify(rows)],
    );
  }

  private async apply(event: RecordedEvent, m: EntityManager): Promise<void> {
    const key = (d: ActivityRef) => [d.apiKey, d.organizationId, d.activityId];
    const where = `api_key = $1 AND organization_id = $2 AND activity_id = $3`;
    const v = event.streamVersion;
    if (ActivityAmended.is(event)) {
      // The amended fields may name people too: `people` is recomputed from the whole record.
      const [row]: { record: ActivityContent }[] = await m.query(
        `SELECT record FROM activities WHERE ${where} AND version < $4`,
        [...key(event.data), v],
      );
      if (!row) return;
      const content = { ...row.record, ...event.data.amendment };
      await m.query(
        `UPDATE activities SET record = $4::jsonb, people = $5::text[], version = $6
         WHERE ${where} AND version < $6`,
        [...key(event.data), JSON.stringify(content), peopleIn(content), v],
      );
    } else if (ActivityDeleted.is(event)) {
      await m.query(`DELETE FROM activities WHERE ${where} AND version < $4`, [
        ...key(event.data),
        v,
      ]);
    } else if (ActivityMoved.is(event)) {
      await m.query(
        `UPDATE activities SET document_id = $4,
           record = jsonb_set(record, '{documentId}', to_jsonb($4::text)), version = $5
         WHERE ${where} AND version < $5`,
        [...key(event.data), event.data.documentId, v],
      );
    }
  }
}
