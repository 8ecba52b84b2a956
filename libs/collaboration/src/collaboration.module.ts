import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DocumentsModule } from '@app/documents';
import { CommentAnnotationsController } from './api/comment-annotations.controller';
import { CrdtAndPresenceController } from './api/crdt-and-presence.controller';
import { ElementDataController } from './api/element-data.controller';
import { LocationDataController } from './api/location-data.controller';
import { AddRecordsHandler } from './application/add-records/add-records.handler';
import { ChangeRecordHandler } from './application/change-record/change-record.handler';
import { ChangeRecordsHandler } from './application/change-records/change-records.handler';
import { DeleteLocationDataHandler } from './application/delete-location-data/delete-location-data.handler';
import { DeleteRecordsHandler } from './application/delete-records/delete-records.handler';
import { DocumentDataSubscriber } from './application/document-data/document-data.subscriber';
import { GetRecordsHandler } from './application/get-records/get-records.handler';
import { RecordBatch } from './application/shared/record-batch';
import { RecordRemover } from './application/shared/record-remover';
import { CollaborationEraser } from './erasure/collaboration-eraser';
import { CollabRecordProjection } from './read-models/collab-record.projection';

@Module({
  imports: [CqrsModule, DocumentsModule],
  controllers: [
    CommentAnnotationsController,
    ElementDataController,
    CrdtAndPresenceController,
    LocationDataController,
  ],
  providers: [
    CollabRecordProjection,
    RecordBatch,
    RecordRemover,
    AddRecordsHandler,
    ChangeRecordsHandler,
    ChangeRecordHandler,
    DeleteRecordsHandler,
    GetRecordsHandler,
    DeleteLocationDataHandler,
    DocumentDataSubscriber,
    CollaborationEraser,
  ],
  exports: [CollaborationEraser],
})
export class CollaborationModule {}
