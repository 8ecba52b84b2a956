import { Injectable } from '@nestjs/common';
import { Subscriber } from '@app/event-store';
import { OrganizationDataSubscriber } from '@app/organizations';
import { USER_PERMISSIONS_STREAM_TYPE } from '../../domain/user-permissions.aggregate';

/**
 * D6.9: a deleted organization takes its users' permissions with it: the rows, and every
 * user's permission stream in it (their ids name the user; a user whose grants were all
 * removed has one too), so a rebuild brings nothing back. A background job
 * (OrganizationDataDeletion) removes them in short steps, as for every library.
 */
@Subscriber()
@Injectable()
export class OrganizationPermissionsSubscriber extends OrganizationDataSubscriber {
  readonly subscriptionId = 'access.permissions-of-deleted-organization';
  protected readonly library = 'access';
  protected readonly data = {
    tables: ['access_permissions'],
    streamTypes: [USER_PERMISSIONS_STREAM_TYPE],
  };
}
