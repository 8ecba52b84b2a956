import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsString,
  MaxLength,
} from 'class-validator';

/** Operation 3 (at most 100 domains per call, as the hosted service). */
export class AddDomainsRequest {
  @IsDefined({ message: '$property is required' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(2048, { each: true })
  domains: string[];
}
