import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { AccessRole, ResourceType } from '../../domain/resource';

/** One decision of a permission provider, its documented fields only. */
export interface PermissionDecision {
  userId: string;
  resourceId: string;
  type: ResourceType;
  hasAccess: boolean;
  accessRole?: AccessRole;
  expiresAt?: number;
}

/** `/v2/auth/generate_signature` (D15.2). */
export class GenerateSignatureCommand extends CommandOf<
  { tenant: ApiKeyTenant; permissions: PermissionDecision[] },
  { signature: string }
>() {}
