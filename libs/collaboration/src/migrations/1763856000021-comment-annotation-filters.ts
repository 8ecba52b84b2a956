import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Partial indexes hold comment annotations only: the other kinds are never read this way. */
const ANNOTATIONS = `WHERE kind = 'comment-annotation'`;

const WALK = 'last_updated, document_id, record_id';

/** Name and columns (after the key and organization) of each btree index. */
const INDEXES: [string, string][] = [
  ['recent', WALK],
  ['in_document', `document_id, ${WALK}`],
  ['author', `author_id, ${WALK}`],
  ['status', `status_id, ${WALK}`],
  ['location', `location_id, ${WALK}`],
  ['resolver', `resolved_by, ${WALK}`],
  ['created', 'created_at'],
  ['id', 'record_id'],
];

/**
 * Columns and indexes for the filters of `/v2/commentannotations/get`: the author, status,
 * resolver and mentioned users of each annotation, and an index per filter that walks its
 * rows in `lastUpdated` order (then document and id), so that a page is the index's next
 * rows. An annotation without a status counts as open (hosted default status `OPEN`). Existing annotations get the columns from their stored record.
 */
export class CommentAnnotationFilters1763856000021 implements MigrationInterface {
  name = 'CommentAnnotationFilters1763856000021';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE collab_records
        ADD COLUMN author_id text COLLATE "C",
        ADD COLUMN status_id text COLLATE "C",
        ADD COLUMN resolved_by text COLLATE "C",
        ADD COLUMN mentioned_user_ids text[] NOT NULL DEFAULT '{}'`);
    await q.query(`
      UPDATE collab_records SET
        author_id = record->'from'->>'userId',
        status_id = CASE WHEN jsonb_typeof(record->'status'->'id') = 'string'
                         THEN record->'status'->>'id' ELSE 'OPEN' END,
        resolved_by = record->>'resolvedByUserId',
        mentioned_user_ids = ARRAY(
          SELECT t->>'userId'
            FROM jsonb_array_elements(record->'comments') c,
                 jsonb_array_elements(COALESCE(c->'taggedUserContacts', '[]')) t
          UNION
          SELECT m[1]
            FROM jsonb_array_elements(record->'comments') c,
                 regexp_matches(COALESCE(c->>'commentText', ''), '\\{\\{([^{}]+)\\}\\}', 'g') m
          UNION
          SELECT m[1]
            FROM jsonb_array_elements(record->'comments') c,
                 regexp_matches(COALESCE(c->>'commentHtml', ''), '\\{\\{([^{}]+)\\}\\}', 'g') m)
      ${ANNOTATIONS}`);
    for (const [name, columns] of INDEXES) {
      await q.query(
        `CREATE INDEX collab_annotations_${name}_idx
           ON collab_records (api_key, organization_id, ${columns}) ${ANNOTATIONS}`,
      );
    }
    await q.query(
      `CREATE INDEX collab_annotations_mentioned_idx
         ON collab_records USING gin (mentioned_user_ids) ${ANNOTATIONS}`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of INDEXES.map(([n]) => n).concat('mentioned')) {
      await q.query(`DROP INDEX collab_annotations_${name}_idx`);
    }
    await q.query(`
      ALTER TABLE collab_records
        DROP COLUMN author_id, DROP COLUMN status_id, DROP COLUMN resolved_by,
        DROP COLUMN mentioned_user_ids`);
  }
}
