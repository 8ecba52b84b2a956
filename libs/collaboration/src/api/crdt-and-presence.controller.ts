import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { MAX_PAGE_SIZE, RequestData, Rpc, ServiceError } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { ChangeRecordCommand } from '../application/change-record/change-record.command';
import { GetRecordsQuery, type RecordView } from '../application/get-records/get-records.query';
import type { CrdtRecord, Presence } from '../domain/kinds/simple-kinds';
import {
  addPresence,
  crdtRecord,
  PRESENCE_RECORD_ID,
  removePresence,
} from '../domain/kinds/simple-operations';
import { DocumentTargetRequest } from './dto/common.dto';
import {
  AddPresenceRequest,
  DeletePresenceRequest,
  GetCrdtRequest,
  WriteCrdtRequest,
} from './dto/simple-kinds.request';
import { targetOf } from './record-commands';

/** CRDT records (D10, operation 20) and presence (D10, operation 21). */
@ApiTags('collaboration')
@Controller()
export class CrdtAndPresenceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('v2/crdt/add', { message: 'CRDT data added successfully.', data: WriteCrdtRequest })
  @ApiKeyAuth()
  async addCrdt(@Tenant() tenant: ApiKeyTenant, @RequestData() data: WriteCrdtRequest) {
    await this.commands.execute(
      new ChangeRecordCommand<CrdtRecord>(
        targetOf(tenant, 'crdt', data),
        data.editorId,
        (current, at) => {
          if (current) {
            throw new ServiceError(
              'ALREADY_EXISTS',
              'CRDT data already exists for this editor ID.',
            );
          }
          return { next: crdtRecord(data, at), result: null, action: 'crdt.add' };
        },
      ),
    );
    return null;
  }

  @Rpc('v2/crdt/update', { message: 'CRDT data updated successfully.', data: WriteCrdtRequest })
  @ApiKeyAuth()
  async updateCrdt(@Tenant() tenant: ApiKeyTenant, @RequestData() data: WriteCrdtRequest) {
    await this.commands.execute(
      new ChangeRecordCommand<CrdtRecord>(
        targetOf(tenant, 'crdt', data),
        data.editorId,
        (current, at) => {
          if (!current)
            throw new ServiceError('NOT_FOUND', 'No CRDT data found for this editor ID.');
          return { next: crdtRecord(data, at), result: null, action: 'crdt.update' };
        },
      ),
    );
    return null;
  }

  /**
   * Operation 20: the editor's record, or every editor's when `editorId` is absent (the spec
   * has no paging here: one page of the largest size, 1000 editors).
   */
  @Rpc('v2/crdt/get', { message: 'CRDT data retrieved successfully.', data: GetCrdtRequest })
  @ApiKeyAuth()
  async getCrdt(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetCrdtRequest) {
    const page = await this.queries.execute(
      new GetRecordsQuery(
        tenant,
        'crdt',
        {
          organizationId: data.organizationId,
          documentIds: [data.documentId],
          recordIds: data.editorId !== undefined ? [data.editorId] : undefined,
        },
        MAX_PAGE_SIZE,
        undefined,
      ),
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

  @Rpc('v2/presence/add', { message: 'Presence added successfully.', data: AddPresenceRequest })
  @ApiKeyAuth()
  addPresence(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddPresenceRequest) {
    return this.commands.execute(
      new ChangeRecordCommand<Presence>(
        targetOf(tenant, 'presence', data),
        PRESENCE_RECORD_ID,
        (current, at) => ({
          next: addPresence(current, data.users, at),
          result: { success: true },
          action: 'presence.add',
        }),
      ),
    );
  }

  @Rpc('v2/presence/get', {
    message: 'Presence retrieved successfully.',
    data: DocumentTargetRequest,
  })
  @ApiKeyAuth()
  async getPresence(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DocumentTargetRequest) {
    const page = await this.queries.execute(
      new GetRecordsQuery(
        tenant,
        'presence',
        { organizationId: data.organizationId, documentIds: [data.documentId] },
        1,
        undefined,
      ),
    );
    return (page.data[0] as unknown as Presence | undefined)?.users ?? [];
  }

  /** Operation 21. */
  @Rpc('v2/presence/delete', {
    message: 'Presence deleted successfully.',
    data: DeletePresenceRequest,
  })
  @ApiKeyAuth()
  deletePresence(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeletePresenceRequest) {
    return this.commands.execute(
      new ChangeRecordCommand<Presence>(
        targetOf(tenant, 'presence', data),
        PRESENCE_RECORD_ID,
        (current) => ({
          next: removePresence(current, data.userIds),
          result: { success: true },
          action: 'presence.delete',
        }),
      ),
    );
  }
}
