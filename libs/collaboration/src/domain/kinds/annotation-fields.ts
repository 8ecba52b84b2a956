/**
 * The hosted fields of a comment annotation and its comments that the server keeps as given
 * (their rules are the request's): where it points, what kind it is, who may see it, a
 * proposed change, files and agent findings.
 */

/** The element or text an annotation is on. */
export interface TargetElement {
  elementId?: string;
  targetText?: string;
  occurrence?: number;
  selectAllContent?: boolean;
}

export const ANNOTATION_TYPES = ['comment', 'suggestion'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

/** `suggestion` is the legacy value, kept as given (it no longer makes a suggestion). */
export const COMMENT_TYPES = ['manual', 'chart', 'suggestion'] as const;
export type CommentType = (typeof COMMENT_TYPES)[number];

export const VISIBILITY_TYPES = ['public', 'organizationPrivate', 'restricted'] as const;
export type VisibilityType = (typeof VISIBILITY_TYPES)[number];

/** Who may see an annotation in the client SDK; the REST reads show every annotation. */
export interface AnnotationVisibility {
  type: VisibilityType;
  organizationId?: string;
  userIds?: string[];
}

/** A proposed change; `status` is the server's (`pending` when made). */
export interface Suggestion extends Record<string, unknown> {
  status: 'pending';
}

/** A file of a comment (hosted Attachment). */
export interface Attachment extends Record<string, unknown> {
  attachmentId: number;
}

export const AGENT_SOURCES = ['velt', 'external'] as const;
export const FINDING_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const FINDING_TYPES = ['text', 'pin', 'page'] as const;
export const FINDING_SOURCES = ['instructions', 'knowledge'] as const;

/** What an agent found; custom fields are kept. */
export interface AgentReason extends Record<string, unknown> {
  title: string;
  description: string;
  severity: (typeof FINDING_SEVERITIES)[number];
  findingId?: string;
}

/** Marks a comment (and, on the first comment, its annotation) as written by an agent. */
export interface Agent extends Record<string, unknown> {
  agentSource: (typeof AGENT_SOURCES)[number];
  agentId: string;
  reason: AgentReason;
}

/** Stamped on what an agent wrote (hosted `sourceType`). */
export const AGENT_SOURCE_TYPE = 'agent';

/** A comment's hosted fields, kept only when given. */
export interface CommentExtras {
  attachments?: Attachment[];
  agent?: Agent;
  isCommentResolverUsed?: boolean;
  isCommentTextAvailable?: boolean;
}

/** An annotation's hosted fields, kept only when given. */
export interface AnnotationExtras {
  targetElement?: TargetElement;
  type?: AnnotationType;
  commentType?: CommentType;
  visibility?: AnnotationVisibility;
  suggestion?: Suggestion;
}

export const COMMENT_EXTRAS = [
  'attachments',
  'agent',
  'isCommentResolverUsed',
  'isCommentTextAvailable',
] as const satisfies readonly (keyof CommentExtras)[];

export const ANNOTATION_EXTRAS = [
  'targetElement',
  'type',
  'commentType',
  'visibility',
  'suggestion',
] as const satisfies readonly (keyof AnnotationExtras)[];

/** The extras given in `from`, only those. */
export function extrasOf<T extends object, K extends keyof T>(
  from: T,
  keys: readonly K[],
): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
}
