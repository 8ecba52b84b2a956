import { IsDefined, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/** Operation 5's body. The model name goes into provider URLs (Gemini): no `/` or `..` tricks. */
export class AskAiRequest {
  @IsDefined({ message: '$property is required' })
  @IsString()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/, {
    message: '$property must be a model name such as gpt-4o',
  })
  model: string;

  @IsDefined({ message: '$property is required' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(20_000)
  prompt: string;

  @IsDefined({ message: '$property is required' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100_000)
  text: string;
}
