import type { AnnotationDetails, UserReplacement } from './annotation-update.events';
import type { CommentAnnotation } from './kinds/comment-annotation';
import type { CollabUser } from './kinds/people';

/** The details an update gives, with the hosted rule on the resolver applied. */
export function detailsOf(
  changes: AnnotationDetails & { status?: Record<string, unknown> },
  a: CommentAnnotation,
): AnnotationDetails | null {
  const details: AnnotationDetails = {};
  for (const key of DETAIL_KEYS) {
    if (changes[key] !== undefined) Object.assign(details, { [key]: changes[key] });
  }
  // Hosted: a status that is not terminal clears the resolver, whatever the call says.
  const reopened = changes.status !== undefined && changes.status.type !== 'terminal';
  if (reopened) {
    if (a.resolvedByUserId !== undefined) details.resolvedByUserId = null;
    else delete details.resolvedByUserId;
  }
  return Object.keys(details).length > 0 ? details : null;
}

const DETAIL_KEYS = [
  'location',
  'targetElement',
  'from',
  'suggestion',
  'statusUpdatedByUserId',
  'resolvedByUserId',
] as const satisfies readonly (keyof AnnotationDetails)[];

/** The annotation with its details changed: a null id removes the field. */
export function withDetails(a: CommentAnnotation, to: AnnotationDetails): CommentAnnotation {
  const next: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(to)) {
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  return next as CommentAnnotation;
}

/** The replacements that change something in `a` (an old user it involves). */
export function replacementsIn(
  a: CommentAnnotation,
  replacements: UserReplacement[],
): UserReplacement[] {
  const involved = new Set(usersOf(a).map((u) => u.userId));
  return replacements.filter((r) => involved.has(r.oldUser.userId));
}

function usersOf(a: CommentAnnotation): CollabUser[] {
  return [
    a.from,
    ...(a.assignedTo ? [a.assignedTo] : []),
    ...a.comments.flatMap((c) => [
      c.from,
      ...c.reactions.map((r) => r.from),
      ...c.taggedUserContacts.map((t) => t.contact ?? { userId: t.userId }),
    ]),
  ];
}

/** The annotation with each old user replaced by its new one, wherever it appears. */
export function withUsersReplaced(
  a: CommentAnnotation,
  replacements: UserReplacement[],
): CommentAnnotation {
  const byId = new Map(replacements.map((r) => [r.oldUser.userId, r.newUser]));
  const swap = (u: CollabUser): CollabUser => byId.get(u.userId) ?? u;
  return {
    ...a,
    from: swap(a.from),
    ...(a.assignedTo && { assignedTo: swap(a.assignedTo) }),
    comments: a.comments.map((c) => ({
      ...c,
      from: swap(c.from),
      reactions: c.reactions.map((r) => ({ ...r, from: swap(r.from) })),
      taggedUserContacts: c.taggedUserContacts.map((t) => {
        const to = byId.get(t.userId);
        return to ? { ...t, userId: to.userId, contact: to } : t;
      }),
    })),
  };
}
