import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each comment annotation's number in its document (hosted `annotationNumber`), given by the
 * projection when the annotation is made, from a counter per document (a number is never
 * given twice, even after a delete). Unique per document. Annotations stored before keep
 * none (no backfill) and the counters start at 0.
 */
export class AnnotationNumbers1764300000095 implements MigrationInterface {
  name = 'AnnotationNumbers1764300000095';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE collab_records ADD COLUMN annotation_number integer`);
    await q.query(
      `CREATE UNIQUE INDEX collab_annotations_number_idx
         ON collab_records (api_key, organization_id, document_id, annotation_number)
         WHERE kind = 'comment-annotation'`,
    );
    await q.query(`
      CREATE TABLE collab_annotation_numbers (
        api_key text COLLATE "C" NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        document_id text COLLATE "C" NOT NULL,
        last_number integer NOT NULL,
        PRIMARY KEY (api_key, organization_id, document_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE collab_annotation_numbers`);
    await q.query(`DROP INDEX collab_annotations_number_idx`);
    await q.query(`ALTER TABLE collab_records DROP COLUMN annotation_number`);
  }
}
