import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { OptionalField, RequiredField } from '@app/platform';

/** D3.1 */
export class CreateWorkspaceRequest {
  @RequiredField()
  @IsEmail({}, { message: '$property must be an email address' })
  ownerEmail: string;

  /** The owner's display name; the owner's email when absent (hosted). */
  @OptionalField() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @OptionalField() @IsString() @IsNotEmpty() @MaxLength(200) workspaceName?: string;
  /** The owner's avatar image (a URL, as the hosted call takes it), shown back as `owner.avatar`. */
  @OptionalField() @IsString() @IsNotEmpty() @MaxLength(2000) avatar?: string;
}
