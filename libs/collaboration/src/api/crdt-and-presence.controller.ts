import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { refusedWhenDisabled } from '@app/documents';
import { ApiTags, CONFLICT, json, MAX_PAGE_SIZE, NULL_DATA, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddCrdtCommand } from '../application/add-crdt/add-crdt.command';
import { AddPresenceCommand } from '../application/add-presence/add-presence.command';
import { DeletePresenceCommand } from '../application/delete-presence/delete-presence.command';
import { GetRecordsQuery, type RecordView } from '../application/get-records/get-records.query';
import { UpdateCrdtCommand } from '../application/update-crdt/update-crdt.command';
import { UpdatePresenceCommand } from '../application/update-presence/update-presence.command';
import { UpdatePresenceRequest } from './dto/reads-and-presence.request';
import type { CrdtRecord, Presence } from '../domain/kinds/simple-kinds';
import { DocumentTargetRequest } from './dto/common.dto';
import {
  AddPresenceRequest,
  DeletePresenceRequest,
  GetCrdtRequest,
  WriteCrdtRequest,
} from './dto/simple-kinds.request';
import { CRDT_VIEW, PRESENCE_USER, SUCCESS_FLAG } from './dto/collaboration.response';
import { targetOf } from './record-commands';

/** CRDT records (D10, operation 20) and presence (D10, operation 21). */
@ApiTags('collaboration')
@Controller()
export class CrdtAndPresenceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('v2/crdt/add', {
    message: 'CRDT data added successfully.',
    summary: "Write an editor's first CRDT state in a document",
    data: WriteCrdtRequest,
    response: NULL_DATA,
    errors: refusedWhenDisabled({
      ...CONFLICT,
      NOT_FOUND: 'the document does not exist',
      ALREADY_EXISTS: 'the editor already has a CRDT record here',
    }),
  })
  @ApiKeyAuth()
  addCrdt(@Tenant() tenant: ApiKeyTenant, @RequestData() data: WriteCrdtRequest) {
    const { editorId, ...input } = crdtWrite(data);
    return this.commands.execute(
      new AddCrdtCommand({ target: targetOf(tenant, 'crdt', data), editorId, input }),
    );
  }

  @Rpc('v2/crdt/update', {
    message: 'CRDT data updated successfully.',
    summary: "Replace an editor's CRDT state in a document",
    data: WriteCrdtRequest,
    response: NULL_DATA,
    errors: refusedWhenDisabled({
      ...CONFLICT,
      NOT_FOUND: 'the document does not exist, or the editor has no record',
    }),
  })
  @ApiKeyAuth()
  updateCrdt(@Tenant() tenant: ApiKeyTenant, @RequestData() data: WriteCrdtRequest) {
    const { editorId, ...input } = crdtWrite(data);
    return this.commands.execute(
      new UpdateCrdtCommand({ target: targetOf(tenant, 'crdt', data), editorId, input }),
    );
  }

  /**
   * Operation 20: the editor's record, or every editor's when `editorId` is absent (the spec
   * has no paging here: one page of the largest size, 1000 editors).
   */
  @Rpc('v2/crdt/get', {
    message: 'CRDT data retrieved successfully.',
    summary: "Read an editor's CRDT record, or every editor's (up to 1000), in a document",
    data: GetCrdtRequest,
    response: json.arrayOf(CRDT_VIEW),
  })
  @ApiKeyAuth()
  async getCrdt(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetCrdtRequest) {
    const page = await this.queries.execute(
      new GetRecordsQuery({
        tenant,
        kind: 'crdt',
        filter: {
          organizationId: data.organizationId,
          documentIds: [data.documentId],
          recordIds: data.editorId !== undefined ? [data.editorId] : undefined,
        },
        pageSize: MAX_PAGE_SIZE,
        pageToken: undefined,
      }),
    );
    return page.data.map((r: RecordView) => {
      const record = r as unknown as CrdtRecord;
      return {
        data: record.data,
        id: record.editorId,
        lastUpdate: new Date(record.lastUpdate).toISOString(),
        lastUpdatedBy: record.lastUpdatedBy,
        sessionId: record.sessionId,
      };
    });
  }

  @Rpc('v2/presence/add', {
    message: 'Presence added successfully.',
    summary: 'Mark users present on a document, or refresh their presence',
    data: AddPresenceRequest,
    response: SUCCESS_FLAG,
    errors: refusedWhenDisabled({ ...CONFLICT, NOT_FOUND: 'the document does not exist' }),
  })
  @ApiKeyAuth()
  addPresence(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddPresenceRequest) {
    return this.commands.execute(
      new AddPresenceCommand({ target: targetOf(tenant, 'presence', data), users: data.users }),
    );
  }

  /** A user not present is left out: the call changes presence, it makes no one present. */
  @Rpc('v2/presence/update', {
    message: 'Presence updated successfully.',
    summary: 'Change the name, email or status of users present on a document',
    data: UpdatePresenceRequest,
    response: SUCCESS_FLAG,
    errors: refusedWhenDisabled({ ...CONFLICT, NOT_FOUND: 'the document does not exist' }),
  })
  @ApiKeyAuth()
  updatePresence(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdatePresenceRequest) {
    return this.commands.execute(
      new UpdatePresenceCommand({ target: targetOf(tenant, 'presence', data), users: data.users }),
    );
  }

  @Rpc('v2/presence/get', {
    message: 'Presence retrieved successfully.',
    summary: 'Read the users present on a document',
    data: DocumentTargetRequest,
    response: json.arrayOf(PRESENCE_USER),
  })
  @ApiKeyAuth()
  async getPresence(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DocumentTargetRequest) {
    const page = await this.queries.execute(
      new GetRecordsQuery({
        tenant,
        kind: 'presence',
        filter: { organizationId: data.organizationId, documentIds: [data.documentId] },
        pageSize: 1,
        pageToken: undefined,
      }),
    );
    return (page.data[0] as unknown as Presence | undefined)?.users ?? [];
  }

  /** Operation 21. */
  @Rpc('v2/presence/delete', {
    message: 'Presence deleted successfully.',
    summary: 'Remove users from the presence on a document',
    data: DeletePresenceRequest,
    response: SUCCESS_FLAG,
    errors: { ...CONFLICT, NOT_FOUND: 'the document does not exist' },
  })
  @ApiKeyAuth()
  deletePresence(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeletePresenceRequest) {
    return this.commands.execute(
      new DeletePresenceCommand({
        target: targetOf(tenant, 'presence', data),
        userIds: data.userIds,
      }),
    );
  }
}

/** The CRDT fields of a write request. */
const crdtWrite = (data: WriteCrdtRequest) => ({
  editorId: data.editorId,
  type: data.type,
  data: data.data,
  lastUpdatedBy: data.lastUpdatedBy,
  sessionId: data.sessionId,
  location: data.location,
  contentKey: data.contentKey,
});
