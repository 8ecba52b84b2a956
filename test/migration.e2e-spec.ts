import { Injectable, Module } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentDeleted, DocumentMigrated } from '@app/documents';
import { Subscriber, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import { JobQueue } from '@app/platform';
import {
  createTestApp,
  dropTestDatabase,
  waitFor,
  type TestApp,
  type TestAppOptions,
} from '@app/testing';

// Another module reacting to the documents library's public events, as later features will.
const seen: RecordedEvent[] = [];

@Subscriber()
@Injectable()
class DocumentEventsProbe implements EventSubscriber {
  readonly subscriptionId = 'test.document-events-probe';
  readonly handles = [DocumentMigrated.type, DocumentDeleted.type];
  async handle(events: RecordedEvent[]): Promise<void> {
    seen.push(...events);
  }
}

@Module({ providers: [DocumentEventsProbe] })
class ProbeModule {}

async function migrate(t: TestApp, headers: Record<string, string>, data: Record<string, unknown>) {
  const res = await t.post('/v2/organizations/documents/migrate', data, headers);
  expect(res.status).toBe(200);
  return res.body.result.data.migrationId as string;
}

function status(t: TestApp, headers: Record<string, string>, migrationId: string) {
  return t.post(
    '/v2/organizations/documents/migrate/status',
    { organizationId: 'org', migrationId },
    headers,
  );
}

/** Polls operation 14 until the migration is completed or failed. */
async function settled(t: TestApp, headers: Record<string, string>, migrationId: string) {
  return waitFor(async () => {
    const res = await status(t, headers, migrationId);
    return ['completed', 'failed'].includes(res.body.result?.data?.status) ? res.body : undefined;
  });
}

describe('document migration (D6.7)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const docs = (documentIds: string[]) =>
    t.post('/v1/organizations/documents/get', { organizationId: 'org', documentIds }, headers);

  beforeAll(async () => {
    t = await createTestApp({ modules: [ProbeModule] });
    headers = t.apiKeyHeaders(await t.createWorkspace());
    await t.post(
      '/v2/organizations/documents/add',
      {
        organizationId: 'org',
        createOrganization: true,
        folderId: 'f',
        createFolder: true,
        documents: [
          { documentId: 'old', documentName: 'Spec', accessType: 'restricted', owner: 'u1' },
          { documentId: 'taken' },
        ],
      },
      headers,
    );
  });
  afterAll(() => t.close());

  it('moves the document to its new id: it answers there only, with everything it was', async () => {
    const [before] = (await docs(['old'])).body.result.data;
    const res = await t.post(
      '/v2/organizations/documents/migrate',
      { organizationId: 'org', documentId: 'old', newDocumentId: 'new' },
      headers,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Document migration started successfully.',
        data: { migrationId: expect.any(String) },
      },
    });
    const migrationId = res.body.result.data.migrationId;
    const done = await settled(t, headers, migrationId);
    expect(done).toEqual({
      result: {
        status: 'success',
        message: 'Migration status retrieved successfully.',
        data: { migrationId, status: 'completed', documentId: 'old', newDocumentId: 'new' },
      },
    });
    const after = (await docs(['old', 'new'])).body.result.data;
    expect(after).toEqual([{ ...before, id: 'new', lastUpdated: expect.any(Number) }]);

    // One public event tells other modules the document moved.
    await waitFor(async () => (seen.some((e) => DocumentMigrated.is(e)) ? true : undefined));
    const moved = seen.filter((e) => DocumentMigrated.is(e));
    expect(moved).toHaveLength(1);
    expect(moved[0].data).toEqual({
      apiKey: expect.any(String),
      organizationId: 'org',
      documentId: 'old',
      newDocumentId: 'new',
      migrationId,
      at: expect.any(Number),
    });
  });

  it('ends failed with a reason when the target exists or the source does not', async () => {
    const toTaken = await migrate(t, headers, {
      organizationId: 'org',
      documentId: 'new',
      newDocumentId: 'taken',
    });
    expect((await settled(t, headers, toTaken)).result.data).toEqual({
      migrationId: toTaken,
      status: 'failed',
      documentId: 'new',
      newDocumentId: 'taken',
      error: 'Target document already exists',
    });
    expect((await docs(['new', 'taken'])).body.result.data).toHaveLength(2);

    const fromMissing = await migrate(t, headers, {
      organizationId: 'org',
      documentId: 'ghost',
      newDocumentId: 'somewhere',
    });
    expect((await settled(t, headers, fromMissing)).result.data).toMatchObject({
      status: 'failed',
      error: 'Source document does not exist',
    });
  });

  it('announces a deletion as one public event', async () => {
    await t.post(
      '/v1/organizations/documents/delete',
      { organizationId: 'org', documentIds: ['taken'] },
      headers,
    );
    await waitFor(async () => (seen.some((e) => DocumentDeleted.is(e)) ? true : undefined));
    expect(seen.filter((e) => DocumentDeleted.is(e)).map((e) => e.data)).toEqual([
      {
        apiKey: expect.any(String),
        organizationId: 'org',
        documentId: 'taken',
        at: expect.any(Number),
      },
    ]);
  });

  it('answers NOT_FOUND for an unknown migration or another organization, INVALID_ARGUMENT for bad input', async () => {
    expect((await status(t, headers, 'no-such-migration')).status).toBe(404);
    const id = await migrate(t, headers, {
      organizationId: 'org',
      documentId: 'new',
      newDocumentId: 'x',
    });
    const elsewhere = await t.post(
      '/v2/organizations/documents/migrate/status',
      { organizationId: 'other-org', migrationId: id },
      headers,
    );
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.status).toBe('NOT_FOUND');
    for (const [data, field] of [
      [{ documentId: 'a', newDocumentId: 'b' }, 'data.organizationId'],
      [{ organizationId: 'org', newDocumentId: 'b' }, 'data.documentId'],
      [{ organizationId: 'org', documentId: 'a' }, 'data.newDocumentId'],
      [{ organizationId: 'org', documentId: 'a', newDocumentId: 'a' }, 'data.newDocumentId'],
    ] as const) {
      const res = await t.post('/v2/organizations/documents/migrate', data, headers);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
    const noId = await t.post(
      '/v2/organizations/documents/migrate/status',
      { organizationId: 'org' },
      headers,
    );
    expect(noId.body.error.details.fields[0].field).toBe('data.migrationId');
    const noOrganization = await t.post(
      '/v2/organizations/documents/migrate/status',
      { migrationId: id },
      headers,
    );
    expect(noOrganization.status).toBe(400);
    expect(noOrganization.body.error.details.fields[0].field).toBe('data.organizationId');
  });
});

