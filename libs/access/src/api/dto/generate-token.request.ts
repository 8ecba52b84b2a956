import { IsBoolean, IsString, MaxLength } from 'class-validator';
import {
  MAX_BATCH_ITEMS,
  NestedList,
  NestedObject,
  OptionalField,
  RequiredField,
  RequiredId,
} from '@app/platform';
import { ResourceGrantDto } from './resource.dto';

/** The user as the token shows them (hosted `userProperties`). */
export class UserPropertiesDto {
  @OptionalField()
  @IsBoolean()
  isAdmin?: boolean;

  @RequiredField()
  @IsString()
  @MaxLength(512)
  name: string;

  @RequiredField()
  @IsString()
  @MaxLength(512)
  email: string;
}

export class TokenPermissionsDto {
  @NestedList(() => ResourceGrantDto, { max: MAX_BATCH_ITEMS })
  resources: ResourceGrantDto[];
}

/** `/v2/auth/generate_token` (hosted body). */
export class GenerateTokenRequest {
  @RequiredId()
  userId: string;

  @NestedObject(() => UserPropertiesDto)
  userProperties: UserPropertiesDto;

  @NestedObject(() => TokenPermissionsDto)
  permissions: TokenPermissionsDto;
}
