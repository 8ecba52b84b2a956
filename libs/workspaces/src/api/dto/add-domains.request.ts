import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, MaxLength } from 'class-validator';
import { RequiredField } from '@app/platform';

/** Operation 3 (at most 100 domains per call, as the hosted service). */
export class AddDomainsRequest {
  @RequiredField()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(2048, { each: true })
  domains: string[];
}
