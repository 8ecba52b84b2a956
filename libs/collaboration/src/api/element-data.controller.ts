import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddRecordsCommand } from '../application/add-records/add-records.command';
import { DeleteRecordsCommand } from '../application/delete-records/delete-records.command';
import { GetRecordsQuery } from '../application/get-records/get-records.query';
import { newReaction, newRecording } from '../domain/kinds/simple-operations';
import {
  AddReactionsRequest,
  AddRecordingsRequest,
  DeleteReactionsRequest,
  DeleteRecordingsRequest,
  GetReactionsRequest,
  GetRecordingsRequest,
} from './dto/simple-kinds.request';
import { documentsOf, idOr, targetOf } from './record-commands';

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
    const at = Date.now();
    const records = data.reactions.map(({ reactionId, ...input }) => {
      const id = idOr(reactionId);
      return { recordId: id, record: newReaction(input, id, at) };
    });
    return this.commands.execute(
      new AddRecordsCommand(targetOf(tenant, 'reaction', data), records, 'reaction.add', {
        added: 'Added Successfully',
        exists: 'Reaction already exists.',
      }),
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
      new DeleteRecordsCommand(targetOf(tenant, 'reaction', data), data.reactionIds, {
        deleted: 'Deleted Successfully',
        missing: 'Reaction not found.',
      }),
    );
  }

  @Rpc('recordings/add', {
    message: 'Recording(s) added successfully.',
    data: AddRecordingsRequest,
  })
  @ApiKeyAuth()
  addRecordings(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddRecordingsRequest) {
    const at = Date.now();
    const records = data.recordings.map(({ recordingId, ...input }) => {
      const id = idOr(recordingId);
      return { recordId: id, record: newRecording(input, id, at) };
    });
    return this.commands.execute(
      new AddRecordsCommand(targetOf(tenant, 'recording', data), records, 'recording.add', {
        added: 'Added Successfully',
        exists: 'Recording already exists.',
      }),
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
      new DeleteRecordsCommand(targetOf(tenant, 'recording', data), data.recordingIds, {
        deleted: 'Deleted Successfully',
        missing: 'Recording not found.',
      }),
    );
  }
}
