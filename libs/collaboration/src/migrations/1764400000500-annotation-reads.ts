import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unread comment annotations (`/v2/commentannotations/count/get`): who read each annotation
 * and when (`collab_annotation_reads`, from the read events), and on each annotation the time
 * and author of its latest comment (from the record, backfilled here). An annotation is unread
 * for a user when its latest comment is someone else's and newer than their read mark. The
 * count walks one index per document: its annotations (by status) with those two columns, each
 * joined to the reader's mark by primary key, so no record is read.
 */
export class AnnotationReads1764400000500 implements MigrationInterface {
  name = 'AnnotationReads1764400000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE collab_annotation_reads (
        api_key text COLLATE "C" NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        document_id text COLLATE "C" NOT NULL,
        annotation_id text COLLATE "C" NOT NULL,
        user_id text COLLATE "C" NOT NULL,
        read_up_to bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id, document_id, annotation_id, user_id)
      )`);
    // Erasure (D8.3) finds a user's marks in a key.
    await q.query(
      `CREATE INDEX collab_annotation_reads_user_idx ON collab_annotation_reads (api_key, user_id)`,
    );
    await q.query(`
      ALTER TABLE collab_records
        ADD COLUMN last_comment_at bigint,
        ADD COLUMN last_comment_by text COLLATE "C"`);
    await q.query(`
      UPDATE collab_records c SET last_comment_at = l.at, last_comment_by = l.by
      FROM (
        SELECT r.api_key, r.organization_id, r.kind, r.document_id, r.record_id,
               (e->>'createdAt')::bigint AS at, e->'from'->>'userId' AS by,
               row_number() OVER (PARTITION BY r.api_key, r.organization_id, r.kind,
                 r.document_id, r.record_id ORDER BY x.n DESC) AS latest
          FROM collab_records r,
               jsonb_array_elements(r.record->'comments') WITH ORDINALITY AS x(e, n)
         WHERE r.kind = 'comment-annotation') l
      WHERE l.latest = 1 AND c.api_key = l.api_key AND c.organization_id = l.organization_id
        AND c.kind = l.kind AND c.document_id = l.document_id AND c.record_id = l.record_id`);
    await q.query(
      `CREATE INDEX collab_annotations_unread_idx
         ON collab_records (api_key, organization_id, document_id, status_id)
         INCLUDE (record_id, last_comment_at, last_comment_by)
         WHERE kind = 'comment-annotation'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX collab_annotations_unread_idx`);
    await q.query(
      `ALTER TABLE collab_records DROP COLUMN last_comment_at, DROP COLUMN last_comment_by`,
    );
    await q.query(`DROP TABLE collab_annotation_reads`);
  }
}
