import { IsDefined, IsEmail, IsString, MaxLength } from 'class-validator';
import { Optional } from '@app/platform';

/** D3.1 */
export class CreateWorkspaceRequest {
  @IsDefined({ message: '$property is required' })
  @IsEmail({}, { message: '$property must be an email address' })
  ownerEmail: string;

  @Optional() @IsString() @MaxLength(200) name?: string;
  @Optional() @IsString() @MaxLength(200) workspaceName?: string;
}
