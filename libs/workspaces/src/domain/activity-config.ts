/**
 * The activity service of a key (D7.4), as `activityconfig/get` shows it: whether it is on
 * (the same flag as `apikeyconfig`'s `activityServiceEnabled`), when it was first enabled,
 * whether records written now are immutable (D7.5), and which comment actions make records.
 */
export interface ActivityServiceConfig {
  isEnabled: boolean;
  enabledTime?: number;
  immutable?: boolean;
  /** Group (`comment`) → action type (`comment.add`) → whether it makes a record. */
  triggers?: Record<string, Record<string, boolean>>;
}

/** The hosted "standard comment triggers" of activity logs, with the suggestion pair. */
export const ACTIVITY_COMMENT_TRIGGERS = [
  'comment_annotation.add',
  'comment_annotation.delete',
  'comment_annotation.status_change',
  'comment_annotation.priority_change',
  'comment_annotation.assign',
  'comment_annotation.suggestion_accept',
  'comment_annotation.suggestion_reject',
  'comment.add',
  'comment.update',
  'comment.delete',
  'comment.reaction_add',
  'comment.reaction_delete',
] as const;

export const ACTIVITIES_OFF: ActivityServiceConfig = { isEnabled: false };

/** A change as `activityconfig/update` (or `apikeyconfig/update`) asks for it; types checked. */
export type ActivityConfigChange = Partial<ActivityServiceConfig>;

const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** Triggers merged group by group (built as new entries: no name sets a prototype). */
function mergedTriggers(
  base: ActivityServiceConfig['triggers'],
  over: ActivityServiceConfig['triggers'],
): ActivityServiceConfig['triggers'] {
  if (!over) return base;
  const groups = new Set([...Object.keys(base ?? {}), ...Object.keys(over)]);
  return Object.fromEntries(
    [...groups].map((group) => [
      group,
      {
        ...(base && Object.hasOwn(base, group) ? base[group] : {}),
        ...(Object.hasOwn(over, group) ? over[group] : {}),
      },
    ]),
  );
}

/** What the first enable of a key writes under its settings (hosted defaults). */
const FIRST_ENABLE_DEFAULTS = {
  immutable: true,
  triggers: { comment: Object.fromEntries(ACTIVITY_COMMENT_TRIGGERS.map((t) => [t, true])) },
};

/**
 * Applies an update (D7.4, hosted) to the stored config: a deep merge, omitted fields kept.
 * The first enable of a key that was never on (`everEnabled` false) seeds the standard comment
 * triggers and `immutable: true` under what is stored, and the request goes on top: a setting
 * the caller wrote while the service was off, or sends now, wins over a default. (A key only
 * ever switched off, as a console saving all its options does, is still seeded when first
 * switched on.) An enable stamps `enabledTime` (now) only when the key has none.
 */
export function applyActivityConfig(
  current: ActivityServiceConfig,
  everEnabled: boolean,
  change: ActivityConfigChange,
  now: number,
): ActivityServiceConfig {
  const enabling = change.isEnabled === true;
  const base: ActivityServiceConfig =
    enabling && !everEnabled
      ? {
          ...current,
          immutable: current.immutable ?? FIRST_ENABLE_DEFAULTS.immutable,
          triggers: mergedTriggers(FIRST_ENABLE_DEFAULTS.triggers, current.triggers),
        }
      : current;
  const next = defined({
    ...base,
    ...defined({ ...change, triggers: undefined }),
    triggers: mergedTriggers(base.triggers, change.triggers),
  });
  if (enabling && next.enabledTime === undefined) next.enabledTime = now;
  return next;
}
