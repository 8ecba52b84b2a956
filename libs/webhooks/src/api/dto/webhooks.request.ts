import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { OptionalField, OptionalText, PageToken, RequiredField } from '@app/platform';
import { DELIVERY_STATUSES } from '../../domain/delivery';

/** `.../deliveries/get`: newest first, keyset pages, filters all optional. */
export class GetDeliveriesRequest {
  @OptionalField() @IsIn(DELIVERY_STATUSES) status?: string;
  @OptionalField() @IsString() @MaxLength(200) eventType?: string;
  @OptionalField() @IsString() @MaxLength(200) endpointId?: string;
  /** Epoch ms, included. */
  @OptionalField() @IsInt() @Min(0) from?: number;
  /** Epoch ms, excluded. */
  @OptionalField() @IsInt() @Min(0) to?: number;
  @OptionalField() @IsInt() @Min(1) @Max(100) pageSize: number = 50;
  @PageToken() pageToken?: string;
}

/** `.../deliveries/retry`: one delivery, or every failed one since a time (epoch ms). */
export class RetryDeliveriesRequest {
  @OptionalField() @IsString() @MaxLength(200) deliveryId?: string;
  @OptionalField() @IsInt() @Min(0) since?: number;
}

export class UpdateAdvancedConfigRequest {
  @OptionalField() @IsBoolean() isEnabled?: boolean;
  @OptionalField() @IsBoolean() encryptData?: boolean;
  @OptionalField() @IsBoolean() encodeData?: boolean;
  @OptionalField() @IsString() @MaxLength(8192) publicKey?: string;
  @OptionalField() @IsBoolean() enableDataProtection?: boolean;
}

/** What create and update share; `url` is required by create only. */
class EndpointFields {
  @OptionalField() @IsString() @MaxLength(2048) description?: string;
  @OptionalField()
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(200, { each: true })
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  filterTypes?: string[];
  @OptionalField()
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(200, { each: true })
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  channels?: string[];
  @OptionalField() @IsBoolean() disabled?: boolean;
  @OptionalField() @IsInt() @Min(1) @Max(100000) rateLimit?: number;
  @OptionalField() @IsObject() metadata?: Record<string, unknown>;
}

export class CreateEndpointRequest extends EndpointFields {
  @RequiredField() @IsString() @MaxLength(2048) url: string;
  @OptionalText(256) uid?: string;
}

export class UpdateEndpointRequest extends EndpointFields {
  @RequiredField() @IsString() @MaxLength(200) endpointId: string;
  @OptionalField() @IsString() @MaxLength(2048) url?: string;
}

export class EndpointIdRequest {
  @RequiredField() @IsString() @MaxLength(200) endpointId: string;
}

export class GetEndpointsRequest {
  @OptionalField() @IsInt() @Min(1) @Max(250) limit: number = 50;
  @OptionalField() @IsString() @MaxLength(2048) iterator?: string;
}
