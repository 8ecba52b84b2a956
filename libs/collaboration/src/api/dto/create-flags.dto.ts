import { applyDecorators, type Type as ClassType } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { OptionalField, OptionalText } from '@app/platform';

/** The hosted collection's `createOrganization` object. */
export class CreateOrganizationDto {
  /** The name of the organization made; else it is named after its id. */
  @OptionalText(1024)
  organizationName?: string;

  /** Accepted as the hosted collection sends it; organizations here have no type. */
  @OptionalText(1024)
  organizationType?: string;
}

/** The hosted collection's `createDocument` object. */
export class CreateDocumentDto {
  /** The name of the document made; else it is named after its id. */
  @OptionalText(1024)
  documentName?: string;

  /** Accepted as the hosted collection sends it; documents here have no type. */
  @OptionalText(1024)
  documentType?: string;
}

/**
 * A create flag of the hosted adds: the boolean the hosted pages document, or the object the
 * hosted collection sends (make it, with that name). Read as the object: `true` becomes an
 * empty one and `false` none, so the handlers see one form.
 */
export const CreateFlag = (item: () => ClassType<unknown>) =>
  applyDecorators(
    OptionalField(),
    Transform(({ value }: { value: unknown }) =>
      value === true ? new (item() as new () => object)() : value === false ? undefined : value,
    ),
    IsObject({ message: '$property must be a boolean or an object' }),
    ValidateNested(),
    Type(item),
    JSONSchema(() => ({
      oneOf: [{ type: 'boolean' }, { $ref: `#/components/schemas/${item().name}` }],
      description: 'true or an object: make it when missing; false or absent: do not',
    })),
  );
