import { DataSource } from 'typeorm';
import { ORGANIZATION_DATA_JOB, SubscriptionRunner } from '@app/event-store';
import { JobQueue, RetryJobLater, type JobFunction, type JobRun } from '@app/platform';
import { createTestApp, waitFor, type TestApp } from '@app/testing';

const ORG = 'big-org';
const CHUNK = 3;
const DOCUMENTS = ['d1', 'd2'];
const ANNOTATIONS_PER_DOCUMENT = 5;

// D6.9: an organization's data goes in a background job per library, in short steps.
describe('organization deletion job (D6.9)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let apiKey: string;

  const count = async (table: string): Promise<number> => {
    const [{ n }] = await t.app
      .get(DataSource)
      .query(
        `SELECT count(*)::int AS n FROM ${table} WHERE api_key = $1 AND organization_id = $2`,
        [apiKey, ORG],
      );
    return n;
  };
  const status = async (deletionId: string): Promise<string> =>
    (
      await t.post(
        '/v2/organizations/delete/status/get',
        { organizationId: ORG, deletionId },
        headers,
      )
    ).body.result.data.status;

  beforeAll(async () => {
    t = await createTestApp({ config: { organizationDeletionChunk: CHUNK } });
    const workspace = await t.createWorkspace();
    apiKey = workspace.apiKey;
    headers = t.apiKeyHeaders(workspace);
    await t.post(
      '/v2/organizations/documents/add',
      {
        organizationId: ORG,
        createOrganization: true,
        documents: DOCUMENTS.map((documentId) => ({ documentId })),
      },
      headers,
    );
    for (const documentId of DOCUMENTS) {
      const commentAnnotations = Array.from({ length: ANNOTATIONS_PER_DOCUMENT }, (_, i) => ({
        annotationId: `${documentId}-a${i}`,
        commentData: [{ commentText: 'note', from: { userId: 'u1' } }],
      }));
      const res = await t.post(
        '/v2/commentannotations/add',
        { organizationId: ORG, documentId, commentAnnotations },
        headers,
      );
      if (res.body.result?.status !== 'success') throw new Error(JSON.stringify(res.body));
    }
    await t.settle(30_000);
  }, 120_000);
  afterAll(() => t.close());

  it('removes the data in steps of at most the chunk size, resumes a stopped job, then answers completed', async () => {
    const records = await count('collab_records');
    expect(records).toBe(DOCUMENTS.length * ANNOTATIONS_PER_DOCUMENT);
    expect(records).toBeGreaterThan(2 * CHUNK);

    // Each job's first run is stopped after one step (as a stopping server stops it); its
    // next runs wait until the test lets them go.
    const queue = t.app.get(JobQueue);
    const original = queue.handlerOf<unknown>(ORGANIZATION_DATA_JOB)!;
    const firstRuns = new Set<string>();
    let released = false;
    const held: JobFunction<unknown> = async (job: JobRun<unknown>) => {
      if (!firstRuns.has(job.id)) {
        firstRuns.add(job.id);
        let asked = 0;
        const afterOneStep = {
          get aborted() {
            return asked++ > 0;
          },
        } as AbortSignal;
        return original({ ...job, signal: afterOneStep });
      }
      if (!released) throw new RetryJobLater(50, false);
      return original(job);
    };
    queue.handle(ORGANIZATION_DATA_JOB, held);

    const res = await t.post('/v2/organizations/delete', { organizationIds: [ORG] }, headers);
    const deletionId: string = res.body.result.data[ORG].deletionId;
    await t.app.get(SubscriptionRunner).drain();
    const dataSource = t.app.get(DataSource);
    const jobs: { job_id: string }[] = await dataSource.query(
      `SELECT job_id FROM jobs WHERE starts_with(job_id, $1) ORDER BY job_id`,
      [`org-delete:${deletionId}:`],
    );
    expect(jobs.map((j) => j.job_id)).toEqual(
      ['access', 'activities', 'collaboration', 'documents', 'email', 'notifications', 'users'].map(
        (library) => `org-delete:${deletionId}:${library}`,
      ),
    );
    await waitFor(async () => (firstRuns.size === jobs.length ? true : undefined), 30_000);
    // One step of the collaboration job: exactly one chunk of records is gone, the rest waits.
    expect(await count('collab_records')).toBe(records - CHUNK);
    expect(await status(deletionId)).toBe('in_progress');

    released = true;
    await t.settle(60_000);
    queue.handle(ORGANIZATION_DATA_JOB, original);
    for (const table of ['collab_records', 'documents', 'users', 'notifications', 'activities']) {
      expect(await count(table)).toBe(0);
    }
    const [{ n: events }] = await dataSource.query(
      `SELECT count(*)::int AS n FROM events WHERE api_key = $1 AND starts_with(stream_id, 'collab-record:')`,
      [apiKey],
    );
    expect(events).toBe(0);
    expect(await status(deletionId)).toBe('completed');
  }, 120_000);
});
