import { IsDefined, IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';

/** D3.1 */
export class CreateWorkspaceRequest {
  @IsDefined({ message: '$property is required' })
  @IsEmail({}, { message: '$property must be an email address' })
  ownerEmail: string;

  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsString() @MaxLength(200) workspaceName?: string;
}
