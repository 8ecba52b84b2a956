import type { ActivityContent } from './activity.events';

/** Keys whose string values name a person in the hosted data (user objects, contacts). */
const PERSON_KEYS = new Set(['userId', 'email']);

/**
 * Every user id and email a record names: its actor, and any user object inside its data
 * (the annotation of `entityData`, the comment of `entityTargetData`, `changes`, the template
 * data), sorted. User data deletion (D8.3) finds the records to scrub by these.
 */
export function peopleIn(content: ActivityContent): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > 64 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    for (const [key, inner] of Object.entries(value)) {
      if (PERSON_KEYS.has(key) && typeof inner === 'string' && inner !== '') found.add(inner);
      else walk(inner, depth + 1);
    }
  };
  walk(content.actionUser, 0);
  walk(content.changes, 0);
  walk(content.entityData, 0);
  walk(content.entityTargetData, 0);
  walk(content.displayMessageTemplateData, 0);
  // Sorted: a stored record's keys come back in jsonb's order, not the writer's, and a
  // rebuild from the log must give the same `people` as the live write.
  return [...found].sort();
}
