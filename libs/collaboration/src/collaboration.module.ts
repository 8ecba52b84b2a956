import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccessModule } from '@app/access';
import { DocumentsModule } from '@app/documents';
import { OrganizationsModule } from '@app/organizations';
import { registerUpcaster } from '@app/event-store';
import { CommentAnnotationsController } from './api/comment-annotations.controller';
import { CrdtAndPresenceController } from './api/crdt-and-presence.controller';
import { CommentReadsController } from './api/comment-reads.controller';
import { MarkAnnotationsReadHandler } from './application/mark-annotations-read/mark-annotations-read.handler';
import { GetCommentCountsHandler } from './application/get-comment-counts/get-comment-counts.handler';
import { GetCommentsHandler } from './application/get-comments/get-comments.handler';
import { UpdatePresenceHandler } from './application/update-presence/update-presence.handler';
import { AnnotationReadsProjection } from './read-models/annotation-reads.projection';
import { AnnotationReadsOfDeletedOrganizations } from './application/annotation-reads/organization-deleted.subscriber';
import { AnnotationReads1764400000500 } from './migrations/1764400000500-annotation-reads';
import { ElementDataController } from './api/element-data.controller';
import { LocationDataController } from './api/location-data.controller';
import { AddCommentAnnotationsHandler } from './application/add-comment-annotations/add-comment-annotations.handler';
import { UpdateCommentAnnotationsHandler } from './application/update-comment-annotations/update-comment-annotations.handler';
import { DeleteCommentAnnotationsHandler } from './application/delete-comment-annotations/delete-comment-annotations.handler';
import { AddCommentsHandler } from './application/add-comments/add-comments.handler';
import { UpdateCommentsHandler } from './application/update-comments/update-comments.handler';
import { DeleteCommentsHandler } from './application/delete-comments/delete-comments.handler';
import { AddCommentReactionHandler } from './application/add-comment-reaction/add-comment-reaction.handler';
import { DeleteCommentReactionHandler } from './application/delete-comment-reaction/delete-comment-reaction.handler';
import { AddReactionsHandler } from './application/add-reactions/add-reactions.handler';
import { DeleteReactionsHandler } from './application/delete-reactions/delete-reactions.handler';
import { AddRecordingsHandler } from './application/add-recordings/add-recordings.handler';
import { DeleteRecordingsHandler } from './application/delete-recordings/delete-recordings.handler';
import { AddCrdtHandler } from './application/add-crdt/add-crdt.handler';
import { UpdateCrdtHandler } from './application/update-crdt/update-crdt.handler';
import { AddPresenceHandler } from './application/add-presence/add-presence.handler';
import { DeletePresenceHandler } from './application/delete-presence/delete-presence.handler';
import { DeleteLocationDataHandler } from './application/delete-location-data/delete-location-data.handler';
import { DocumentDataSubscriber } from './application/document-data/document-data.subscriber';
import { OrganizationRecordsSubscriber } from './application/organization-deleted/organization-records.subscriber';
import { GetRecordsHandler } from './application/get-records/get-records.handler';
import { GetCommentAnnotationsHandler } from './application/get-comment-annotations/get-comment-annotations.handler';
import { AnnotationSweep } from './application/common/annotation-sweep';
import { RecordBatch } from './application/common/record-batch';
import { RecordRemover } from './application/common/record-remover';
import { RecordWriter } from './application/common/record-writer';
import { TargetDocument } from './application/common/target-document';
import { CollaborationEraser } from './erasure/collaboration-eraser';
import { CollaborationExporter } from './export/collaboration.exporter';
import { CollaborationWebhookEvents } from './webhooks/collaboration-webhook-events';
import { CollabRecordProjection } from './read-models/collab-record.projection';
import { LEGACY_UPCASTERS } from './domain/legacy-events';
import { RENAMED_EVENT_UPCASTERS } from './domain/renamed-event-types';
import { Migrations } from '@app/platform';
import { Collaboration1763856000006 } from './migrations/1763856000006-collaboration';
import { CommentAnnotationFilters1763856000021 } from './migrations/1763856000021-comment-annotation-filters';
import { AnnotationNumbers1764300000095 } from './migrations/1764300000095-annotation-numbers';

// Events stored by the first version are read as today's (see domain/legacy-events.ts).
for (const upcaster of LEGACY_UPCASTERS) registerUpcaster(upcaster);
// And those stored under the names the events had before the `collaboration.` prefix.
for (const upcaster of RENAMED_EVENT_UPCASTERS) registerUpcaster(upcaster);

@Migrations(
  Collaboration1763856000006,
  CommentAnnotationFilters1763856000021,
  AnnotationNumbers1764300000095,
  AnnotationReads1764400000500,
)
@Module({
  imports: [CqrsModule, OrganizationsModule, DocumentsModule, AccessModule],
  controllers: [
    CommentAnnotationsController,
    CommentReadsController,
    ElementDataController,
    CrdtAndPresenceController,
    LocationDataController,
  ],
  providers: [
    CollabRecordProjection,
    AnnotationReadsProjection,
    AnnotationReadsOfDeletedOrganizations,
    MarkAnnotationsReadHandler,
    GetCommentCountsHandler,
    GetCommentsHandler,
    UpdatePresenceHandler,
    RecordBatch,
    AnnotationSweep,
    RecordRemover,
    RecordWriter,
    TargetDocument,
    AddCommentAnnotationsHandler,
    UpdateCommentAnnotationsHandler,
    DeleteCommentAnnotationsHandler,
    AddCommentsHandler,
    UpdateCommentsHandler,
    DeleteCommentsHandler,
    AddCommentReactionHandler,
    DeleteCommentReactionHandler,
    AddReactionsHandler,
    DeleteReactionsHandler,
    AddRecordingsHandler,
    DeleteRecordingsHandler,
    AddCrdtHandler,
    UpdateCrdtHandler,
    AddPresenceHandler,
    DeletePresenceHandler,
    GetRecordsHandler,
    GetCommentAnnotationsHandler,
    DeleteLocationDataHandler,
    DocumentDataSubscriber,
    OrganizationRecordsSubscriber,
    CollaborationEraser,
    CollaborationExporter,
    CollaborationWebhookEvents,
  ],
})
export class CollaborationModule {}
