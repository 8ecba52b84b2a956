import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddReactionsCommand } from '../application/add-reactions/add-reactions.command';
import { AddRecordingsCommand } from '../application/add-recordings/add-recordings.command';
import { DeleteReactionsCommand } from '../application/delete-reactions/delete-reactions.command';
import { DeleteRecordingsCommand } from '../application/delete-recordings/delete-recordings.command';
import { GetRecordsQuery } from '../application/get-records/get-records.query';
import {
  AddReactionsRequest,
  AddRecordingsRequest,
  DeleteReactionsRequest,
  DeleteRecordingsRequest,
  GetReactionsRequest,
  GetRecordingsRequest,
} from './dto/simple-kinds.request';
import { documentsOf, targetOf } from './record-commands';

/** Element reactions and recordings (D10). */
@ApiTags('collaboration')
@Controller('v2')
export class ElementDataController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('reactions/add', { message: 'Reaction(s) added successfully.', data: AddReactionsRequest })
  @ApiKeyAuth()
  addReactions(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddReactionsRequest) {
    return this.commands.execute(
      new AddReactionsCommand(targetOf(tenant, 'reaction', data), data.reactions),
    );
  }

  @Rpc('reactions/get', {
    message: 'Reaction(s) retrieved successfully.',
    data: GetReactionsRequest,
  })
  @ApiKeyAuth()
  getReactions(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetReactionsRequest) {
    return this.queries.execute(
      new GetRecordsQuery(
        tenant,
        'reaction',
        {
          organizationId: data.organizationId,
          documentIds: documentsOf(data),
          recordIds: data.reactionIds,
          locationIds: data.locationIds,
          userIds: data.userIds,
        },
        data.pageSize,
        data.pageToken,
      ),
    );
  }

  @Rpc('reactions/delete', {
    message: 'Reaction(s) deleted successfully.',
    data: DeleteReactionsRequest,
  })
  @ApiKeyAuth()
  deleteReactions(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteReactionsRequest) {
    return this.commands.execute(
      new DeleteReactionsCommand(targetOf(tenant, 'reaction', data), data.reactionIds),
    );
  }

  @Rpc('recordings/add', {
    message: 'Recording(s) added successfully.',
    data: AddRecordingsRequest,
  })
  @ApiKeyAuth()
  addRecordings(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddRecordingsRequest) {
    return this.commands.execute(
      new AddRecordingsCommand(targetOf(tenant, 'recording', data), data.recordings),
    );
  }

  /** Hosted: the next token is `result.pageToken` here. */
  @Rpc('recordings/get', {
    message: 'Recorder annotations retrieved successfully.',
    data: GetRecordingsRequest,
  })
  @ApiKeyAuth()
  getRecordings(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetRecordingsRequest) {
    return this.queries.execute(
      new GetRecordsQuery(
        tenant,
        'recording',
        {
          organizationId: data.organizationId,
          documentIds: documentsOf(data),
          recordIds: data.recordingIds,
          locationIds: data.locationIds,
          userIds: data.userIds,
        },
        data.pageSize,
        data.pageToken,
        'pageToken',
      ),
    );
  }

  @Rpc('recordings/delete', {
    message: 'Recording(s) deleted successfully.',
    data: DeleteRecordingsRequest,
  })
  @ApiKeyAuth()
  deleteRecordings(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteRecordingsRequest) {
    return this.commands.execute(
      new DeleteRecordingsCommand(targetOf(tenant, 'recording', data), data.recordingIds),
    );
  }
}
