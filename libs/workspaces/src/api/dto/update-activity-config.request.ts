import { NestedObject } from '@app/platform';
import { ActivityServiceConfigDto } from './activity-service-config.dto';

/** D7.4: `activityServiceConfig` with at least one field (checked by the handler). */
export class UpdateActivityConfigRequest {
  @NestedObject(() => ActivityServiceConfigDto) activityServiceConfig: ActivityServiceConfigDto;
}
