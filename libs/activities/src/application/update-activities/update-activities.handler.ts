import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner } from '@app/event-store';
import type { ActivityChangesDto } from '../../api/dto/update-activities.request';
import type { ActivityAmendment } from '../../domain/activity.events';
import { activityBatch, withoutIds, type ActivityBatchResult } from '../common/activity-batch';
import { UpdateActivitiesCommand } from './update-activities.command';

/** The fields an item gives, and only those: an absent one is left as it is. */
function amendmentOf(item: ActivityChangesDto): ActivityAmendment {
  const { id: _id, ...fields } = item;
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as ActivityAmendment;
}

/** One batch (D5): every record read in one query, all changes in one append. */
@CommandHandler(UpdateActivitiesCommand)
export class UpdateActivitiesHandler implements ICommandHandler<UpdateActivitiesCommand> {
  constructor(private readonly batches: StreamBatchRunner) {}

  async execute({
    tenant,
    organizationId,
    activities,
  }: UpdateActivitiesCommand): Promise<ActivityBatchResult> {
    const at = Date.now();
    const result = await this.batches.run(
      activityBatch(
        tenant,
        organizationId,
        activities,
        (item) => item.id,
        (activity, item) => activity.amend(amendmentOf(item), at),
      ),
    );
    return withoutIds(result);
  }
}
