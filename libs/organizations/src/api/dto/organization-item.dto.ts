import { IsBoolean } from 'class-validator';
import { ExtraFields, OptionalField, OptionalText, RequiredId } from '@app/platform';

/** One organization of operations 6 and 7; other fields are kept as metadata (D6.1). */
export class OrganizationItemDto {
  @RequiredId()
  organizationId: string;

  @OptionalText(1024)
  organizationName?: string;

  @OptionalField()
  @IsBoolean()
  disabled?: boolean;

  @ExtraFields(['organizationId', 'organizationName', 'disabled', 'id', 'createdAt', 'lastUpdated'])
  metadata: Record<string, unknown>;
}
