import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { ServiceError } from '@app/platform';
import type { ActivityServiceConfig } from '../../domain/activity-config';
import { ApiKey, API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import { metadataOf } from '../common/event-metadata';
import { UpdateActivityConfigCommand } from './update-activity-config.command';

/** The hosted refusal, word for word. */
export const NO_ACTIVITY_FIELD = 'At least one field must be provided for update';

@CommandHandler(UpdateActivityConfigCommand)
export class UpdateActivityConfigHandler implements ICommandHandler<UpdateActivityConfigCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({
    tenant,
    change,
  }: UpdateActivityConfigCommand): Promise<{ activityServiceConfig: ActivityServiceConfig }> {
    if (Object.values(change).every((value) => value === undefined)) {
      throw new ServiceError('INVALID_ARGUMENT', NO_ACTIVITY_FIELD, {
        fields: [{ field: 'data.activityServiceConfig', message: NO_ACTIVITY_FIELD }],
      });
    }
    const activityServiceConfig = await this.repository.update(
      {
        streamId: apiKeyStream(tenant.apiKey),
        streamType: API_KEY_STREAM_TYPE,
        create: () => new ApiKey(),
      },
      metadataOf(tenant),
      (key) => key.updateActivityConfig(change, Date.now()),
    );
    return { activityServiceConfig };
  }
}
