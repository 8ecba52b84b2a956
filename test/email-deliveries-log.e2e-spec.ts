import { DataSource } from 'typeorm';
import { SecretBox } from '@app/platform';
import { createTestApp, type TestApp } from '@app/testing';

const PATH = '/v2/workspace/email/deliveries/get';

interface Row {
  id: string;
  organizationId: string;
  documentId: string;
  notificationId: string;
  userId: string;
  status: 'queued' | 'sent' | 'failed' | 'erased';
  createdAt: number;
  attempts?: number;
  lastError?: string | null;
}

/**
 * The email log (D14.4): one key's emails, newest first, in keyset pages, filtered exactly;
 * what the log shows of an email is its state and times, never its address or body; one
 * key never sees another's.
 */
describe('email log (POST /v2/workspace/email/deliveries/get)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  let keyA: string;
  let keyB: string;
  const T0 = Date.UTC(2026, 0, 1);

  const insert = async (apiKey: string, r: Row) => {
    const box = t.app.get(SecretBox);
    const message = box.seal(
      JSON.stringify({ to: { email: `${r.userId}@example.org` }, text: `secret body ${r.id}` }),
    );
    const at = new Date(r.createdAt).toISOString();
    await t.app.get(DataSource).query(
      `INSERT INTO email_deliveries (id, api_key, organization_id, document_id, notification_id,
         user_id, actor_user_ids, provider, status, attempts, message_sealed, last_error,
         created_at, updated_at, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, '{actor}', 'smtp', $7, $8, $9, $10, $11, $12, $13)`,
      [
        r.id,
        apiKey,
        r.organizationId,
        r.documentId,
        r.notificationId,
        r.userId,
        r.status,
        r.attempts ?? 1,
        r.status === 'queued' ? message : null,
        r.lastError ?? null,
        at,
        new Date(r.createdAt + 500).toISOString(),
        r.status === 'sent' ? new Date(r.createdAt + 250).toISOString() : null,
      ],
    );
  };

  // Key A: ten emails; two share a creation time (the id breaks the tie).
  const rowsA: Row[] = Array.from({ length: 10 }, (_, i) => ({
    id: `a-${String(i).padStart(2, '0')}`,
    organizationId: i % 2 ? 'org-odd' : 'org-even',
    documentId: `doc-${i % 3}`,
    notificationId: `n-${i % 4}`,
    userId: i < 5 ? 'ann' : 'bob',
    status: (['queued', 'sent', 'failed', 'erased'] as const)[i % 4],
    createdAt: T0 + (i === 9 ? 8 : i) * 1000,
    ...(i % 4 === 2 && { lastError: 'SMTP 550' }),
  }));
  // Newest first: time descending, then id descending.
  const newestFirst = [...rowsA].sort(
    (x, y) => y.createdAt - x.createdAt || (y.id < x.id ? -1 : y.id > x.id ? 1 : 0),
  );
  const ids = (data: { id: string }[]) => data.map((d) => d.id);

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    keyA = ws.apiKey;
    const other = await t.createApiKey(ws);
    b = t.apiKeyHeaders(other);
    keyB = other.apiKey;
    for (const r of rowsA) await insert(keyA, r);
    // Key B: the same organization, document, notification and user ids.
    await insert(keyB, { ...rowsA[0], id: 'b-00', createdAt: T0 + 60_000 });
  });
  afterAll(() => t.close());

  const read = async (headers: Record<string, string>, data: Record<string, unknown>) => {
    const res = await t.post(PATH, data, headers);
    expect(res.status).toBe(200);
    return res.body.result as { message: string; data: any[]; pageToken?: string };
  };

  /** Every page of a read, following its tokens. */
  const allPages = async (data: Record<string, unknown>) => {
    const pages: string[][] = [];
    let pageToken: string | undefined;
    do {
      const result = await read(a, { ...data, ...(pageToken && { pageToken }) });
      pages.push(ids(result.data));
      pageToken = result.pageToken;
    } while (pageToken && pages.length < 20);
    return pages;
  };

  it("answers the key's emails newest first, each with its state and times only", async () => {
    const result = await read(a, {});
    expect(result.message).toBe('Email deliveries retrieved successfully.');
    expect(ids(result.data)).toEqual(ids(newestFirst));
    expect(result).not.toHaveProperty('pageToken');
    const failed = result.data.find((d) => d.id === 'a-02');
    expect(failed).toEqual({
      id: 'a-02',
      notificationId: 'n-2',
      organizationId: 'org-even',
      documentId: 'doc-2',
      userId: 'ann',
      provider: 'smtp',
      status: 'failed',
      attempts: 1,
      lastError: 'SMTP 550',
      createdAt: T0 + 2000,
      updatedAt: T0 + 2500,
      sentAt: null,
    });
    expect(result.data.find((d) => d.id === 'a-01')).toMatchObject({
      status: 'sent',
      sentAt: T0 + 1250,
      lastError: null,
    });
    // Nothing of an address, a body or whom the message tells of.
    const text = JSON.stringify(result.data);
    for (const word of ['@example.org', 'secret body', 'actor', 'sealed', 'v1.']) {
      expect(text).not.toContain(word);
    }
  });

  it('pages with pageSize and pageToken: every email once, in order, the tie included', async () => {
    const pages = await allPages({ pageSize: 3 });
    expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 1]);
    expect(pages.flat()).toEqual(ids(newestFirst));
    const pairs = await allPages({ pageSize: 2 });
    expect(pairs.flat()).toEqual(ids(newestFirst));
    // A page ending inside the tie (a-09 and a-08 share their time).
    const ones = await allPages({ pageSize: 1 });
    expect(ones.flat()).toEqual(ids(newestFirst));
  });

  it('filters by status, recipient, notification, document and organization, exactly and together', async () => {
    const expectFilter = async (filter: Record<string, string>, keep: (r: Row) => boolean) => {
      const pages = await allPages({ ...filter, pageSize: 2 });
      expect({ filter, ids: pages.flat() }).toEqual({
        filter,
        ids: ids(newestFirst.filter(keep)),
      });
    };
    await expectFilter({ status: 'queued' }, (r) => r.status === 'queued');
    await expectFilter({ userId: 'bob' }, (r) => r.userId === 'bob');
    await expectFilter({ notificationId: 'n-1' }, (r) => r.notificationId === 'n-1');
    await expectFilter({ documentId: 'doc-0' }, (r) => r.documentId === 'doc-0');
    await expectFilter({ organizationId: 'org-odd' }, (r) => r.organizationId === 'org-odd');
    await expectFilter(
      { organizationId: 'org-even', userId: 'ann', status: 'sent' },
      (r) => r.organizationId === 'org-even' && r.userId === 'ann' && r.status === 'sent',
    );
    expect((await read(a, { userId: 'nobody' })).data).toEqual([]);
  });

  it('refuses a page token of other filters, an unknown status and a page size out of range', async () => {
    const first = await read(a, { status: 'sent', pageSize: 1 });
    expect(first.pageToken).toEqual(expect.any(String));
    const other = await t.post(
      PATH,
      { status: 'failed', pageSize: 1, pageToken: first.pageToken },
      a,
    );
    expect(other.status).toBe(400);
    expect(other.body.error.status).toBe('INVALID_ARGUMENT');
    for (const [data, field] of [
      [{ status: 'delivered' }, 'data.status'],
      [{ pageSize: 0 }, 'data.pageSize'],
      [{ pageSize: 101 }, 'data.pageSize'],
    ] as const) {
      const res = await t.post(PATH, data, a);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
  });

  it('needs an API key and its auth token', async () => {
    const res = await t.post(PATH, {});
    expect(res.status).toBe(401);
    expect(res.body.error.status).toBe('UNAUTHENTICATED');
  });

  it("shows one key nothing of another's log, nor takes its page tokens", async () => {
    expect(ids((await read(b, {})).data)).toEqual(['b-00']);
    expect(ids((await read(b, { userId: 'ann', organizationId: 'org-even' })).data)).toEqual([
      'b-00',
    ]);
    expect(ids((await read(a, {})).data)).not.toContain('b-00');
    const tokenOfA = (await read(a, { pageSize: 1 })).pageToken;
    const res = await t.post(PATH, { pageSize: 1, pageToken: tokenOfA }, b);
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
  });

  it("takes a deleted organization's emails out of the log, and no other's (D6.9)", async () => {
    // Another key's email in an organization of the same id.
    await insert(keyB, { ...rowsA[1], id: 'b-odd', createdAt: T0 });
    await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'org-odd', createOrganization: true, documents: [{ documentId: 'x' }] },
      a,
    );
    const res = await t.post('/v2/organizations/delete', { organizationIds: ['org-odd'] }, a);
    expect(res.body.result.data['org-odd']).toMatchObject({ success: true });
    await t.settle(20_000);
    expect(ids((await read(a, {})).data)).toEqual(
      ids(newestFirst.filter((r) => r.organizationId !== 'org-odd')),
    );
    expect(ids((await read(b, { organizationId: 'org-odd' })).data)).toEqual(['b-odd']);
  });
});
