import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import {
  UserGroupAdded,
  UserGroupMemberAdded,
  UserGroupMemberRemoved,
} from '../domain/user-group.events';

/** Keeps `user_groups` and `user_group_members` current, event by event in log order. */
@Projection()
@Injectable()
export class UserGroupProjection implements InlineProjection {
  readonly tables = ['user_groups', 'user_group_members'];
  readonly handles = [UserGroupAdded.type, UserGroupMemberAdded.type, UserGroupMemberRemoved.type];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    // Members come in runs of one group (one call adds or removes users of one group): each
    // run is one statement.
    const added = events.filter(UserGroupMemberAdded.is);
    const removed = events.filter(UserGroupMemberRemoved.is);
    const groupEvents = events.filter(UserGroupAdded.is);
    if (groupEvents.length + Number(added.length > 0) + Number(removed.length > 0) > 1) {
      // A mix (a rebuild's batch): one event at a time keeps the log's order.
      for (const event of events) await this.projectRun([event], m);
      return;
    }
    await this.projectRun(events, m);
  }

  private async projectRun(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events.filter(UserGroupAdded.is)) {
      const { apiKey, organizationId, groupId, groupName, metadata, at } = event.data;
      await m.query(
        `INSERT INTO user_groups (api_key, organization_id, group_id, group_name, metadata, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [apiKey, organizationId, groupId, groupName, metadata, at],
      );
    }
    const rows = (list: RecordedEvent[]) =>
      JSON.stringify(
        list.map(({ data }) => {
          const d = data as { apiKey: string; organizationId: string; groupId: string };
          const { userId, at } = data as { userId: string; at: number };
          return {
            api_key: d.apiKey,
            organization_id: d.organizationId,
            group_id: d.groupId,
            user_id: userId,
            at,
          };
        }),
      );
    const recordset = `json_to_recordset($1::json) AS x(api_key text, organization_id text,
      group_id text, user_id text, at bigint)`;
    const added = events.filter(UserGroupMemberAdded.is);
    if (added.length > 0) {
      await m.query(
        `INSERT INTO user_group_members (api_key, organization_id, group_id, user_id, added_at)
         SELECT * FROM ${recordset} ON CONFLICT DO NOTHING`,
        [rows(added)],
      );
    }
    const removed = events.filter(UserGroupMemberRemoved.is);
    if (removed.length > 0) {
      await m.query(
        `DELETE FROM user_group_members g USING ${recordset}
         WHERE g.api_key = x.api_key AND g.organization_id = x.organization_id
           AND g.group_id = x.group_id AND g.user_id = x.user_id`,
        [rows(removed)],
      );
    }
  }
}
