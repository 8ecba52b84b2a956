import {
  ArrayMaxSize,
  IsArray,
  IsNotEmpty,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
} from 'class-validator';
import { NestedObject, OptionalField, RequiredField } from '@app/platform';

/** A model name as providers write them (`gpt-4o`, `claude-sonnet-4-0`, `llama3.1:8b`). */
const MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

export class ProviderKeyDto {
  @RequiredField()
  @IsString()
  @IsNotEmpty()
  @MaxLength(1000)
  apiKey: string;

  /** A self-hosted or proxied endpoint for this workspace (D12.2); a private address only where the server allows it (D12.4). */
  @OptionalField()
  @IsString()
  @MaxLength(2048)
  @IsUrl(
    { require_protocol: true, protocols: ['http', 'https'], require_tld: false },
    { message: '$property must be an http or https URL' },
  )
  @Matches(/^[^?#@]*$/, {
    message: '$property must not carry credentials, a query or a fragment',
  })
  baseUrl?: string;

  /** When given, only these models may be asked through this provider. */
  @OptionalField()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Matches(MODEL_NAME, { each: true, message: '$property must be model names' })
  models?: string[];
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
