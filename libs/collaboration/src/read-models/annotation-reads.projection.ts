import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import {
  ANNOTATION_READ_TYPES,
  AnnotationRead,
  type AnnotationReadData,
} from '../domain/annotation-reads.events';
import { RecordMoved, RecordRemoved, type RecordEventData } from '../domain/collab-record.events';

const ANNOTATION_DELETED = 'collaboration.annotation-deleted';

/**
 * Keeps `collab_annotation_reads`: a user's read mark on an annotation, in order. The marks
 * follow their annotation: gone when it goes (deleted, its document deleted, its author
 * erased), moved with it to a migrated document (`record-moved` names the document it came
 * from; the removal of the source that goes with it is left alone).
 */
@Projection()
@Injectable()
export class AnnotationReadsProjection implements InlineProjection {
  readonly tables = ['collab_annotation_reads'];
  readonly handles = [
    ...ANNOTATION_READ_TYPES,
    ANNOTATION_DELETED,
    RecordRemoved.type,
    RecordMoved.type,
  ];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events) {
      if (ANNOTATION_READ_TYPES.includes(event.type)) {
        await this.mark(event.data as AnnotationReadData, AnnotationRead.is(event), m);
        continue;
      }
      const d = event.data as RecordEventData & { reason?: string; fromDocumentId?: string };
      if (d.kind !== 'comment-annotation') continue;
      const key = [d.apiKey, d.organizationId, d.recordId];
      if (RecordMoved.is(event)) {
        // Marks made at the new id before the move caught up stay, the later of the two wins.
        await m.query(
          `WITH moved AS (
             DELETE FROM collab_annotation_reads
             WHERE api_key = $1 AND organization_id = $2 AND annotation_id = $3
               AND document_id = $5
             RETURNING user_id, read_up_to)
           INSERT INTO collab_annotation_reads
             (api_key, organization_id, document_id, annotation_id, user_id, read_up_to)
           SELECT $1, $2, $4, $3, user_id, read_up_to FROM moved
           ON CONFLICT (api_key, organization_id, document_id, annotation_id, user_id)
           DO UPDATE SET read_up_to = GREATEST(collab_annotation_reads.read_up_to, EXCLUDED.read_up_to)`,
          [...key, d.documentId, d.fromDocumentId],
        );
      } else if (d.reason !== 'migration') {
        await m.query(
          `DELETE FROM collab_annotation_reads
           WHERE api_key = $1 AND organization_id = $2 AND annotation_id = $3
             AND document_id = $4`,
          [...key, d.documentId],
        );
      }
    }
  }

  private async mark(d: AnnotationReadData, read: boolean, m: EntityManager): Promise<void> {
    if (d.erased || d.userId === undefined) return;
    const key = [d.apiKey, d.organizationId, d.documentId, d.annotationId, d.userId];
    if (read) {
      await m.query(
        `INSERT INTO collab_annotation_reads
           (api_key, organization_id, document_id, annotation_id, user_id, read_up_to)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (api_key, organization_id, document_id, annotation_id, user_id)
         DO UPDATE SET read_up_to = EXCLUDED.read_up_to`,
        [...key, d.readUpTo ?? d.at],
      );
    } else {
      await m.query(
        `DELETE FROM collab_annotation_reads
         WHERE api_key = $1 AND organization_id = $2 AND document_id = $3
           AND annotation_id = $4 AND user_id = $5`,
        key,
      );
    }
  }
}
