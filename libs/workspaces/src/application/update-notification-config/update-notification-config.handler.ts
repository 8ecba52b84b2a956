import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { ServiceError } from '@app/platform';
import { ApiKey, API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import type { NotificationSwitch } from '../../domain/api-key.events';
import { applyNotificationConfig } from '../../domain/notification-config';
import { metadataOf } from '../common/event-metadata';
import { UpdateNotificationConfigCommand } from './update-notification-config.command';

/** The hosted refusal, word for word. */
export const NOTHING_TO_UPDATE =
  'At least one of useNotificationService or notificationServiceConfig must be provided';

@CommandHandler(UpdateNotificationConfigCommand)
export class UpdateNotificationConfigHandler implements ICommandHandler<UpdateNotificationConfigCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ tenant, change }: UpdateNotificationConfigCommand): Promise<NotificationSwitch> {
    if (change.useNotificationService === undefined && !change.notificationServiceConfig) {
      throw new ServiceError('INVALID_ARGUMENT', NOTHING_TO_UPDATE, {
        fields: [{ field: 'data', message: NOTHING_TO_UPDATE }],
      });
    }
    return this.repository.update(
      {
        streamId: apiKeyStream(tenant.apiKey),
        streamType: API_KEY_STREAM_TYPE,
        create: () => new ApiKey(),
      },
      metadataOf(tenant),
      (key) => {
        key.updateNotificationConfig(applyNotificationConfig(key.notifications, change));
        return key.notifications;
      },
    );
  }
}
