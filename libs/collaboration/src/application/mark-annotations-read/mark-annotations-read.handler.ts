import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ItemRefused, StreamBatchRunner } from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import type { EntityManager } from 'typeorm';
import {
  ANNOTATION_READS_STREAM_TYPE,
  AnnotationReads,
  annotationReadsStream,
} from '../../domain/annotation-reads.aggregate';
import { ANNOTATION_MISSING } from '../../domain/comment-annotation.aggregate';
import { TargetDocument } from '../common/target-document';
import { MarkAnnotationsReadCommand } from './mark-annotations-read.command';

/**
 * The annotations of the document among the ids, with their latest comment's time, read in
 * the write's transaction (which holds the document's annotation lock: no comment comes in
 * meanwhile).
 */
async function existing(
  m: EntityManager,
  c: MarkAnnotationsReadCommand,
): Promise<Map<string, number>> {
  const { tenant, organizationId, documentId } = c.target;
  const rows: { record_id: string; last_comment_at: string | null }[] = await m.query(
    `SELECT record_id, last_comment_at FROM collab_records
     WHERE api_key = $1 AND organization_id = $2 AND kind = 'comment-annotation'
       AND document_id = $3 AND record_id = ANY($4::text[])`,
    [tenant.apiKey, organizationId, documentId, c.annotationIds],
  );
  return new Map(rows.map((r) => [r.record_id, Number(r.last_comment_at ?? 0)]));
}

/**
 * Read marks, a batch of annotations (D5): a missing annotation fails its item, the others
 * are marked in one transaction. A mark reads up to the annotation's latest comment: a later
 * comment by someone else makes the annotation unread again.
 */
@CommandHandler(MarkAnnotationsReadCommand)
export class MarkAnnotationsReadHandler implements ICommandHandler<MarkAnnotationsReadCommand> {
  constructor(
    private readonly batches: StreamBatchRunner,
    private readonly document: TargetDocument,
  ) {}

  execute(command: MarkAnnotationsReadCommand) {
    const { target, userId, annotationIds, read } = command;
    const refOf = (annotationId: string) => ({
      apiKey: target.tenant.apiKey,
      organizationId: target.organizationId,
      documentId: target.documentId,
      annotationId,
    });
    let present = new Map<string, number>();
    return this.batches.run({
      items: annotationIds,
      idOf: (id) => id,
      streamOf: (id) => ({
        streamId: annotationReadsStream(refOf(id)),
        streamType: ANNOTATION_READS_STREAM_TYPE,
      }),
      create: (id) => new AnnotationReads(refOf(id)),
      decide: (reads, id) => {
        if (!present.has(id)) throw new ItemRefused(ANNOTATION_MISSING, 'not-found');
        const at = Date.now();
        if (read) reads.read(userId, present.get(id)!, at);
        else reads.unread(userId, at);
        return read ? 'Annotation marked as read.' : 'Annotation marked as unread.';
      },
      metadata: metadataOf(target.tenant),
      prepare: async (m) => {
        const place = await this.document.open(target, m);
        present = await existing(m, command);
        return place;
      },
    });
  }
}
