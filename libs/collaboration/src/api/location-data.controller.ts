import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags, CONFLICT, NULL_DATA, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { DeleteLocationDataCommand } from '../application/delete-location-data/delete-location-data.command';
import { DeleteLocationDataRequest } from './dto/delete-location-data.request';

/** Operation 13: all collaboration data at one location of a document. */
@ApiTags('collaboration')
@Controller()
export class LocationDataController {
  constructor(private readonly commands: CommandBus) {}

  /** Operation 13. */
  @Rpc('v1/organizations/documents/locations/data/delete', {
    message: 'Data deleted successfully.',
    summary: 'Delete all collaboration data at one location of a document',
    data: DeleteLocationDataRequest,
    response: NULL_DATA,
    errors: CONFLICT,
  })
  @ApiKeyAuth({ bodyCredentials: true })
  deleteLocationData(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: DeleteLocationDataRequest,
  ) {
    return this.commands.execute(
      new DeleteLocationDataCommand({
        tenant,
        documentId: data.documentId,
        locationId: data.location.id,
        organizationId: data.organizationId,
      }),
    );
  }
}
