import { Injectable } from '@nestjs/common';
import { Subscriber } from '@app/event-store';
import { OrganizationDataSubscriber } from '@app/organizations';
import { USER_STREAM_TYPE } from '../../domain/user.aggregate';

/**
 * Deleting an organization deletes its user records at every scope (D6.9): rows and
 * streams, whose ids name the user, so nothing of them stays and a user added again in an
 * organization added again starts from scratch.
 * A background job (OrganizationDataDeletion) removes them in short steps.
 */
@Subscriber()
@Injectable()
export class UsersOfDeletedOrganizationSubscriber extends OrganizationDataSubscriber {
  readonly subscriptionId = 'users.users-of-deleted-organization';
  protected readonly library = 'users';
  protected readonly data = { tables: ['users'], streamTypes: [USER_STREAM_TYPE] };
}
