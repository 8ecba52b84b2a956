import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DocumentDirectory } from '@app/documents';
import { AggregateRepository, streamTarget } from '@app/event-store';
import { OrganizationScope } from '@app/organizations';
import { ServiceError } from '@app/platform';
import { metadataOf, readActivitySwitch } from '@app/workspaces';
import type { ActivityItemDto } from '../../api/dto/add-activities.request';
import {
  Activity,
  ACTIVITY_MESSAGES,
  ACTIVITY_STREAM_TYPE,
  activityStream,
} from '../../domain/activity.aggregate';
import type { ActivityContent } from '../../domain/activity.events';
import { newActivityId } from '../common/activity-id';
import { AddActivitiesCommand, type AddActivitiesResult } from './add-activities.command';

const field = (i: number, name: string) => `data.activities[${i}].${name}`;

/** What the request's own rules cannot say: custom records name their target, ids once. */
function checkItems(items: readonly ActivityItemDto[]): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (item.featureType === 'custom' && item.targetEntityId === undefined) {
      throw ServiceError.invalidField(
        field(i, 'targetEntityId'),
        'targetEntityId is required when featureType is custom',
      );
    }
    if (item.id === undefined) return;
    if (seen.has(item.id)) {
      throw ServiceError.invalidField(field(i, 'id'), `id ${item.id} is given more than once`);
    }
    seen.add(item.id);
  });
}

/**
 * Operation 18. In one transaction: the organization and document must exist (NOT_FOUND, as
 * operation 23 without its create flags); the key's config says whether the records are
 * immutable (D7.5), read there so a record is stamped with the config it was written under;
 * each record is logged, or replaced whole when its id exists (D7.1). An immutable record is
 * never rewritten: naming one refuses the whole call, and nothing is stored.
 */
@CommandHandler(AddActivitiesCommand)
export class AddActivitiesHandler implements ICommandHandler<AddActivitiesCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly organizations: OrganizationScope,
    private readonly documents: DocumentDirectory,
  ) {}

  execute({ tenant, input }: AddActivitiesCommand): Promise<AddActivitiesResult> {
    checkItems(input.activities);
    const { apiKey } = tenant;
    const { organizationId, documentId } = input;
    // Made once: a retried transaction writes the same ids.
    const refs = input.activities.map((item) => ({
      apiKey,
      organizationId,
      activityId: item.id ?? newActivityId(),
    }));
    return this.repository.updateMany(
      refs.map((ref) =>
        streamTarget(ACTIVITY_STREAM_TYPE, activityStream(ref), () => new Activity(ref)),
      ),
      metadataOf(tenant),
      {
        before: async (manager) => {
          const at = Date.now();
          const scope = await this.organizations.open(manager, { apiKey, organizationId, at });
          await this.documents.require(apiKey, organizationId, documentId, manager);
          const immutable = (await readActivitySwitch(manager, apiKey)).immutable ?? false;
          return { at, immutable, toSave: scope.toSave };
        },
        decide: (activities, { prepared: { at, immutable } }) => {
          input.activities.forEach((item, i) => {
            const activity = activities[i];
            if (activity.content?.immutable) {
              throw new ServiceError(
                'FAILED_PRECONDITION',
                `Activity ${refs[i].activityId} is immutable and cannot be replaced`,
                { fields: [{ field: field(i, 'id'), message: ACTIVITY_MESSAGES.immutable }] },
              );
            }
            activity.log(contentOf(documentId, item, immutable, at));
          });
          return { success: true, message: ACTIVITY_MESSAGES.added };
        },
      },
    );
  }
}

/** The record as given, only the fields given; the server sets `immutable` and `timestamp`. */
function contentOf(
  documentId: string,
  item: ActivityItemDto,
  immutable: boolean,
  at: number,
): ActivityContent {
  const { extra, userId, name, email } = item.actionUser;
  const given = <K extends keyof ActivityItemDto>(key: K) =>
    item[key] !== undefined ? { [key]: item[key] } : {};
  return {
    documentId,
    featureType: item.featureType,
    actionType: item.actionType,
    actionUser: {
      ...extra,
      userId,
      ...(name !== undefined && { name }),
      ...(email !== undefined && { email }),
    },
    ...given('eventType'),
    ...given('targetEntityId'),
    ...given('targetSubEntityId'),
    ...given('changes'),
    ...given('entityData'),
    ...given('entityTargetData'),
    ...given('displayMessageTemplate'),
    ...given('displayMessageTemplateData'),
    ...given('actionIcon'),
    ...given('isActivityResolverUsed'),
    immutable,
    timestamp: at,
  };
}
