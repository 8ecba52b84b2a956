import type {
  NotificationBatchWindow,
  NotificationServiceConfig,
  NotificationSwitch,
} from './api-key.events';
import { WEBHOOK_TRIGGERS } from './webhook-config';

/**
 * The hosted "standard comment triggers": every comment and comment-annotation event the
 * hosted webhook settings name but the opt-in `suggestion_accept` / `suggestion_reject`,
 * which are the contract's nine webhook triggers.
 */
export const STANDARD_COMMENT_TRIGGERS = WEBHOOK_TRIGGERS;

/** Every huddle event type. */
export const HUDDLE_TRIGGERS = ['huddle.create', 'huddle.join'] as const;

/** What the first enable turns on (D9.8): the standard comment triggers and every huddle one. */
export const DEFAULT_NOTIFICATION_TRIGGERS: Readonly<Record<string, Record<string, boolean>>> = {
  comment: Object.fromEntries(STANDARD_COMMENT_TRIGGERS.map((t) => [t, true])),
  huddle: Object.fromEntries(HUDDLE_TRIGGERS.map((t) => [t, true])),
};

export const NOTIFICATIONS_OFF: NotificationSwitch = {
  useNotificationService: false,
  notificationServiceConfig: {},
};

/** A change as the update (or operation 1) asks for it; types and ranges already checked. */
export interface NotificationConfigChange {
  useNotificationService?: boolean;
  notificationServiceConfig?: NotificationServiceConfig;
  /** Operation 1's `setDefaultNotificationTriggers`: seed even with the service left off. */
  seedDefaultTriggers?: boolean;
}

/** Empty groups (`{comment: {}}`) name no trigger: the key has none yet. */
const hasTriggers = (config: NotificationServiceConfig): boolean =>
  Object.values(config.triggers ?? {}).some((group) => Object.keys(group).length > 0);

/** The fields of `value` that have one, so that the stored config holds only what was given. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** `over` on `base`, field by field: what `over` leaves out keeps its stored value. */
const merged = <T extends object>(base: T | undefined, over: T | undefined): T | undefined =>
  over ? defined({ ...base, ...over }) : base;

/** Triggers merged group by group (built as new entries: no name sets a prototype). */
const mergedTriggers = (
  base: NotificationServiceConfig['triggers'],
  over: NotificationServiceConfig['triggers'],
): NotificationServiceConfig['triggers'] => {
  if (!over) return base;
  const groups = new Set([...Object.keys(base ?? {}), ...Object.keys(over)]);
  return Object.fromEntries(
    [...groups].map((group) => [
      group,
      { ...(base && Object.hasOwn(base, group) ? base[group] : {}), ...over[group] },
    ]),
  );
};

/**
 * Applies an update (D9.8) to the stored switch: a deep merge, omitted fields kept. Enabling
 * the service while the key names no trigger first seeds the default triggers, and the
 * request is merged on top of them; delay and batching are never seeded.
 */
export function applyNotificationConfig(
  current: NotificationSwitch,
  change: NotificationConfigChange,
): NotificationSwitch {
  const stored = current.notificationServiceConfig;
  const input = change.notificationServiceConfig ?? {};
  const seed =
    (change.useNotificationService === true || change.seedDefaultTriggers === true) &&
    !hasTriggers(stored);
  const triggers = mergedTriggers(
    seed ? mergedTriggers(stored.triggers, DEFAULT_NOTIFICATION_TRIGGERS) : stored.triggers,
    input.triggers,
  );
  const batch = input.batchConfig && {
    document: merged<NotificationBatchWindow>(
      stored.batchConfig?.document,
      input.batchConfig.document,
    ),
    user: merged<NotificationBatchWindow>(stored.batchConfig?.user, input.batchConfig.user),
  };
  return {
    useNotificationService: change.useNotificationService ?? current.useNotificationService,
    notificationServiceConfig: defined({
      triggers,
      delayConfig: merged(stored.delayConfig, input.delayConfig),
      batchConfig: batch ? defined(batch) : stored.batchConfig,
    }),
  };
}
