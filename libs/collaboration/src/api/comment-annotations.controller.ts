import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { refusedWhenDisabled } from '@app/documents';
import { ApiTags, BATCH_RESULT, CONFLICT, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddCommentAnnotationsCommand } from '../application/add-comment-annotations/add-comment-annotations.command';
import { AddCommentReactionCommand } from '../application/add-comment-reaction/add-comment-reaction.command';
import { AddCommentsCommand } from '../application/add-comments/add-comments.command';
import { DeleteCommentAnnotationsCommand } from '../application/delete-comment-annotations/delete-comment-annotations.command';
import { DeleteCommentReactionCommand } from '../application/delete-comment-reaction/delete-comment-reaction.command';
import { DeleteCommentsCommand } from '../application/delete-comments/delete-comments.command';
import { GetCommentAnnotationsQuery } from '../application/get-comment-annotations/get-comment-annotations.query';
import type { AnnotationSelection } from '../application/common/annotation-selection';
import { UpdateCommentAnnotationsCommand } from '../application/update-comment-annotations/update-comment-annotations.command';
import { UpdateCommentsCommand } from '../application/update-comments/update-comments.command';
import {
  AddCommentAnnotationsRequest,
  AddCommentsRequest,
} from './dto/add-comment-annotations.request';
import {
  CommentReactionRequest,
  DeleteCommentsRequest,
  UpdateCommentsRequest,
} from './dto/comment-annotations.request';
import { DeleteCommentAnnotationsRequest } from './dto/delete-comment-annotations.request';
import { UpdateCommentAnnotationsRequest } from './dto/update-comment-annotations.request';
import {
  annotationFilterOf,
  GetCommentAnnotationsRequest,
} from './dto/get-comment-annotations.request';
import {
  COMMENT_ANNOTATIONS_ANSWER,
  COMMENT_IDS,
  COMMENT_RESULTS,
  SUCCESS_FLAG,
} from './dto/collaboration.response';
import { targetOf } from './record-commands';

import { annotationInputOf, commentInputOf } from './annotation-input';
import { ADDED_ANNOTATIONS } from './dto/add-comment-annotations.response';
import { addTargetOf } from './record-commands';

const KIND = 'comment-annotation';

/** Update and delete act on a document's annotations, at most 1000 without ids. */
const SWEEP_FAILURES = {
  ...CONFLICT,
  NOT_FOUND: 'the document does not exist',
  FAILED_PRECONDITION: 'without annotationIds, more than 1000 annotations match the filters',
};

/** The filters of an update or delete. */
const selectionOf = (data: AnnotationSelection): AnnotationSelection => ({
  annotationIds: data.annotationIds,
  locationIds: data.locationIds,
  userIds: data.userIds,
});

/** D15.3: what an add with `verifyUserPermissions` answers when an author lacks access. */
const VERIFY_REFUSED =
  'verifyUserPermissions: an author has no access to the document (details.userIds names them); nothing is added';

