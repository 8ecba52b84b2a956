import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags, CONFLICT, json, RequestData, Rpc, ServiceError } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddActivitiesCommand } from '../application/add-activities/add-activities.command';
import { DeleteActivitiesCommand } from '../application/delete-activities/delete-activities.command';
import { GetActivitiesQuery } from '../application/get-activities/get-activities.query';
import { UpdateActivitiesCommand } from '../application/update-activities/update-activities.command';
import { ACTIVITY_MESSAGES } from '../domain/activity.aggregate';
import { AddActivitiesRequest } from './dto/add-activities.request';
import { DeleteActivitiesRequest } from './dto/delete-activities.request';
import { GetActivitiesRequest } from './dto/get-activities.request';
import { UpdateActivitiesRequest } from './dto/update-activities.request';
import {
  ACTIVITIES_ADDED,
  ACTIVITIES_DELETED,
  ACTIVITIES_UPDATED,
  ACTIVITY_VIEW,
} from './dto/activity.response';

/**
 * The envelope message of each operation (hosted texts). Adding answers the same text in its
 * `result.data`, so that one is the domain's.
 */
const ENVELOPE_MESSAGES = {
  added: ACTIVITY_MESSAGES.added,
  updated: 'Activity(s) updated successfully.',
  retrieved: 'Activity(s) retrieved successfully.',
  deleted: 'Activity(s) deleted successfully.',
} as const;

const SWITCHED_OFF = {
  FAILED_PRECONDITION: 'the activity service is off for the API key (activityServiceEnabled)',
};

/**
 * Operations 18 and 19, which need the activity service on (D7.4), and the hosted read and
 * delete, which never do: a key's history can always be read and erased.
 */
@ApiTags('activities')
@Controller()
export class ActivitiesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Operation 18. */
  @Rpc('v2/activities/add', {
    message: ENVELOPE_MESSAGES.added,
    summary: 'Add activity records to a document, or replace the record with an id; all or none',
    data: AddActivitiesRequest,
    response: ACTIVITIES_ADDED,
    errors: {
      ...CONFLICT,
      NOT_FOUND: 'the organization or document does not exist',
      FAILED_PRECONDITION: `${SWITCHED_OFF.FAILED_PRECONDITION}, or an id names an immutable record`,
    },
  })
  @ApiKeyAuth({ requires: 'activityServiceEnabled' })
  add(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddActivitiesRequest) {
    return this.commands.execute(new AddActivitiesCommand({ tenant, input: data }));
  }

  /** Operation 19. */
  @Rpc('v2/activities/update', {
    message: ENVELOPE_MESSAGES.updated,
    summary: 'Change fields of activity records, each id answered on its own',
    data: UpdateActivitiesRequest,
    response: ACTIVITIES_UPDATED,
    errors: { ...CONFLICT, ...SWITCHED_OFF },
  })
  @ApiKeyAuth({ requires: 'activityServiceEnabled' })
  update(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateActivitiesRequest) {
    return this.commands.execute(
      new UpdateActivitiesCommand({
        tenant,
        organizationId: data.organizationId,
        activities: data.activities,
      }),
    );
  }

  @Rpc('v2/activities/get', {
    message: ENVELOPE_MESSAGES.retrieved,
    summary: 'Read activity records of an organization, narrowed by any filters, newest first',
    data: GetActivitiesRequest,
    response: json.arrayOf(ACTIVITY_VIEW),
    pageToken: 'pageToken',
  })
  @ApiKeyAuth()
  get(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetActivitiesRequest) {
    const { pageSize, pageToken, ...filter } = data;
    return this.queries.execute(new GetActivitiesQuery({ tenant, filter, pageSize, pageToken }));
  }

  @Rpc('v2/activities/delete', {
    message: ENVELOPE_MESSAGES.deleted,
    summary: 'Delete activity records by id, or every one of a document or target entity',
    data: DeleteActivitiesRequest,
    response: ACTIVITIES_DELETED,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  delete(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteActivitiesRequest) {
    const { organizationId, activityIds, documentId, targetEntityId } = data;
    if (!activityIds && documentId === undefined && targetEntityId === undefined) {
      throw ServiceError.invalidField(
        'data.activityIds',
        'give activityIds, documentId or targetEntityId',
      );
    }
    return this.commands.execute(
      new DeleteActivitiesCommand({
        tenant,
        selection: { organizationId, documentId, targetEntityId },
        activityIds,
      }),
    );
  }
}
