import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { RequiredField } from '@app/platform';

/** Operation 5's body. The model name goes into provider URLs (Gemini): no `/` or `..` tricks. */
export class AskAiRequest {
  @RequiredField()
  @IsString()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/, {
    message: '$property must be a model name such as gpt-4o',
  })
  model: string;

  @RequiredField()
  @IsString()
  @IsNotEmpty()
  @MaxLength(20_000)
  prompt: string;

  @RequiredField()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100_000)
  text: string;
}
