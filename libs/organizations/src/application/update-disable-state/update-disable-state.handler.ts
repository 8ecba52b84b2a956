import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner, type BatchResult } from '@app/event-store';
import { organizationBatch } from '../common/organization-batch';
import { UpdateDisableStateCommand } from './update-disable-state.command';

/** Stores `disabled` only; collaboration writes read it from the organization (hosted). */
@CommandHandler(UpdateDisableStateCommand)
export class UpdateDisableStateHandler implements ICommandHandler<UpdateDisableStateCommand> {
  constructor(private readonly batches: StreamBatchRunner) {}

  execute({ tenant, organizationIds, disabled }: UpdateDisableStateCommand): Promise<BatchResult> {
    const at = Date.now();
    const items = organizationIds.map((organizationId) => ({ organizationId, metadata: {} }));
    return this.batches.run(
      organizationBatch(tenant, items, (organization, { organizationId }) =>
        organization.setDisabled(tenant.apiKey, organizationId, disabled, at),
      ),
    );
  }
}
