import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, MaxLength } from 'class-validator';
import { RequiredField } from '@app/platform';

/** The hosted `domains/delete`: the same list as operation 3 (at most 100 domains). */
export class RemoveDomainsRequest {
  @RequiredField()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(2048, { each: true })
  domains: string[];
}
