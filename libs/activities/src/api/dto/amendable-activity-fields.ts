import { FreeObject, OptionalText } from '@app/platform';
import type { ActivityChange } from '../../domain/activity.events';
import { AnyValue, ChangesMap } from './activity-fields';

/** The fields of a record operation 18 sets and operation 19 may change (spec). */
export class AmendableActivityFields {
  @ChangesMap()
  changes?: Record<string, ActivityChange>;

  @AnyValue()
  entityData?: unknown;

  @AnyValue()
  entityTargetData?: unknown;

  @OptionalText(10_000)
  displayMessageTemplate?: string;

  @FreeObject()
  displayMessageTemplateData?: Record<string, unknown>;

  @OptionalText(2048)
  actionIcon?: string;
}
