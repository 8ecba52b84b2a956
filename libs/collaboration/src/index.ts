// Public surface of the collaboration library.
export * from './collaboration.module';
export { RECORD_KINDS, type RecordKind } from './domain/collab-record.events';
export { AUTHORING_EVENT_TYPES, authorsIn } from './domain/event-authors';
export { HOSTED_ACTION, hostedActionOf } from './domain/hosted-vocabulary';
export { COLLABORATION_EVENTS, type CollaborationEvent } from './domain/collaboration.events';
export { RENAMED_EVENT_TYPES } from './domain/renamed-event-types';
export {
  recipientsOf,
  plainCommentText,
  type Recipient,
  type RecipientReason,
} from './domain/recipients';
export { CollaborationWebhookEvents, userIdsIn } from './webhooks/collaboration-webhook-events';
export { DELETED_USER, Identities } from './domain/kinds/people';
export { likePattern } from './erasure/like-pattern';
export {
  eraseFromAnnotation,
  learnFromAnnotation,
  type Comment,
  type CommentAnnotation,
} from './domain/kinds/comment-annotation';
export type { CollabUser, Location } from './domain/kinds/people';
export {
  readCommentChanges,
  type CommentChange,
} from './application/comment-changes/comment-changes';
export {
  commentSourceExists,
  type CommentSource,
} from './application/comment-changes/comment-source';