/** Comment annotations, their comments and comment reactions (D10). */
@ApiTags('collaboration')
@Controller('v2/commentannotations')
export class CommentAnnotationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('add', {
    message: 'Comment Annotation(s) added successfully.',
    summary: 'Add comment annotations, each with its first comments, to a document',
    data: AddCommentAnnotationsRequest,
    response: ADDED_ANNOTATIONS,
    errors: refusedWhenDisabled({
      ...CONFLICT,
      NOT_FOUND: 'the organization or document does not exist (and is not to be made)',
      PERMISSION_DENIED: VERIFY_REFUSED,
    }),
  })
  @ApiKeyAuth()
  add(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddCommentAnnotationsRequest) {
    return this.commands.execute(
      new AddCommentAnnotationsCommand({
        target: addTargetOf(tenant, KIND, data),
        annotations: data.commentAnnotations.map(annotationInputOf),
        verifyUserPermissions: data.verifyUserPermissions === true,
      }),
    );
  }

  @Rpc('get', {
    message: 'Annotation(s) fetched successfully.',
    summary:
      "Read an organization's comment annotations, narrowed by the filters, a page at a time",
    data: GetCommentAnnotationsRequest,
    response: COMMENT_ANNOTATIONS_ANSWER,
    pageToken: 'nextPageToken',
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  get(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetCommentAnnotationsRequest) {
    return this.queries.execute(
      new GetCommentAnnotationsQuery({
        tenant,
        filter: annotationFilterOf(data),
        groupByDocumentId: data.groupByDocumentId === true,
        pageSize: data.pageSize,
        pageToken: data.pageToken,
      }),
    );
  }

  @Rpc('update', {
    message: 'Annotations updated successfully.',
    summary:
      'Change comment annotations of a document (by ids, locations or authors, else all): status, priority, assignee, context, location, target, author, suggestion, resolver, or replace users',
    data: UpdateCommentAnnotationsRequest,
    response: BATCH_RESULT,
    errors: refusedWhenDisabled(SWEEP_FAILURES),
  })
  @ApiKeyAuth()
  update(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateCommentAnnotationsRequest) {
    return this.commands.execute(
      new UpdateCommentAnnotationsCommand({
        target: targetOf(tenant, KIND, data),
        selection: selectionOf(data),
        changes: data.updatedData ?? {},
        replacements: data.updateUsers ?? [],
      }),
    );
  }

  @Rpc('delete', {
    message: 'Annotations deleted successfully.',
    summary:
      'Delete comment annotations of a document with their comments (by ids, locations or authors, else all)',
    data: DeleteCommentAnnotationsRequest,
    response: BATCH_RESULT,
    errors: SWEEP_FAILURES,
  })
  @ApiKeyAuth()
  delete(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteCommentAnnotationsRequest) {
    return this.commands.execute(
      new DeleteCommentAnnotationsCommand({
        target: targetOf(tenant, KIND, data),
        selection: selectionOf(data),
      }),
    );
  }

  @Rpc('comments/add', {
    message: 'Comment(s) added successfully.',
    summary: 'Add comments to a comment annotation',
    data: AddCommentsRequest,
    response: COMMENT_IDS,
    errors: refusedWhenDisabled({
      ...CONFLICT,
      NOT_FOUND: 'the organization, document (not to be made) or annotation does not exist',
      PERMISSION_DENIED: VERIFY_REFUSED,
    }),
  })
  @ApiKeyAuth()
  addComments(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddCommentsRequest) {
    return this.commands.execute(
      new AddCommentsCommand({
        target: addTargetOf(tenant, KIND, data),
        annotationId: data.annotationId,
        comments: data.commentData.map(commentInputOf),
        verifyUserPermissions: data.verifyUserPermissions === true,
      }),
    );
  }

  @Rpc('comments/update', {
    message: 'Comment updated successfully.',
    summary: "Change comments' text, HTML, tagged contacts or context",
    data: UpdateCommentsRequest,
    response: COMMENT_RESULTS,
    errors: refusedWhenDisabled({
      ...CONFLICT,
      NOT_FOUND: 'the document or the annotation does not exist',
    }),
  })
  @ApiKeyAuth()
  updateComments(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateCommentsRequest) {
    return this.commands.execute(
      new UpdateCommentsCommand({
        target: targetOf(tenant, KIND, data),
        annotationId: data.annotationId,
        commentIds: data.commentIds,
        changes: data.updatedData,
      }),
    );
  }

  @Rpc('comments/delete', {
    message: 'Comments(s) deleted successfully.',
    summary: 'Delete comments of an annotation (all of them without commentIds)',
    data: DeleteCommentsRequest,
    response: COMMENT_RESULTS,
    errors: { ...CONFLICT, NOT_FOUND: 'the document or the annotation does not exist' },
  })
  @ApiKeyAuth()
  deleteComments(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteCommentsRequest) {
    return this.commands.execute(
      new DeleteCommentsCommand({
        target: targetOf(tenant, KIND, data),
        annotationId: data.annotationId,
        commentIds: data.commentIds,
      }),
    );
  }

  @Rpc('reactions/add', {
    message: 'Reaction added successfully.',
    summary: "Add a user's reaction to a comment",
    data: CommentReactionRequest,
    response: SUCCESS_FLAG,
    errors: refusedWhenDisabled({
      ...CONFLICT,
      NOT_FOUND: 'the document, annotation or comment does not exist',
    }),
  })
  @ApiKeyAuth()
  addReaction(@Tenant() tenant: ApiKeyTenant, @RequestData() data: CommentReactionRequest) {
    return this.commands.execute(
      new AddCommentReactionCommand({
        target: targetOf(tenant, KIND, data),
        annotationId: data.annotationId,
        commentId: data.commentId,
        icon: data.icon,
        user: data.user,
      }),
    );
  }

  @Rpc('reactions/delete', {
    message: 'Reaction deleted successfully.',
    summary: "Remove a user's reaction from a comment",
    data: CommentReactionRequest,
    response: SUCCESS_FLAG,
    errors: {
      ...CONFLICT,
      NOT_FOUND: 'the document, annotation, comment or reaction does not exist',
    },
  })
  @ApiKeyAuth()
  deleteReaction(@Tenant() tenant: ApiKeyTenant, @RequestData() data: CommentReactionRequest) {
    return this.commands.execute(
      new DeleteCommentReactionCommand({
        target: targetOf(tenant, KIND, data),
        annotationId: data.annotationId,
        commentId: data.commentId,
        icon: data.icon,
        userId: data.user.userId,
      }),
    );
  }
}
