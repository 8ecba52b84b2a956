import { Injectable } from '@nestjs/common';
import { AggregateRepository, BatchOutcome, type BatchResult } from '@app/event-store';
import { DocumentDirectory } from '@app/documents';
import { MAX_BATCH_ITEMS } from '@app/platform';
import { metadataOf } from '@app/workspaces';
import type { EntityManager } from 'typeorm';
import { recordTarget } from '../../domain/collab-record.aggregate';
import { CollaborationError } from '../../domain/collaboration.error';
import {
  ANNOTATION_MISSING,
  CommentAnnotationRecord,
} from '../../domain/comment-annotation.aggregate';
import { selects, type AnnotationSelection } from './annotation-selection';
import { RecordBatch } from './record-batch';
import { documentUseOf, refOf, type RecordTarget } from './record-target';

const TOO_MANY = `More than ${MAX_BATCH_ITEMS} annotations match: narrow the filters or name annotationIds`;

interface IdRow {
  record_id: string;
}

/**
 * Runs one decision on each selected annotation of a document (update and delete). With
 * ids, a batch of them (D5): an id outside the other filters fails as a missing one does.
 * Without ids, every annotation matching the filters, at most 1000 (more is refused with
 * FAILED_PRECONDITION, as a batch of more ids would be): all loaded in one read and appended
 * together, in one transaction, so the call applies to all or to none (D5.4). An annotation
 * changed meanwhile is judged on its stream, not on the row.
 */
@Injectable()
export class AnnotationSweep {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly documents: DocumentDirectory,
    private readonly batch: RecordBatch,
  ) {}

  run(
    target: RecordTarget,
    selection: AnnotationSelection,
    decide: (annotation: CommentAnnotationRecord) => string,
  ): Promise<BatchResult> {
    if (selection.annotationIds) {
      return this.batch.run(
        target,
        selection.annotationIds,
        (id) => id,
        (ref) => new CommentAnnotationRecord(ref),
        (annotation) => {
          if (!annotation.state || !selects(annotation.state, selection)) {
            throw new CollaborationError('NOT_FOUND', ANNOTATION_MISSING);
          }
          return decide(annotation);
        },
      );
    }
    const { tenant, organizationId, documentId } = target;
    const selectedIds = async (m: EntityManager) => {
      await this.documents.require(
        tenant.apiKey,
        organizationId,
        documentId,
        m,
        documentUseOf(target),
      );
      const rows: IdRow[] = await m.query(
        `SELECT record_id FROM collab_records
         WHERE api_key = $1 AND organization_id = $2 AND kind = 'comment-annotation'
           AND document_id = $3
           AND ($4::text[] IS NULL OR location_id = ANY($4::text[]))
           AND ($5::text[] IS NULL OR author_id = ANY($5::text[]))
         ORDER BY record_id LIMIT ${MAX_BATCH_ITEMS + 1}`,
        [
          tenant.apiKey,
          organizationId,
          documentId,
          selection.locationIds ?? null,
          selection.userIds ?? null,
        ],
      );
      // One call changes at most a batch's worth (D5.1): its transaction and its answer
      // stay bounded, and a larger sweep is made in calls by annotationIds.
      if (rows.length > MAX_BATCH_ITEMS) {
        throw new CollaborationError('FAILED_PRECONDITION', TOO_MANY);
      }
      return { ids: rows.map((row) => row.record_id) };
    };
    return this.repository.updateMany(
      ({ ids }: { ids: string[] }) =>
        ids.map((id) => recordTarget(refOf(target, id), (ref) => new CommentAnnotationRecord(ref))),
      metadataOf(tenant),
      {
        before: selectedIds,
        decide: (annotations) => {
          const outcome = new BatchOutcome();
          for (const annotation of annotations) {
            if (!annotation.state || !selects(annotation.state, selection)) continue;
            outcome.ok(annotation.ref.recordId, decide(annotation));
          }
          return outcome.toJSON();
        },
      },
    );
  }
}
