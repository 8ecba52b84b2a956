import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddRecordsCommand } from '../application/add-records/add-records.command';
import { ChangeRecordCommand } from '../application/change-record/change-record.command';
import { ChangeRecordsCommand } from '../application/change-records/change-records.command';
import { DeleteRecordsCommand } from '../application/delete-records/delete-records.command';
import { GetRecordsQuery } from '../application/get-records/get-records.query';
import type { CommentAnnotation } from '../domain/kinds/comment-annotation';
import {
  addCommentReaction,
  addComments,
  ANNOTATION_MISSING,
  deleteCommentReaction,
  deleteComments,
  newAnnotation,
  updateAction,
  updateAnnotation,
  updateComments,
} from '../domain/kinds/comment-operations';
import {
  AddCommentAnnotationsRequest,
  AddCommentsRequest,
  CommentReactionRequest,
  DeleteCommentAnnotationsRequest,
  DeleteCommentsRequest,
  GetCommentAnnotationsRequest,
  UpdateCommentAnnotationsRequest,
  UpdateCommentsRequest,
} from './dto/comment-annotations.request';
import { documentsOf, idOr, targetOf } from './record-commands';

const KIND = 'comment-annotation';

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
    data: AddCommentAnnotationsRequest,
  })
  @ApiKeyAuth()
  add(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddCommentAnnotationsRequest) {
    const at = Date.now();
    const records = data.commentAnnotations.map((input, i) => {
      const annotation = newAnnotation(
        { ...input, annotationId: idOr(input.annotationId) },
        at,
        `data.commentAnnotations[${i}].commentData`,
      );
      const subIds = annotation.comments.map((c) => String(c.commentId));
      return { recordId: annotation.annotationId, record: annotation, subIds };
    });
    return this.commands.execute(
      new AddRecordsCommand(targetOf(tenant, KIND, data), records, 'comment_annotation.add', {
        added: 'Added Successfully',
        exists: 'Annotation already exists.',
      }),
    );
  }

  @Rpc('get', {
    message: 'Annotation(s) fetched successfully.',
    data: GetCommentAnnotationsRequest,
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  get(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetCommentAnnotationsRequest) {
    return this.queries.execute(
      new GetRecordsQuery(
        tenant,
        KIND,
        {
          organizationId: data.organizationId,
          documentIds: documentsOf(data),
          recordIds: data.annotationIds,
          locationIds: data.locationIds,
          userIds: data.userIds,
        },
        data.pageSize,
        data.pageToken,
      ),
    );
  }

  @Rpc('update', {
    message: 'Annotations updated successfully.',
    data: UpdateCommentAnnotationsRequest,
  })
  @ApiKeyAuth()
  update(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateCommentAnnotationsRequest) {
    const changes = data.updatedData;
    return this.commands.execute(
      new ChangeRecordsCommand<CommentAnnotation>(
        targetOf(tenant, KIND, data),
        data.annotationIds,
        updateAction(changes),
        (current, at) => updateAnnotation(current, changes, at),
        { changed: 'Annotations updated successfully', missing: ANNOTATION_MISSING },
      ),
    );
  }

  @Rpc('delete', {
    message: 'Annotations deleted successfully.',
    data: DeleteCommentAnnotationsRequest,
  })
  @ApiKeyAuth()
  delete(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteCommentAnnotationsRequest) {
    return this.commands.execute(
      new DeleteRecordsCommand(targetOf(tenant, KIND, data), data.annotationIds, {
        deleted: 'Deleted Successfully',
        missing: ANNOTATION_MISSING,
      }),
    );
  }

  @Rpc('comments/add', { message: 'Comment(s) added successfully.', data: AddCommentsRequest })
  @ApiKeyAuth()
  addComments(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddCommentsRequest) {
    return this.commands.execute(
      new ChangeRecordCommand<CommentAnnotation, number[]>(
        targetOf(tenant, KIND, data),
        data.annotationId,
        (current, at) => addComments(current, data.commentData, at),
      ),
    );
  }

  @Rpc('comments/update', { message: 'Comment updated successfully.', data: UpdateCommentsRequest })
  @ApiKeyAuth()
  updateComments(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateCommentsRequest) {
    return this.commands.execute(
      new ChangeRecordCommand<CommentAnnotation>(
        targetOf(tenant, KIND, data),
        data.annotationId,
        (current, at) => updateComments(current, data.commentIds, data.updatedData, at),
      ),
    );
  }

  @Rpc('comments/delete', {
    message: 'Comments(s) deleted successfully.',
    data: DeleteCommentsRequest,
  })
  @ApiKeyAuth()
  deleteComments(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteCommentsRequest) {
    return this.commands.execute(
      new ChangeRecordCommand<CommentAnnotation>(
        targetOf(tenant, KIND, data),
        data.annotationId,
        (current, at) => deleteComments(current, data.commentIds, at),
      ),
    );
  }

  @Rpc('reactions/add', { message: 'Reaction added successfully.', data: CommentReactionRequest })
  @ApiKeyAuth()
  addReaction(@Tenant() tenant: ApiKeyTenant, @RequestData() data: CommentReactionRequest) {
    return this.commands.execute(
      new ChangeRecordCommand<CommentAnnotation>(
        targetOf(tenant, KIND, data),
        data.annotationId,
        (current, at) => addCommentReaction(current, data.commentId, data.icon, data.user, at),
      ),
    );
  }

  @Rpc('reactions/delete', {
    message: 'Reaction deleted successfully.',
    data: CommentReactionRequest,
  })
  @ApiKeyAuth()
  deleteReaction(@Tenant() tenant: ApiKeyTenant, @RequestData() data: CommentReactionRequest) {
    return this.commands.execute(
      new ChangeRecordCommand<CommentAnnotation>(
        targetOf(tenant, KIND, data),
        data.annotationId,
        (current, at) =>
          deleteCommentReaction(current, data.commentId, data.icon, data.user.userId, at),
      ),
    );
  }
}
