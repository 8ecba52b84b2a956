import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { AddActivitiesRequest } from '../../api/dto/add-activities.request';

/** Operation 18's answer (spec). */
export interface AddActivitiesResult {
  success: boolean;
  message: string;
}

/** Operation 18: log records on a document, all or none (D7.1). */
export class AddActivitiesCommand extends CommandOf<
  { tenant: ApiKeyTenant; input: AddActivitiesRequest },
  AddActivitiesResult
>() {}
