import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { refusedWhenDisabled } from '@app/documents';
import { ApiTags, BATCH_RESULT, CONFLICT, json, Page, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddReactionsCommand } from '../application/add-reactions/add-reactions.command';
import { AddRecordingsCommand } from '../application/add-recordings/add-recordings.command';
import { DeleteReactionsCommand } from '../application/delete-reactions/delete-reactions.command';
import { DeleteRecordingsCommand } from '../application/delete-recordings/delete-recordings.command';
import { GetRecordsQuery, type RecordView } from '../application/get-records/get-records.query';
import {
  AddReactionsRequest,
  AddRecordingsRequest,
  DeleteReactionsRequest,
  DeleteRecordingsRequest,
  GetReactionsRequest,
  GetRecordingsRequest,
} from './dto/simple-kinds.request';
import { RECORDING_VIEW, REACTION_VIEW } from './dto/collaboration.response';
import { documentsOf, targetOf } from './record-commands';

/** Element reactions and recordings (D10). */
@ApiTags('collaboration')
@Controller('v2')
export class ElementDataController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('reactions/add', {
    message: 'Reaction(s) added successfully.',
    summary: 'Add reactions to elements of a document',
    data: AddReactionsRequest,
    response: BATCH_RESULT,
    errors: refusedWhenDisabled({ ...CONFLICT, NOT_FOUND: 'the document does not exist' }),
  })
  @ApiKeyAuth()
  addReactions(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddReactionsRequest) {
    return this.commands.execute(
      new AddReactionsCommand({
        target: targetOf(tenant, 'reaction', data),
        reactions: data.reactions,
      }),
    );
  }

  @Rpc('reactions/get', {
    message: 'Reaction(s) retrieved successfully.',
    summary: "Read an organization's element reactions, narrowed by the filters, a page at a time",
    data: GetReactionsRequest,
    response: json.arrayOf(REACTION_VIEW),
    pageToken: 'nextPageToken',
  })
  @ApiKeyAuth()
  getReactions(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetReactionsRequest) {
    return this.queries.execute(
      new GetRecordsQuery({
        tenant,
        kind: 'reaction',
        filter: {
          organizationId: data.organizationId,
          documentIds: documentsOf(data),
          recordIds: data.reactionIds,
          locationIds: data.locationIds,
          userIds: data.userIds,
        },
        pageSize: data.pageSize,
        pageToken: data.pageToken,
      }),
    );
  }

  @Rpc('reactions/delete', {
    message: 'Reaction(s) deleted successfully.',
    summary: 'Delete element reactions',
    data: DeleteReactionsRequest,
    response: BATCH_RESULT,
    errors: { ...CONFLICT, NOT_FOUND: 'the document does not exist' },
  })
  @ApiKeyAuth()
  deleteReactions(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteReactionsRequest) {
    return this.commands.execute(
      new DeleteReactionsCommand({
        target: targetOf(tenant, 'reaction', data),
        reactionIds: data.reactionIds,
      }),
    );
  }

  @Rpc('recordings/add', {
    message: 'Recording(s) added successfully.',
    summary: 'Add recordings to a document',
    data: AddRecordingsRequest,
    response: BATCH_RESULT,
    errors: refusedWhenDisabled({ ...CONFLICT, NOT_FOUND: 'the document does not exist' }),
  })
  @ApiKeyAuth()
  addRecordings(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddRecordingsRequest) {
    return this.commands.execute(
      new AddRecordingsCommand({
        target: targetOf(tenant, 'recording', data),
        recordings: data.recordings,
      }),
    );
  }

  /** Hosted: the next token is `result.pageToken` here. */
  @Rpc('recordings/get', {
    message: 'Recorder annotations retrieved successfully.',
    summary: "Read an organization's recordings, narrowed by the filters, a page at a time",
    data: GetRecordingsRequest,
    response: json.arrayOf(RECORDING_VIEW),
    pageToken: 'pageToken',
  })
  @ApiKeyAuth()
  async getRecordings(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetRecordingsRequest) {
    const page: Page<RecordView> = await this.queries.execute(
      new GetRecordsQuery({
        tenant,
        kind: 'recording',
        filter: {
          organizationId: data.organizationId,
          documentIds: documentsOf(data),
          recordIds: data.recordingIds,
          locationIds: data.locationIds,
          userIds: data.userIds,
        },
        pageSize: data.pageSize,
        pageToken: data.pageToken,
        tokenField: 'pageToken',
      }),
    );
    return new Page(page.data.map(recordingView), page.nextToken, page.tokenField);
  }

  @Rpc('recordings/delete', {
    message: 'Recording(s) deleted successfully.',
    summary: 'Delete recordings',
    data: DeleteRecordingsRequest,
    response: BATCH_RESULT,
    errors: { ...CONFLICT, NOT_FOUND: 'the document does not exist' },
  })
  @ApiKeyAuth()
  deleteRecordings(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteRecordingsRequest) {
    return this.commands.execute(
      new DeleteRecordingsCommand({
        target: targetOf(tenant, 'recording', data),
        recordingIds: data.recordingIds,
      }),
    );
  }
}

/**
 * A recording as the hosted read shows it: a recorder annotation, its id also its
 * `annotationId`, at version 1 unless the caller gave another.
 */
const recordingView = (r: RecordView) => ({
  ...r,
  annotationId: r.recordingId,
  type: 'recorder',
  latestVersion: r.latestVersion ?? 1,
});
