import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { OptionalField } from '@app/platform';
import { TriggerGroups } from './notification-service-config.dto';

/** The latest time a JavaScript date can hold, in epoch ms: a later `enabledTime` is a typo. */
const LATEST_TIME_MS = 8_640_000_000_000_000;

/** `activityServiceConfig` (D7.4): every part optional, merged into what is stored. */
export class ActivityServiceConfigDto {
  /** The one switch, the same flag as `apikeyconfig`'s `activityServiceEnabled`. */
  @OptionalField() @IsBoolean() isEnabled?: boolean;
  /** Epoch ms; stamped by the first enable when not given. */
  @OptionalField() @IsInt() @Min(0) @Max(LATEST_TIME_MS) enabledTime?: number;
  /** Whether records written from now on are immutable (D7.5). */
  @OptionalField() @IsBoolean() immutable?: boolean;
  /** `{comment: {'comment.add': false}}`: an action set to false makes no record (D7.6). */
  @TriggerGroups() triggers?: Record<string, Record<string, boolean>>;
}
