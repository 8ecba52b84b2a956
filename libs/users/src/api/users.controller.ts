import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags, BATCH_RESULT, CONFLICT, RequestData, Rpc, ServiceError } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddUsersCommand } from '../application/add-users/add-users.command';
import { GetUsersQuery, type UsersSelection } from '../application/get-users/get-users.query';
import type { UserTarget } from '../application/common/user-item';
import { UpdateUsersCommand } from '../application/update-users/update-users.command';
import { RemoveUsersCommand } from '../application/remove-users/remove-users.command';
import { USERS_ANSWER } from './dto/users.response';
import {
  AddUsersRequest,
  GetUsersRequest,
  RemoveUsersRequest,
  UsersRequest,
  type UserScopeRequest,
} from './dto/users.request';

/** The scope a call names (D8.1); both a document and a folder is ambiguous. */
function targetOf({ organizationId, documentId, folderId }: UserScopeRequest): UserTarget {
  if (documentId !== undefined && folderId !== undefined) {
    throw ServiceError.invalidField('data.folderId', 'give documentId or folderId, not both');
  }
  if (documentId !== undefined)
    return { organizationId, scope: { type: 'document', id: documentId } };
  if (folderId !== undefined) return { organizationId, scope: { type: 'folder', id: folderId } };
  return { organizationId, scope: { type: 'organization', id: '' } };
}

/** users/get: one scope, or every document's users (hosted `allDocuments`). */
function selectionOf(data: GetUsersRequest): UsersSelection {
  const { organizationId, allDocuments, groupByDocumentId } = data;
  if (!allDocuments) {
    if (groupByDocumentId) {
      throw ServiceError.invalidField(
        'data.groupByDocumentId',
        'groupByDocumentId works with allDocuments: true',
      );
    }
    return { kind: 'scope', target: targetOf(data) };
  }
  for (const field of ['documentId', 'folderId'] as const) {
    if (data[field] !== undefined) {
      throw ServiceError.invalidField(`data.${field}`, `give allDocuments or ${field}, not both`);
    }
  }
  return { kind: 'all-documents', organizationId, groupByDocumentId: !!groupByDocumentId };
}

const UPDATE = {
  message: 'User(s) processed successfully.',
  summary: 'Update users of an organization, document or folder',
  data: UsersRequest,
  response: BATCH_RESULT,
  errors: { ...CONFLICT, NOT_FOUND: 'the organization, document or folder does not exist' },
} as const;

/** User operations: spec 15 and users add/get of D8.1. */
@ApiTags('users')
@Controller()
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('v2/users/add', {
    message: 'User(s) processed successfully.',
    summary: 'Add users to an organization, or to one of its documents or folders',
    data: AddUsersRequest,
    response: BATCH_RESULT,
    errors: {
      ...CONFLICT,
      NOT_FOUND:
        'the organization, document or folder does not exist and its create flag is not set',
    },
  })
  @ApiKeyAuth()
  add(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddUsersRequest) {
    return this.commands.execute(
      new AddUsersCommand({
        tenant,
        target: targetOf(data),
        users: data.users,
        create: {
          organization: data.createOrganization === true,
          folder: data.createFolder === true,
          document: data.createDocument === true,
        },
      }),
    );
  }

  /** Operation 15. */
  @Rpc('v1/users/update', UPDATE)
  @ApiKeyAuth()
  update(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UsersRequest) {
    return this.commands.execute(
      new UpdateUsersCommand({ tenant, target: targetOf(data), users: data.users }),
    );
  }

  /** Operation 15 at the hosted v2 path (D6.8): the same handler. */
  @Rpc('v2/users/update', UPDATE)
  @ApiKeyAuth()
  updateV2(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UsersRequest) {
    return this.update(tenant, data);
  }

  @Rpc('v2/users/get', {
    message: 'User(s) retrieved successfully.',
    summary: 'Read the users of an organization, document or folder, a page at a time',
    data: GetUsersRequest,
    response: USERS_ANSWER,
    pageToken: 'nextPageToken',
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  get(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetUsersRequest) {
    return this.queries.execute(
      new GetUsersQuery({
        tenant,
        selection: selectionOf(data),
        filters: { userIds: data.userIds, groupIds: data.organizationUserGroupIds },
        pageSize: data.pageSize,
        pageToken: data.pageToken,
      }),
    );
  }

  @Rpc('v2/users/delete', {
    message: 'User(s) deleted successfully.',
    summary:
      'Remove users from an organization (every record and group membership in it) or from one of its documents or folders; what they wrote stays',
    data: RemoveUsersRequest,
    response: BATCH_RESULT,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  remove(@Tenant() tenant: ApiKeyTenant, @RequestData() data: RemoveUsersRequest) {
    return this.commands.execute(
      new RemoveUsersCommand({ tenant, target: targetOf(data), userIds: data.userIds }),
    );
  }
}
