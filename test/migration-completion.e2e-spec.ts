import { Injectable, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DocumentMigrated } from '@app/documents';
import { Subscriber, type EventSubscriber } from '@app/event-store';
import { createTestApp, waitFor, type TestApp } from '@app/testing';

const ANNOTATIONS = 10_000;
const BATCH = 1_000;

// Operation 14 answers `completed` only once the document and all its data are under the new id.
describe('migration status tells the truth', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  /** The status of each batch of annotations added, checked by the test. */
  const added: number[] = [];

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
      added.push(res.status);
    }
    // The statistics autovacuum would gather within a minute of such a burst: without them the
    // planner reads a record by its document's index, scanning the whole document each time.
    await t.app.get(DataSource).query('ANALYZE collab_records');
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
    expect(added).toEqual(Array(ANNOTATIONS / BATCH).fill(200));
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

/** A module that moves document data and always fails to: its event ends up parked. */
@Subscriber()
@Injectable()
class BrokenDataMover implements EventSubscriber {
  readonly subscriptionId = 'test.broken-data-mover';
  readonly handles = [DocumentMigrated.type];
  async handle(): Promise<void> {
    throw new Error('cannot move this data');
  }
}

@Module({ providers: [BrokenDataMover] })
class BrokenDataMoverModule {}

describe('a migration whose data a module gave up on', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({
      modules: [BrokenDataMoverModule],
      config: { subscriptionMaxAttempts: 2 },
    });
    headers = t.apiKeyHeaders(await t.createWorkspace());
    await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'org', createOrganization: true, documents: [{ documentId: 'old' }] },
      headers,
    );
  });
  afterAll(() => t.close());

  it('ends failed, saying the data did not all follow, never completed', async () => {
    const res = await t.post(
      '/v2/organizations/documents/migrate',
      { organizationId: 'org', documentId: 'old', newDocumentId: 'new' },
      headers,
    );
    const migrationId = res.body.result.data.migrationId;
    const done = await waitFor(async () => {
      const status = await t.post(
        '/v2/organizations/documents/migrate/status',
        { organizationId: 'org', migrationId },
        headers,
      );
      const data = status.body.result.data;
      return ['completed', 'failed'].includes(data.status) ? data : undefined;
    }, 30_000);
    expect(done).toMatchObject({
      status: 'failed',
      error: 'Migration failed: the document moved, but not all of its data could',
    });
  });
});
