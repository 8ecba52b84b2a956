import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiFailure,
  ApiOperation,
  ApiResponse,
  ApiTags,
  CommonFailures,
  CONFLICT,
  RequestBody,
  RequestData,
  Rpc,
  USER_DATA_EXPORT,
} from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { GetUserDeletionStatusQuery } from '../application/get-deletion-status/get-deletion-status.query';
import { GetUserDataQuery } from '../application/get-user-data/get-user-data.query';
import { StartDeletionCommand } from '../application/start-deletion/start-deletion.command';
import { DeletionStatusRequest, StartDeletionRequest } from './dto/deletion.request';
import { GetUserDataRequest } from './dto/get-user-data.request';
import {
  DELETION_STARTED,
  DELETION_STARTED_MESSAGE,
  DELETION_STATUS,
} from './dto/deletion.response';

const STATUS = {
  message: 'Data fetched successfully.',
  summary: 'Read the progress of a user data deletion',
  data: DeletionStatusRequest,
  response: DELETION_STATUS,
  errors: { NOT_FOUND: 'no such deletion job' },
} as const;

/** User data deletion (operations 16 and 17) and export (hosted `users/data/get`) (D8). */
@ApiTags('users')
@Controller()
export class UserDataController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /**
   * Hosted `users/data/get`: a page of everything the modules hold about one user of an
   * organization, up to 100 items per feature, with `nextPageToken` while any has more.
   */
  @Rpc('v2/users/data/get', {
    message: 'Data fetched successfully.',
    summary: "Read a user's data in an organization, every feature a page at a time",
    data: GetUserDataRequest,
    response: USER_DATA_EXPORT,
    pageToken: 'nextPageToken',
  })
  @ApiKeyAuth()
  getData(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetUserDataRequest) {
    return this.queries.execute(
      new GetUserDataQuery({
        tenant,
        organizationId: data.organizationId,
        userId: data.userId,
        pageToken: data.pageToken,
      }),
    );
  }

  /** Operation 16: the spec's own envelope (not `result`), HTTP 202. */
  @Post('v2/users/data/delete')
  @HttpCode(202)
  @ApiOperation({ summary: "Start erasing users' data, in every organization or the ones given" })
  @RequestBody(StartDeletionRequest)
  @ApiResponse({
    status: 202,
    description: `Started: "${DELETION_STARTED_MESSAGE}" (the contract's own envelope, no \`result\`)`,
    content: { 'application/json': { schema: DELETION_STARTED } },
  })
  @CommonFailures()
  @ApiFailure('ABORTED', CONFLICT.ABORTED)
  @ApiKeyAuth()
  async start(@Tenant() tenant: ApiKeyTenant, @RequestData() data: StartDeletionRequest) {
    const started = await this.commands.execute(
      new StartDeletionCommand({
        tenant,
        userIds: data.userIds,
        organizationIds: data.organizationIds,
      }),
    );
    return {
      status: 'success',
      message: DELETION_STARTED_MESSAGE,
      data: started,
      statusCode: 202,
    };
  }

  /** Operation 17. */
  @Rpc('v1/users/data/delete/status', STATUS)
  @ApiKeyAuth()
  status(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeletionStatusRequest) {
    return this.queries.execute(new GetUserDeletionStatusQuery(tenant, data.jobId));
  }

  /** Operation 17 at the hosted v2 path (D6.8): the same handler. */
  @Rpc('v2/users/data/delete/status', STATUS)
  @ApiKeyAuth()
  statusV2(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeletionStatusRequest) {
    return this.status(tenant, data);
  }
}
