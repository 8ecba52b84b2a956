import { IsEmail, IsString, MaxLength } from 'class-validator';
import { OptionalField, RequiredField } from '@app/platform';

/** D3.1 */
export class CreateWorkspaceRequest {
  @RequiredField()
  @IsEmail({}, { message: '$property must be an email address' })
  ownerEmail: string;

  @OptionalField() @IsString() @MaxLength(200) name?: string;
  @OptionalField() @IsString() @MaxLength(200) workspaceName?: string;
}
