import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean } from 'class-validator';
import { IsCallerId, MAX_BATCH_ITEMS, OptionalField, RequiredId, RequiredIds } from '@app/platform';
import type { ChannelSettings } from '../../domain/channel-levels';
import { ChannelMap } from './channel-settings.rule';

/** Documents the get call reads at a time (hosted limit). */
export const MAX_DOCUMENTS_READ = 30;

/** An optional list of `min`..`max` document ids. */
const DocumentIds = (min: number, max: number) =>
  applyDecorators(
    OptionalField(),
    IsArray(),
    ...(min > 0 ? [ArrayMinSize(min)] : []),
    ArrayMaxSize(max),
    IsCallerId({ each: true }),
  );

/**
 * `notifications/config/set` (D9.6): settings of users at organization level, or on each of
 * `documentIds` (an empty list would say neither, so it is refused).
 */
export class SetNotificationSettingsRequest {
  @RequiredId()
  organizationId: string;

  @DocumentIds(1, MAX_BATCH_ITEMS)
  documentIds?: string[];

  @RequiredIds()
  userIds: string[];

  @ChannelMap()
  config: ChannelSettings;
}

/**
 * `notifications/config/get` (D9.6): one user's settings in force on each of `documentIds`,
 * and at organization level when `getOrganizationConfig` is true (documents then optional).
 */
export class GetNotificationSettingsRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  userId: string;

  @DocumentIds(0, MAX_DOCUMENTS_READ)
  documentIds?: string[];

  @OptionalField()
  @IsBoolean()
  getOrganizationConfig: boolean = false;
}
