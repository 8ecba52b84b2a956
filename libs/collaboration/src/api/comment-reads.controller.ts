import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { refusedWhenDisabled } from '@app/documents';
import { ApiTags, BATCH_RESULT, CONFLICT, json, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { GetCommentCountsQuery } from '../application/get-comment-counts/get-comment-counts.query';
import { GetCommentsQuery } from '../application/get-comments/get-comments.query';
import { MarkAnnotationsReadCommand } from '../application/mark-annotations-read/mark-annotations-read.command';
import { COMMENT } from './dto/collaboration.response';
import {
  AnnotationReadsRequest,
  GetCommentCountsRequest,
  GetCommentsRequest,
} from './dto/reads-and-presence.request';
import { targetOf } from './record-commands';

const { arrayOf, integer, mapOf, nullable, object } = json;

const COMMENT_COUNT = object({
  total: integer('Comment annotations of the document (of the given statuses)'),
  unread: integer('Of those, the ones with a comment the user has not read'),
});

const READ_FAILURES = {
  ...CONFLICT,
  NOT_FOUND: 'the document does not exist',
};

/**
 * Reads of comments and of what a user has not read yet (D10): the comments of an annotation,
 * counts per document, and the read marks those counts compare (the SDK's `viewedBy`).
 */
@ApiTags('collaboration')
@Controller('v2/commentannotations')
export class CommentReadsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('count/get', {
    message: 'Comment count retrieved successfully.',
    summary: 'Count the comment annotations of up to 30 documents, total and unread for a user',
    data: GetCommentCountsRequest,
    response: mapOf(COMMENT_COUNT, 'Document id → its counts, for every document asked'),
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  count(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetCommentCountsRequest) {
    return this.queries.execute(
      new GetCommentCountsQuery({
        tenant,
        organizationId: data.organizationId,
        documentIds: data.documentIds,
        userId: data.userId,
        statusIds: data.statusIds,
      }),
    );
  }

  @Rpc('comments/get', {
    message: 'Comments retrieved successfully.',
    summary: "Read an annotation's comments, all of them or by ids (null where an id is not found)",
    data: GetCommentsRequest,
    response: arrayOf(nullable(COMMENT)),
    errors: { NOT_FOUND: 'the annotation does not exist' },
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  comments(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetCommentsRequest) {
    return this.queries.execute(
      new GetCommentsQuery(tenant, {
        organizationId: data.organizationId,
        documentId: data.documentId,
        annotationId: data.annotationId,
        userIds: data.userIds,
        commentIds: data.commentIds,
      }),
    );
  }

  @Rpc('viewedby/add', {
    message: 'Annotations marked as read.',
    summary: "Mark annotations read by a user (the SDK's markAsRead), up to now",
    data: AnnotationReadsRequest,
    response: BATCH_RESULT,
    errors: refusedWhenDisabled(READ_FAILURES),
  })
  @ApiKeyAuth()
  markRead(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AnnotationReadsRequest) {
    return this.commands.execute(
      new MarkAnnotationsReadCommand({
        target: targetOf(tenant, 'comment-annotation', data),
        userId: data.userId,
        annotationIds: data.annotationIds,
        read: true,
      }),
    );
  }

  @Rpc('viewedby/delete', {
    message: 'Annotations marked as unread.',
    summary: "Mark annotations unread for a user again (the SDK's markAsUnread)",
    data: AnnotationReadsRequest,
    response: BATCH_RESULT,
    errors: refusedWhenDisabled(READ_FAILURES),
  })
  @ApiKeyAuth()
  markUnread(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AnnotationReadsRequest) {
    return this.commands.execute(
      new MarkAnnotationsReadCommand({
        target: targetOf(tenant, 'comment-annotation', data),
        userId: data.userId,
        annotationIds: data.annotationIds,
        read: false,
      }),
    );
  }
}
