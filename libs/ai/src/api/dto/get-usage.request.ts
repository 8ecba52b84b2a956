import { IsInt, Min } from 'class-validator';
import { OptionalField } from '@app/platform';

/** The period of `usage/get`, epoch milliseconds, `from` included and `to` not. */
export class GetUsageRequest {
  @OptionalField()
  @IsInt()
  @Min(0)
  from?: number;

  @OptionalField()
  @IsInt()
  @Min(0)
  to?: number;
}
