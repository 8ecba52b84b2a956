import { Injectable } from '@nestjs/common';
import {
  AggregateRepository,
  BatchOutcome,
  EventStore,
  retryOnConflict,
  type AggregateToSave,
  type BatchResult,
} from '@app/event-store';
import { DocumentDirectory } from '@app/documents';
import { MAX_BATCH_ITEMS } from '@app/platform';
import { metadataOf } from '@app/workspaces';
import { RECORD_STREAM_TYPE, recordStream } from '../../domain/collab-record.aggregate';
import { CollaborationError } from '../../domain/collaboration.error';
import {
  ANNOTATION_MISSING,
  CommentAnnotationRecord,
} from '../../domain/comment-annotation.aggregate';
import { selects, type AnnotationSelection } from './annotation-selection';
import { RecordBatch } from './record-batch';
import { documentUseOf, refOf, type RecordTarget } from './record-target';

/** Annotations loaded and appended per round of a sweep. */
const CHUNK = 500;

const TOO_MANY = `More than ${MAX_BATCH_ITEMS} annotations match: narrow the filters or name annotationIds`;

interface IdRow {
  record_id: string;
}

/**
 * Runs one decision on each selected annotation of a document (update and delete). With
 * ids, a batch of them (D5): an id outside the other filters fails as a missing one does.
 * Without ids, every annotation matching the filters, at most 1000 (more is refused with
 * FAILED_PRECONDITION, as a batch of more ids would be): each round of 500 loads and appends
 * its own, in one transaction, so the call applies to all or to none (D5.4). An annotation
 * changed meanwhile is judged on its stream, not on the row.
 */
@Injectable()
export class AnnotationSweep {
  constructor(
    private readonly store: EventStore,
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
    return retryOnConflict(() =>
      this.store.transaction(async (m) => {
        const { tenant, organizationId, documentId } = target;
        const use = documentUseOf(target);
        await this.documents.require(tenant.apiKey, organizationId, documentId, m, use);
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
        const outcome = new BatchOutcome();
        for (let at = 0; at < rows.length; at += CHUNK) {
          const refs = rows.slice(at, at + CHUNK).map((row) => refOf(target, row.record_id));
          const history = await this.store.readStreams(refs.map(recordStream), m);
          const toSave: AggregateToSave[] = [];
          for (const ref of refs) {
            const streamId = recordStream(ref);
            const annotation = new CommentAnnotationRecord(ref).load(
              (history.get(streamId) ?? []) as never,
            );
            if (!annotation.state || !selects(annotation.state, selection)) continue;
            outcome.ok(ref.recordId, decide(annotation));
            toSave.push({ streamId, streamType: RECORD_STREAM_TYPE, aggregate: annotation });
          }
          await this.repository.save(toSave, metadataOf(tenant), m);
        }
        return outcome.toJSON();
      }),
    );
  }
}
