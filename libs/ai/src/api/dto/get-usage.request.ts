import { IsInt, Max, Min } from 'class-validator';
import { OptionalField } from '@app/platform';

/** The period of `usage/get`, epoch milliseconds, `from` included and `to` not. */
export class GetUsageRequest {
  @OptionalField()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  from?: number;

  @OptionalField()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  to?: number;
}
