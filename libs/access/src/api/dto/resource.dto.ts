import { IsIn, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { IsCallerId, NullAsAbsent, OptionalField, RequiredField, RequiredId } from '@app/platform';
import {
  ACCESS_ROLES,
  RESOURCE_TYPES,
  type AccessRole,
  type ResourceType,
} from '../../domain/resource';

const ONE_OF = (values: readonly string[]) => ({
  message: `$property must be one of: ${values.join(', ')}`,
});

/** A resource of remove: its type, id and, for a folder or document, its organization. */
export class ResourceRefDto {
  @RequiredField()
  @IsIn(RESOURCE_TYPES, ONE_OF(RESOURCE_TYPES))
  type: ResourceType;

  @RequiredId()
  id: string;

  /** Required for a folder or a document (hosted); an organization is its own `id`. */
  @NullAsAbsent()
  @ValidateIf((r: ResourceRefDto) => r.type !== 'organization' || r.organizationId !== undefined)
  @RequiredField()
  @IsCallerId()
  organizationId?: string;
}

/** A resource of add and generate_token: also the role and an expiry (Unix seconds). */
export class ResourceGrantDto extends ResourceRefDto {
  @OptionalField()
  @IsIn(ACCESS_ROLES, ONE_OF(ACCESS_ROLES))
  accessRole?: AccessRole;

  @OptionalField()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  expiresAt?: number;
}
