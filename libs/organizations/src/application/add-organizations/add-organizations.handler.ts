import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner, type BatchResult } from '@app/event-store';
import { organizationBatch } from '../common/organization-batch';
import { AddOrganizationsCommand } from './add-organizations.command';

@CommandHandler(AddOrganizationsCommand)
export class AddOrganizationsHandler implements ICommandHandler<AddOrganizationsCommand> {
  constructor(private readonly batches: StreamBatchRunner) {}

  execute({ tenant, organizations }: AddOrganizationsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batches.run(
      organizationBatch(tenant, organizations, (organization, { organizationId, ...fields }) =>
        organization.add(tenant.apiKey, organizationId, fields, at),
      ),
    );
  }
}
