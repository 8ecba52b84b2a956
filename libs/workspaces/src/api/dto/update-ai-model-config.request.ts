import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NestedObject } from '@app/platform';

export class ProviderKeyDto {
  @IsDefined({ message: '$property is required' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1000)
  apiKey: string;
}

/** `null` removes a provider's key (D3.5); an absent provider is left as it is. */
export class AiProvidersDto {
  @NestedObject(() => ProviderKeyDto, 'nullable') openai?: ProviderKeyDto | null;
  @NestedObject(() => ProviderKeyDto, 'nullable') anthropic?: ProviderKeyDto | null;
  @NestedObject(() => ProviderKeyDto, 'nullable') gemini?: ProviderKeyDto | null;
}

export class UpdateAiModelConfigRequest {
  @NestedObject(() => AiProvidersDto)
  providers: AiProvidersDto;
}
