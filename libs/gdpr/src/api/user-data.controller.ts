import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { GetDeletionStatusQuery } from '../application/get-deletion-status/get-deletion-status.query';
import { StartDeletionCommand } from '../application/start-deletion/start-deletion.command';
import { DeletionStatusRequest, StartDeletionRequest } from './dto/deletion.request';

/** User data deletion: operations 16 and 17 (D8). */
@ApiTags('users')
@Controller()
export class UserDataController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Operation 16: the spec's own envelope (not `result`), HTTP 202. */
  @Post('v2/users/data/delete')
  @HttpCode(202)
  @ApiOperation({ summary: 'Data deletion process has been initiated.' })
  @ApiBody({ schema: { type: 'object', properties: { data: { type: 'object' } } } })
  @ApiKeyAuth()
  async start(@Tenant() tenant: ApiKeyTenant, @RequestData() data: StartDeletionRequest) {
    const started = await this.commands.execute(
      new StartDeletionCommand(tenant, data.userIds, data.organizationIds),
    );
    return {
      status: 'success',
      message: 'Data deletion process has been initiated.',
      data: started,
      statusCode: 202,
    };
  }

  /** Operation 17. */
  @Rpc('v1/users/data/delete/status', {
    message: 'Data fetched successfully.',
    data: DeletionStatusRequest,
  })
  @ApiKeyAuth()
  status(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeletionStatusRequest) {
    return this.queries.execute(new GetDeletionStatusQuery(tenant, data.jobId));
  }
}
