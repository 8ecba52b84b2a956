import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ServiceError } from '@app/platform';
import { DataSource } from 'typeorm';
import { ApiKeyRow } from '../../read-models/api-key.entity';
import { WorkspaceRow } from '../../read-models/workspace.entity';
import { apiKeySummaryOf } from '../common/api-key-summary';
import { GetWorkspaceQuery, type WorkspaceView } from './get-workspace.query';

@QueryHandler(GetWorkspaceQuery)
export class GetWorkspaceHandler implements IQueryHandler<GetWorkspaceQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant }: GetWorkspaceQuery): Promise<WorkspaceView> {
    const m = this.dataSource.manager;
    const row = await m.findOneBy(WorkspaceRow, { id: tenant.workspaceId });
    // The guard has just found it; only a workspace gone meanwhile gets here.
    if (!row) throw new ServiceError('NOT_FOUND', 'Workspace not found.');
    const keys = await m.find(ApiKeyRow, {
      where: { workspaceId: row.id },
      order: { apiKey: 'ASC' },
    });
    return {
      id: row.id,
      name: row.name,
      owner: {
        email: row.ownerEmail,
        ...(row.ownerId !== null && { id: row.ownerId }),
        name: row.ownerName,
        ...(row.ownerAvatar !== null && { avatar: row.ownerAvatar }),
      },
      apiKeyList: Object.fromEntries(keys.map((key) => [key.apiKey, apiKeySummaryOf(key)])),
    };
  }
}
