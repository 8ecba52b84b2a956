import { Type } from 'class-transformer';
import {
  IsDefined,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

export class ProviderKeyDto {
  @IsDefined({ message: '$property is required' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1000)
  apiKey: string;
}

/** `null` removes a provider's key (D3.5); an absent provider is left as it is. */
export class AiProvidersDto {
  @IsOptional() @ValidateNested() @Type(() => ProviderKeyDto) openai?: ProviderKeyDto | null;
  @IsOptional() @ValidateNested() @Type(() => ProviderKeyDto) anthropic?: ProviderKeyDto | null;
  @IsOptional() @ValidateNested() @Type(() => ProviderKeyDto) gemini?: ProviderKeyDto | null;
}

export class UpdateAiModelConfigRequest {
  @IsDefined({ message: '$property is required' })
  @ValidateNested()
  @Type(() => AiProvidersDto)
  providers: AiProvidersDto;
}
