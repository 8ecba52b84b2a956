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
import { metadataOf } from '@app/workspaces';
import { RECORD_STREAM_TYPE, recordStream } from '../../domain/collab-record.aggregate';
import { CollaborationError } from '../../domain/collaboration.error';
import {
  ANNOTATION_MISSING,
  CommentAnnotationRecord,
} from '../../domain/comment-annotation.aggregate';
import { selects, type AnnotationSelection } from './annotation-selection';
import { RecordBatch } from './record-batch';
import { refOf, type RecordTarget } from './record-target';

/** Annotations loaded and appended per round of a sweep. */
const CHUNK = 500;

interface IdRow {
  record_id: string;
}

/**
 * Runs one decision on each selected annotation of a document (update and delete). With
 * ids, a batch of them (D5): an id outside the other filters fails as a missing one does.
 * Without ids, every annotation matching the filters: the read table names them 500 at a
 * time (the document's key range, in id order), each round loads and appends its own, and
 * all rounds are one transaction, so the call applies to all or to none (D5.4). An
 * annotation changed meanwhile is judged on its stream, not on the row.
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
        await this.documents.require(tenant.apiKey, organizationId, documentId, m);
        const outcome = new BatchOutcome();
        let after: string | null = null;
        for (;;) {
          const rows: IdRow[] = await m.query(
            `SELECT record_id FROM collab_records
             WHERE api_key = $1 AND organization_id = $2 AND kind = 'comment-annotation'
               AND document_id = $3 AND ($4::text IS NULL OR record_id > $4::text)
               AND ($5::text[] IS NULL OR location_id = ANY($5::text[]))
               AND ($6::text[] IS NULL OR author_id = ANY($6::text[]))
             ORDER BY record_id LIMIT ${CHUNK}`,
            [
              tenant.apiKey,
              organizationId,
              documentId,
              after,
              selection.locationIds ?? null,
              selection.userIds ?? null,
            ],
          );
          if (rows.length === 0) break;
          const refs = rows.map((row) => refOf(target, row.record_id));
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
          if (rows.length < CHUNK) break;
          after = rows[rows.length - 1].record_id;
        }
        return outcome.toJSON();
      }),
    );
  }
}
