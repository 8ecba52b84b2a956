import { IsBoolean, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsUrl } from 'class-validator';
import { NestedObject, OptionalField } from '@app/platform';

/** The hosted refusal of a provider URL that is neither empty nor http(s). */
export const INVALID_PROVIDER_URL = 'Please enter a valid URL';

export class PermissionProviderConfigDto {
  /** `''` clears it; else an http or https URL (hosted). */
  @OptionalField()
  @IsString()
  @MaxLength(2048)
  @ValidateIf((_, value) => value !== '')
  @IsUrl(
    { require_protocol: true, protocols: ['http', 'https'], require_tld: false },
    { message: INVALID_PROVIDER_URL },
  )
  permissionProviderUrl?: string;

  /** Sent to the provider; stored sealed, shown by its last four characters. */
  @OptionalField()
  @IsString()
  @MaxLength(2048)
  authToken?: string;
}

/** `/v2/workspace/permissionproviderconfig/update`: at least one of the two (hosted). */
export class UpdatePermissionProviderConfigRequest {
  @OptionalField()
  @IsBoolean()
  usePermissionProvider?: boolean;

  @NestedObject(() => PermissionProviderConfigDto, 'optional')
  permissionProviderConfig?: PermissionProviderConfigDto;
}
