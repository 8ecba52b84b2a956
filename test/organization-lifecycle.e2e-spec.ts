import { DataSource } from 'typeorm';
import { SubscriptionRunner, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import { createTestApp, type TestApp } from '@app/testing';
import { everyRowAsText } from './support/every-row';
import { seedEveryKind } from './support/gdpr-seed';

/** The organization the suite deletes; the seed makes it (and g-org-2, g-org-3) in each key. */
const DOOMED = 'g-org-1';
const KEPT = 'g-org-2';

/** Rows of one key's organization, read tables only: every table but the log itself. */
const rowsOf = (rows: string[], apiKey: string, organizationId: string) =>
  rows.filter(
    (row) =>
      !row.startsWith('events: ') &&
      !row.startsWith('streams: ') &&
      row.includes(apiKey) &&
      row.includes(`,${organizationId},`),
  );

/** The stream types of the key's organization that still hold events. */
async function streamTypesLeft(t: TestApp, apiKey: string, organizationId: string) {
  const rows: { type: string }[] = await t.app.get(DataSource).query(
    `SELECT DISTINCT split_part(stream_id, ':', 1) AS type FROM events
     WHERE api_key = $1 AND split_part(stream_id, ':', 3) = $2 ORDER BY 1`,
    [apiKey, encodeURIComponent(organizationId)],
  );
  return rows.map((r) => r.type);
}

// D6.9: deleting an organization deletes everything in it, through events every library follows.
describe('organization lifecycle (D6.9)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  let keyA: string;
  let keyB: string;
  let deletionId: string;
  let before: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const wa = await t.createWorkspace();
    const wb = await t.createWorkspace();
    [keyA, keyB] = [wa.apiKey, wb.apiKey];
    [a, b] = [t.apiKeyHeaders(wa), t.apiKeyHeaders(wb)];
    await seedEveryKind(t, a);
    await seedEveryKind(t, b);
    await t.settle(60_000);
    before = await everyRowAsText(t.app.get(DataSource));
  }, 300_000);
  afterAll(() => t.close());

  it('deletes the organization at once and answers its deletion id', async () => {
    expect(rowsOf(before, keyA, DOOMED).length).toBeGreaterThan(20);
    const res = await t.post('/v2/organizations/delete', { organizationIds: [DOOMED] }, a);
    expect(res.body.result.data[DOOMED]).toEqual({
      success: true,
      id: DOOMED,
      message: 'Deleted Successfully',
      deletionId: expect.any(String),
    });
    deletionId = res.body.result.data[DOOMED].deletionId;
    const read = await t.post('/v2/organizations/get', { organizationIds: [DOOMED, KEPT] }, a);
    expect(read.body.result.data.map((o: { id: string }) => o.id)).toEqual([KEPT]);
    const folders = await t.post('/v2/organizations/folders/get', { organizationId: DOOMED }, a);
    expect(folders.body.result.data).toEqual([]);
  });

  it('removes every row of the organization in every library; other organizations and keys keep theirs', async () => {
    await t.settle(60_000);
    const after = await everyRowAsText(t.app.get(DataSource));
    expect(rowsOf(after, keyA, DOOMED)).toEqual([]);
    expect(rowsOf(after, keyA, KEPT)).toEqual(rowsOf(before, keyA, KEPT));
    expect(rowsOf(after, keyB, DOOMED)).toEqual(rowsOf(before, keyB, DOOMED));
    // The streams of its records and folders are gone; the organization's own stays (its delete).
    expect(await streamTypesLeft(t, keyA, DOOMED)).toEqual(['organization']);
    expect((await streamTypesLeft(t, keyB, DOOMED)).length).toBeGreaterThan(4);
  });

  it('answers the deletion completed, to its own key only', async () => {
    const status = await t.post(
      '/v2/organizations/delete/status/get',
      { organizationId: DOOMED, deletionId },
      a,
    );
    expect(status.body.result.data).toEqual({
      deletionId,
      organizationId: DOOMED,
      status: 'completed',
      deletedAt: expect.any(Number),
    });
    const other = await t.post(
      '/v2/organizations/delete/status/get',
      { organizationId: DOOMED, deletionId },
      b,
    );
    expect(other.body.error.status).toBe('NOT_FOUND');
  });

  it('changes nothing when the deletion is delivered again', async () => {
    const runner = t.app.get(SubscriptionRunner);
    const subscribers = (runner as unknown as { subscribers: EventSubscriber[] }).subscribers;
    const dataSource = t.app.get(DataSource);
    const [event]: RecordedEvent[] = (
      await dataSource.query(
        `SELECT event_id, stream_id, stream_version, type, data FROM events WHERE event_id = $1::uuid`,
        [deletionId],
      )
    ).map((r: Record<string, unknown>) => ({
      eventId: r.event_id,
      type: r.type,
      data: r.data,
      streamId: r.stream_id,
      streamVersion: Number(r.stream_version),
    }));
    const followers = subscribers.filter((s) => s.handles?.includes(event.type));
    expect(followers.length).toBeGreaterThanOrEqual(5);
    const rowsBefore = await everyRowAsText(dataSource);
    for (const subscriber of followers) {
      await dataSource.transaction((m) => subscriber.handle([event], m));
    }
    expect(await everyRowAsText(dataSource)).toEqual(rowsBefore);
  });

  it('lets the id be added again as a new, empty organization', async () => {
    const res = await t.post(
      '/v2/organizations/documents/add',
      { organizationId: DOOMED, createOrganization: true, documents: [{ documentId: 'd1' }] },
      a,
    );
    expect(res.body.result.data.d1.success).toBe(true);
    const docs = await t.post('/v2/organizations/documents/get', { organizationId: DOOMED }, a);
    expect(docs.body.result.data.map((d: { id: string }) => d.id)).toEqual(['d1']);
    const folders = await t.post('/v2/organizations/folders/get', { organizationId: DOOMED }, a);
    expect(folders.body.result.data).toEqual([]);
    const notes = await t.post(
      '/v2/notifications/get',
      { organizationId: DOOMED, documentId: 'd1' },
      a,
    );
    expect(notes.body.result.data).toEqual([]);
  });

  it('refuses a missing organization and another key cannot delete or disable this one', async () => {
    const missing = await t.post('/v2/organizations/delete', { organizationIds: ['nope'] }, a);
    expect(missing.body.result.data.nope).toEqual({
      success: false,
      id: 'nope',
      message: 'Organization does not exist',
      code: 'not-found',
    });
    const dataSource = t.app.get(DataSource);
    await t.post('/v2/organizations/add', { organizations: [{ organizationId: 'a-only' }] }, a);
    const rowsBefore = rowsOf(await everyRowAsText(dataSource), keyA, KEPT);
    const byB = await t.post('/v2/organizations/delete', { organizationIds: ['a-only'] }, b);
    expect(byB.body.result.data['a-only'].success).toBe(false);
    await t.post(
      '/v2/organizations/access/disablestate/update',
      { organizationIds: ['a-only'], disabled: true },
      b,
    );
    await t.settle(30_000);
    const read = await t.post('/v2/organizations/get', { organizationIds: ['a-only'] }, a);
    expect(read.body.result.data).toEqual([expect.objectContaining({ disabled: false })]);
    expect(rowsOf(await everyRowAsText(dataSource), keyA, KEPT)).toEqual(rowsBefore);
  });

  it('stores the disabled state, and takes it back', async () => {
    const set = (disabled: boolean) =>
      t.post(
        '/v2/organizations/access/disablestate/update',
        { organizationIds: [KEPT], disabled },
        a,
      );
    const read = async () =>
      (await t.post('/v2/organizations/get', { organizationIds: [KEPT] }, a)).body.result.data[0]
        .disabled;
    await set(true);
    expect(await read()).toBe(true);
    await set(false);
    expect(await read()).toBe(false);
  });

  it('deletes a folder, its subfolders and their documents with their data; the rest stays', async () => {
    const org = 'folder-org';
    const add = (folderId: string, documentIds: string[]) =>
      t.post(
        '/v2/organizations/documents/add',
        {
          organizationId: org,
          createOrganization: true,
          folderId,
          createFolder: true,
          documents: documentIds.map((documentId) => ({ documentId })),
        },
        a,
      );
    await add('top', ['in-top']);
    await add('kept', ['in-kept']);
    await t.post(
      '/v2/organizations/folders/add',
      {
        organizationId: org,
        folders: [{ folderId: 'sub', folderName: 'sub', parentFolderId: 'top' }],
      },
      a,
    );
    await add('sub', ['in-sub']);
    for (const documentId of ['in-top', 'in-sub', 'in-kept']) {
      await t.post(
        '/v2/commentannotations/add',
        {
          organizationId: org,
          documentId,
          commentAnnotations: [
            {
              annotationId: `ann-${documentId}`,
              commentData: [{ commentText: 'hi', from: { userId: 'u' } }],
            },
          ],
        },
        a,
      );
    }
    const res = await t.post(
      '/v2/organizations/folders/delete',
      { organizationId: org, folderId: 'top' },
      a,
    );
    expect(res.body.result).toEqual({
      status: 'success',
      message: 'Folder deletion initiated successfully.',
      data: null,
    });
    await t.settle(30_000);
    const folders = await t.post('/v2/organizations/folders/get', { organizationId: org }, a);
    expect(folders.body.result.data.map((f: { folderId: string }) => f.folderId)).toEqual(['kept']);
    const docs = await t.post('/v2/organizations/documents/get', { organizationId: org }, a);
    expect(docs.body.result.data.map((d: { id: string }) => d.id)).toEqual(['in-kept']);
    const annotations: { document_id: string }[] = await t.app
      .get(DataSource)
      .query(`SELECT document_id FROM collab_records WHERE api_key = $1 AND organization_id = $2`, [
        keyA,
        org,
      ]);
    expect(annotations.map((r) => r.document_id)).toEqual(['in-kept']);
    const byB = await t.post(
      '/v2/organizations/folders/delete',
      { organizationId: org, folderId: 'kept' },
      b,
    );
    expect(byB.body.error.status).toBe('NOT_FOUND');
  });
});
