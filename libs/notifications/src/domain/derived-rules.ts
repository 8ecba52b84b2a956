import type { NotificationBatchWindow, NotificationSwitch } from '@app/workspaces';

/** Who a batch window folds the changes of: one document's, or one recipient's. */
export type BatchScope = 'document' | 'user';

export interface BatchRule {
  scope: BatchScope;
  windowMs: number;
  maxActivities: number;
}

/** What an API key's switch (D9.8) asks of the notifications its comment changes make. */
export interface DerivedRules {
  /** The hosted actions (`comment.add`) that make one. */
  triggers: ReadonlySet<string>;
  /** How long each is held back before it is shown; 0: shown at once. */
  delayMs: number;
  batch?: BatchRule;
}

/** A value left out of an enabled delay or window: the least the hosted range allows. */
export const DEFAULT_DELAY_SECONDS = 10;
export const DEFAULT_BATCH_WINDOW_SECONDS = 10;
/** A window without `maxActivities` closes on time only, after at most the hosted maximum. */
export const DEFAULT_MAX_ACTIVITIES = 50;

/**
 * The rules of a key's switch, or undefined while its notification service is off. When both
 * batch scopes are on, the user's wins: it folds a recipient's changes across documents, so it
 * already holds what a document window would. `scale` is NOTIFICATION_DELAY_SCALE.
 */
export function derivedRulesOf(sw: NotificationSwitch, scale: number): DerivedRules | undefined {
  if (!sw.useNotificationService) return undefined;
  const config = sw.notificationServiceConfig;
  const comment = config.triggers?.comment ?? {};
  const triggers = new Set(Object.keys(comment).filter((action) => comment[action] === true));
  const delay = config.delayConfig;
  const delayMs = delay?.isEnabled
    ? (delay.delaySeconds ?? DEFAULT_DELAY_SECONDS) * 1000 * scale
    : 0;
  const { user, document } = config.batchConfig ?? {};
  const batched: { scope: BatchScope; window: NotificationBatchWindow } | undefined =
    user?.isEnabled
      ? { scope: 'user', window: user }
      : document?.isEnabled
        ? { scope: 'document', window: document }
        : undefined;
  return {
    triggers,
    delayMs,
    ...(batched && {
      batch: {
        scope: batched.scope,
        windowMs:
          (batched.window.batchWindowSeconds ?? DEFAULT_BATCH_WINDOW_SECONDS) * 1000 * scale,
        maxActivities: batched.window.maxActivities ?? DEFAULT_MAX_ACTIVITIES,
      },
    }),
  };
}
