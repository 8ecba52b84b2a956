import { IsString, MaxLength } from 'class-validator';
import { IsCallerId, OptionalField, RequiredField, RequiredId } from '@app/platform';

export class CreateTaskRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  taskId: string;

  @RequiredField()
  @IsString()
  @MaxLength(500)
  title: string;

  @OptionalField()
  @IsCallerId()
  assigneeId?: string;
}
