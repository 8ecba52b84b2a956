import type { EntityManager } from 'typeorm';
import type { NotificationServiceConfig, NotificationSwitch } from '../../domain/api-key.events';

/**
 * An API key's notification switch as stored (D9.8), read through `manager` (in its
 * transaction). A key with no row has the service off, like a key never configured.
 */
export async function readNotificationSwitch(
  manager: EntityManager,
  apiKey: string,
): Promise<NotificationSwitch> {
  const [row]: {
    use_notification_service: boolean;
    notification_config: NotificationServiceConfig | null;
  }[] = await manager.query(
    `SELECT use_notification_service, notification_config FROM api_keys WHERE api_key = $1`,
    [apiKey],
  );
  return {
    useNotificationService: row?.use_notification_service ?? false,
    notificationServiceConfig: row?.notification_config ?? {},
  };
}
