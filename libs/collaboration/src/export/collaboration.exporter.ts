import { Injectable } from '@nestjs/common';
import {
  exportChunk,
  Exporter,
  type ExportChunk,
  type ExportCursor,
  type ExportSubject,
  type UserDataExporter,
} from '@app/platform';
import { DataSource } from 'typeorm';
import {
  COMMENT_ANNOTATION_VIEW,
  REACTION_VIEW,
  RECORDING_VIEW,
} from '../api/dto/collaboration.response';
import { annotationView } from '../application/get-comment-annotations/annotation-view';
import type { RecordKind } from '../domain/collab-record.events';

interface Row {
  organization_id: string;
  document_id: string;
  record_id: string;
  record: Record<string, unknown>;
  annotation_number: number | null;
}

/** Each exported feature (hosted names) and the kind of record it lists. */
const KIND_OF: Record<string, RecordKind> = {
  comments: 'comment-annotation',
  reactions: 'reaction',
  recordings: 'recording',
};

/** A record as its kind's get call shows it (recordings/get: a recorder annotation at version 1). */
function viewOf(kind: RecordKind, { record, annotation_number }: Row): Record<string, unknown> {
  if (kind === 'comment-annotation') return annotationView(record, annotation_number);
  if (kind === 'recording') {
    return {
      ...record,
      annotationId: record.recordingId,
      type: 'recorder',
      latestVersion: record.latestVersion ?? 1,
    };
  }
  return record;
}

/**
 * The user's collaboration data (hosted "comments data": annotations they wrote, commented
 * on, were tagged or assigned in, reactions included; "reactions" and "recordings": the ones
 * they made), from the `collab_records` read table: every record whose `user_ids` names
 * them, by (organization, document, record id). Each item reads as the kind's own get call
 * answers it. CRDT and presence records are not in the hosted list and are left out.
 */
@Injectable()
@Exporter({
  features: {
    comments: COMMENT_ANNOTATION_VIEW,
    reactions: REACTION_VIEW,
    recordings: RECORDING_VIEW,
  },
})
export class CollaborationExporter implements UserDataExporter {
  constructor(private readonly dataSource: DataSource) {}

  async export(
    feature: string,
    { apiKey, userId, organizationId }: ExportSubject,
    after: ExportCursor | null,
    limit: number,
  ): Promise<ExportChunk> {
    const kind = KIND_OF[feature];
    if (!kind) throw new Error(`Not a collaboration feature: ${feature}`);
    const [afterOrganization, afterDocument, afterRecord] = (after as string[] | null) ?? [];
    const rows: Row[] = await this.dataSource.query(
      `SELECT organization_id, document_id, record_id, record, annotation_number
       FROM collab_records
       WHERE api_key = $1 AND kind = $2 AND user_ids @> ARRAY[$3::text]
         AND ($4::text IS NULL OR organization_id = $4::text)
         AND ($5::text IS NULL
              OR (organization_id, document_id, record_id) > ($5::text, $6::text, $7::text))
       ORDER BY organization_id, document_id, record_id
       LIMIT $8`,
      [
        apiKey,
        kind,
        userId,
        organizationId ?? null,
        afterOrganization ?? null,
        afterDocument ?? null,
        afterRecord ?? null,
        limit + 1,
      ],
    );
    return exportChunk(
      rows,
      limit,
      (row) => [row.organization_id, row.document_id, row.record_id],
      (row) => ({
        ...viewOf(kind, row),
        metadata: { apiKey, organizationId: row.organization_id, documentId: row.document_id },
      }),
    );
  }
}
