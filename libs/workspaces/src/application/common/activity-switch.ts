import type { EntityManager } from 'typeorm';
import type { ActivityServiceConfig } from '../../domain/activity-config';

/**
 * An API key's activity service as stored (D7.4), read through `manager` (in its
 * transaction). The switch is the key's `activityServiceEnabled` option; a key with no row
 * has the service off.
 */
export async function readActivitySwitch(
  manager: EntityManager,
  apiKey: string,
): Promise<ActivityServiceConfig> {
  const [row]: { enabled: boolean | null; activity_config: ActivityServiceConfig | null }[] =
    await manager.query(
      `SELECT (options->>'activityServiceEnabled')::boolean AS enabled, activity_config
       FROM api_keys WHERE api_key = $1`,
      [apiKey],
    );
  return { ...row?.activity_config, isEnabled: row?.enabled ?? false };
}
