import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner, type BatchResult } from '@app/event-store';
import { organizationBatch } from '../common/organization-batch';
import { UpdateOrganizationsCommand } from './update-organizations.command';

@CommandHandler(UpdateOrganizationsCommand)
export class UpdateOrganizationsHandler implements ICommandHandler<UpdateOrganizationsCommand> {
  constructor(private readonly batches: StreamBatchRunner) {}

  execute({ tenant, organizations }: UpdateOrganizationsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batches.run(
      organizationBatch(tenant, organizations, (organization, { organizationId, ...fields }) =>
        organization.update(tenant.apiKey, organizationId, fields, at),
      ),
    );
  }
}
