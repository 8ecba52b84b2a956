import { jest } from '@jest/globals';
import { EventStore } from '@app/event-store';
import { createTestApp, dropTestDatabase, type TestApp } from '@app/testing';
import { recordStream } from '../libs/collaboration/src/domain/collab-record.aggregate';
import { organizationStream } from '../libs/organizations/src/domain/organization.aggregate';
import { countAppendConflicts } from './support/append-conflicts';

// Many writers on one stream at once: every write is answered 200 and lands. Inside one
// process writers of a stream take turns; across processes a write that lost the race is
// decided again from fresh state (and holds the stream while it is). Organization and CRDT
// updates race on their stream alone; comment adds of one document already wait for each
// other in the database (its annotation numbering lock), so for them the test checks that
// each lands with its own number.
const WRITERS = 50;
const doc = { organizationId: 'hot-org', documentId: 'hot-doc' };
const ann = { userId: 'ann', name: 'Ann' };

interface Target {
  app: TestApp;
  headers: Record<string, string>;
}

/** The organization, document and annotation (with its first comment) the writers share. */
async function prepare({ app, headers }: Target): Promise<void> {
  const made = await app.post(
    '/v2/commentannotations/add',
    {
      ...doc,
      createOrganization: true,
      createDocument: true,
      commentAnnotations: [
        { annotationId: 'hot', commentData: [{ commentText: 'first', from: ann }] },
      ],
    },
    headers,
  );
  expect(made.status).toBe(200);
  const editor = await app.post(
    '/v2/crdt/add',
    { ...doc, editorId: 'hot-editor', type: 'text', data: 'start' },
    headers,
  );
  expect(editor.status).toBe(200);
}

/** `WRITERS` comment adds, organization updates and CRDT updates at once, spread over `targets`. */
async function writeAtOnce(targets: Target[]) {
  const on = (i: number) => targets[i % targets.length];
  const range = Array.from({ length: WRITERS }, (_, i) => i);
  const [comments, updates, edits] = await Promise.all([
    Promise.all(
      range.map((i) =>
        on(i).app.post(
          '/v2/commentannotations/comments/add',
          { ...doc, annotationId: 'hot', commentData: [{ commentText: `c${i}`, from: ann }] },
          on(i).headers,
        ),
      ),
    ),
    Promise.all(
      range.map((i) =>
        on(i).app.post(
          '/v2/organizations/update',
          {
            organizations: [
              { organizationId: doc.organizationId, organizationName: `n${i}`, [`f${i}`]: i },
            ],
          },
          on(i).headers,
        ),
      ),
    ),
    Promise.all(
      range.map((i) =>
        on(i).app.post(
          '/v2/crdt/update',
          { ...doc, editorId: 'hot-editor', type: 'text', data: `d${i}` },
          on(i).headers,
        ),
      ),
    ),
  ]);
  return { comments, updates, edits };
}

/** Every answer a success, and every write read back from `reader`. */
async function expectAllLanded(
  { comments, updates, edits }: Awaited<ReturnType<typeof writeAtOnce>>,
  reader: Target,
) {
  expect(edits.map((r) => [r.status, r.body.error?.status])).toEqual(
    edits.map(() => [200, undefined]),
  );
  expect(comments.map((r) => [r.status, r.body.error?.status])).toEqual(
    comments.map(() => [200, undefined]),
  );
  expect(
    updates.map((r) => [r.status, r.body.result?.data?.[doc.organizationId]?.success]),
  ).toEqual(updates.map(() => [200, true]));
  // Each comment got its own id after the first comment's 1, and each is stored.
  const ids = comments.map((r) => r.body.result.data[0] as number).sort((a, b) => a - b);
  expect(ids).toEqual(Array.from({ length: WRITERS }, (_, i) => i + 2));
  const [annotation] = (
    await reader.app.post(
      '/v2/commentannotations/get',
      { ...doc, annotationIds: ['hot'] },
      reader.headers,
    )
  ).body.result.data;
  expect(annotation.comments.map((c: { commentText: string }) => c.commentText).sort()).toEqual(
    ['first', ...Array.from({ length: WRITERS }, (_, i) => `c${i}`)].sort(),
  );

  // One event per update after the organization's creation; the read model shows every
  // update's own field, and the name of the update the log has last.
  const apiKey = reader.headers['x-service-api-key'];
  const store = reader.app.app.get(EventStore);
  const events = await store.readStream(organizationStream(apiKey, doc.organizationId));
  expect(events.map((e) => e.type)).toEqual([
    'organizations.organization-added',
    ...Array.from({ length: WRITERS }, () => 'organizations.organization-updated'),
  ]);
  const last = events.at(-1)!.data as { organizationName: string };
  const [org] = (
    await reader.app.post(
      '/v2/organizations/get',
      { organizationIds: [doc.organizationId] },
      reader.headers,
    )
  ).body.result.data;
  for (let i = 0; i < WRITERS; i++) expect(org[`f${i}`]).toBe(i);
  expect(org.organizationName).toBe(last.organizationName);

  // One event per CRDT update after its creation, each update's data once.
  const crdt = await store.readStream(
    recordStream({ apiKey, ...doc, kind: 'crdt', recordId: 'hot-editor' }),
  );
  expect(
    crdt
      .slice(1)
      .map((e) => (e.data as { data: string }).data)
      .sort(),
  ).toEqual(Array.from({ length: WRITERS }, (_, i) => `d${i}`).sort());
}

// Writers race only where transactions run side by side: on Postgres, embedded or not (PGlite
// runs one at a time). Two instances need an external one (the embedded cluster is its server's).
const severalConnections = process.env.DATABASE_URL || process.env.EMBEDDED_ENGINE !== 'pglite';
const onSeveralConnections = severalConnections ? describe : describe.skip;
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onSeveralConnections('write contention on one stream', () => {
  it(`lands ${WRITERS} organization updates, ${WRITERS} CRDT updates of one editor and ${WRITERS} numbered comment adds on one annotation at once, none losing a race in one instance`, async () => {
    const app = await createTestApp();
    try {
      const target = { app, headers: app.apiKeyHeaders(await app.createWorkspace()) };
      await prepare(target);
      // Writers of one stream in one process take turns: none finds the stream moved on.
      const store = app.app.get(EventStore);
      const conflicts = countAppendConflicts(store);
      await expectAllLanded(await writeAtOnce([target]), target);
      expect(conflicts.count()).toBe(0);
    } finally {
      jest.restoreAllMocks();
      await app.close();
    }
  });
});

onPostgres('write contention on one stream (Postgres)', () => {
  it('lands the same writes split over two instances on one database', async () => {
    const a = await createTestApp({ keepDatabase: true });
    let b: TestApp | undefined;
    try {
      b = await createTestApp({ databaseUrl: a.config.databaseUrl });
      const headers = a.apiKeyHeaders(await a.createWorkspace());
      const targets = [
        { app: a, headers },
        { app: b, headers },
      ];
      await prepare(targets[0]);
      await expectAllLanded(await writeAtOnce(targets), targets[1]);
    } finally {
      await b?.close();
      await a.close();
      await dropTestDatabase(a.config.databaseUrl!);
    }
  });
});
