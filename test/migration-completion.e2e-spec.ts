import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '@app/testing';

const ANNOTATIONS = 10_000;
const BATCH = 1_000;

// Operation 14 answers `completed` only once the document and all its data are under the new id.
describe('migration status tells the truth', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    headers = t.apiKeyHeaders(await t.createWorkspace());
    await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'org', createOrganization: true, documents: [{ documentId: 'old' }] },
      headers,
    );
    for (let start = 0; start < ANNOTATIONS; start += BATCH) {
      const commentAnnotations = Array.from({ length: BATCH }, (_, i) => ({
        annotationId: `a${start + i}`,
        commentData: [{ commentText: 'hello', from: { userId: 'ann' } }],
      }));
      const res = await t.post(
        '/v2/commentannotations/add',
        { organizationId: 'org', documentId: 'old', commentAnnotations },
        headers,
      );
      expect(res.status).toBe(200);
    }
  }, 300_000);
  afterAll(() => t.close());

  const annotationsAt = async (documentId: string) => {
    const [row] = await t.app
      .get(DataSource)
      .query(
        `SELECT count(*)::int AS n FROM collab_records WHERE document_id = $1 AND kind = 'comment-annotation'`,
        [documentId],
      );
    return row.n as number;
  };

  it(`finds all ${ANNOTATIONS} annotations at the new id at the first completed`, async () => {
    expect(await annotationsAt('old')).toBe(ANNOTATIONS);
    const res = await t.post(
      '/v2/organizations/documents/migrate',
      { organizationId: 'org', documentId: 'old', newDocumentId: 'new' },
      headers,
    );
    const migrationId = res.body.result.data.migrationId;
    const seen: string[] = [];
    for (;;) {
      const status = await t.post(
        '/v2/organizations/documents/migrate/status',
        { organizationId: 'org', migrationId },
        headers,
      );
      const current = status.body.result.data.status as string;
      if (seen.at(-1) !== current) seen.push(current);
      if (current === 'completed' || current === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const counts = { new: await annotationsAt('new'), old: await annotationsAt('old') };
    expect({ seen, counts }).toEqual({
      seen: expect.arrayContaining(['completed']),
      counts: { new: ANNOTATIONS, old: 0 },
    });
    const read = await t.post(
      '/v2/commentannotations/get',
      { organizationId: 'org', documentId: 'new', pageSize: 1 },
      headers,
    );
    expect(read.body.result.data).toHaveLength(1);
  }, 300_000);
});
