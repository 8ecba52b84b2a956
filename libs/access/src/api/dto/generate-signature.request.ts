import { IsBoolean, IsIn, IsInt, Max, Min } from 'class-validator';
import { BatchOf, OptionalField, RequiredField, RequiredId } from '@app/platform';
import {
  ACCESS_ROLES,
  RESOURCE_TYPES,
  type AccessRole,
  type ResourceType,
} from '../../domain/resource';

/** One access decision of a permission provider (hosted `PermissionData`). */
export class PermissionDecisionDto {
  @RequiredId()
  userId: string;

  @RequiredId()
  resourceId: string;

  @RequiredField()
  @IsIn(RESOURCE_TYPES, { message: `$property must be one of: ${RESOURCE_TYPES.join(', ')}` })
  type: ResourceType;

  @RequiredField()
  @IsBoolean()
  hasAccess: boolean;

  @OptionalField()
  @IsIn(ACCESS_ROLES, { message: `$property must be one of: ${ACCESS_ROLES.join(', ')}` })
  accessRole?: AccessRole;

  /** Milliseconds (hosted, unlike the seconds of permissions/add). */
  @OptionalField()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  expiresAt?: number;
}

/** `/v2/auth/generate_signature`. */
export class GenerateSignatureRequest {
  @BatchOf(() => PermissionDecisionDto)
  permissions: PermissionDecisionDto[];
}
