import { Injectable } from '@nestjs/common';
import {
  readActivitySwitch,
  type ActivityServiceConfig,
  type ActivitySwitchChange,
} from '@app/workspaces';
import type { EntityManager } from 'typeorm';

/**
 * Each key's activity switch as of the point the derived-records subscription has reached in
 * the log (`derived_activity_switches`), written in its checkpoint's transaction. A change is
 * judged by the switch of its own time: one made while on still makes its record when the
 * subscription catches up after the switch went off, one made while off never does, and
 * `immutable` is the one it was made under. A key first met (one configured before this
 * table existed) starts from what is stored.
 */
@Injectable()
export class SwitchesInLog {
  /** The switch of each key, one read; keys not met yet are taken from what is stored. */
  async read(
    manager: EntityManager,
    apiKeys: string[],
  ): Promise<Map<string, ActivityServiceConfig>> {
    const rows: { api_key: string; config: ActivityServiceConfig }[] = await manager.query(
      `SELECT api_key, config FROM derived_activity_switches WHERE api_key = ANY($1::text[])`,
      [apiKeys],
    );
    const switches = new Map(rows.map((r) => [r.api_key, r.config]));
    for (const apiKey of apiKeys) {
      if (!switches.has(apiKey)) switches.set(apiKey, await this.meet(manager, apiKey));
    }
    return switches;
  }

  /**
   * Follows a switch event: the flag, and the settings when the event carries them (whole).
   * A key met here first has no settings before it: they are only ever written together with
   * the flag, by an event this subscription reads.
   */
  async apply(manager: EntityManager, change: ActivitySwitchChange): Promise<void> {
    const config: ActivityServiceConfig = { ...change.settings, isEnabled: change.isEnabled };
    await manager.query(
      `INSERT INTO derived_activity_switches AS s (api_key, config) VALUES ($1, $2::jsonb)
       ON CONFLICT (api_key) DO UPDATE
       SET config = CASE WHEN $3 THEN excluded.config ELSE s.config || excluded.config END`,
      [change.apiKey, JSON.stringify(config), change.settings !== undefined],
    );
  }

  private async meet(manager: EntityManager, apiKey: string): Promise<ActivityServiceConfig> {
    const config = await readActivitySwitch(manager, apiKey);
    await manager.query(
      `INSERT INTO derived_activity_switches (api_key, config) VALUES ($1, $2::jsonb)
       ON CONFLICT (api_key) DO NOTHING`,
      [apiKey, JSON.stringify(config)],
    );
    return config;
  }
}