describe('document migration across a restart', () => {
  it('finishes a migration whose process stopped mid-way, after a start on the same database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'collab-migration-'));
    const first = await createTestApp(
      process.env.DATABASE_URL ? { keepDatabase: true } : { dataDir },
    );
    const storage: TestAppOptions = first.config.databaseUrl
      ? { databaseUrl: first.config.databaseUrl }
      : { dataDir };
    try {
      const ws = await first.createWorkspace();
      const headers = first.apiKeyHeaders(ws);
      await first.post(
        '/v2/organizations/documents/add',
        { organizationId: 'org', createOrganization: true, documents: [{ documentId: 'a' }] },
        headers,
      );
      // The process dies in the middle of the move step: it took the job and never finished.
      const crashed: string[] = [];
      first.app.get(JobQueue).handle('documents.migration-move', async (job) => {
        crashed.push(job.id);
        throw new Error('process killed mid-step');
      });
      const migrationId = await migrate(first, headers, {
        organizationId: 'org',
        documentId: 'a',
        newDocumentId: 'b',
      });
      await waitFor(async () => (crashed.length > 0 ? true : undefined));
      expect((await status(first, headers, migrationId)).body.result.data.status).toBe(
        'in_progress',
      );
      await first.close();

      const second = await createTestApp({ ...storage, config: { adminToken: first.adminToken } });
      try {
        const done = await settled(second, headers, migrationId);
        expect(done.result.data.status).toBe('completed');
        const read = await second.post(
          '/v1/organizations/documents/get',
          { organizationId: 'org' },
          headers,
        );
        expect(read.body.result.data.map((d: { id: string }) => d.id)).toEqual(['b']);
      } finally {
        await second.close();
      }
    } finally {
      if (storage.databaseUrl) await dropTestDatabase(storage.databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
