import { Injectable, Module } from '@nestjs/common';
import {
  Exporter,
  exportChunk,
  json,
  type ExportChunk,
  type ExportCursor,
  type ExportSubject,
  type UserDataExporter,
} from '@app/platform';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';

type Data = Record<string, Record<string, any>[]>;

const vic = { userId: 'vic', name: 'Vic Victor', email: 'vic@example.com' };
const kim = { userId: 'kim', name: 'Kim Keeper', email: 'kim@example.com' };

/** 130 annotations by vic: more than one page of the `comments` feature (100 a page). */
const VIC_ANNOTATIONS = Array.from({ length: 130 }, (_, i) => `a-${String(i).padStart(3, '0')}`);
/** Notes the test-only module holds for vic in org-1: more than one page too. */
const NOTES = 150;

/**
 * A module the server knows nothing of, with a user's data of its own: its `@Exporter()` is
 * found as the example module's would be, with no edit to the GDPR library. It answers vic's
 * notes in org-1 of the key it was told, by index, in chunks of `limit`.
 */
@Injectable()
@Exporter({ features: { notes: json.object({ noteId: json.string() }) } })
class NotesExporter implements UserDataExporter {
  static apiKey = '';

  async export(
    _feature: string,
    { apiKey, userId, organizationId }: ExportSubject,
    after: ExportCursor | null,
    limit: number,
  ): Promise<ExportChunk> {
    const mine = apiKey === NotesExporter.apiKey && userId === 'vic' && organizationId === 'org-1';
    const start = after === null ? 0 : Number(after) + 1;
    const notes = mine
      ? Array.from({ length: NOTES }, (_, i) => i).slice(start, start + limit + 1)
      : [];
    return exportChunk(
      notes,
      limit,
      (i) => i,
      (i) => ({ noteId: `note-${i}` }),
    );
  }
}

@Module({ providers: [NotesExporter] })
class NotesModule {}

describe("users/data/get: all of a user's data, 100 items per feature a page (hosted, D8)", () => {
  let t: TestApp;
  let a: TestWorkspace;
  let h: Record<string, string>;
  let hb: Record<string, string>;
  let hOtherKey: Record<string, string>;

  const ok = async (path: string, data: unknown, headers = h) => {
    const res = await t.post(path, data, headers);
    expect({ path, status: res.status, body: res.body }).toMatchObject({ path, status: 200 });
    return res;
  };
  const annotation = (annotationId: string, from: typeof vic, more = {}) => ({
    annotationId,
    location: { id: 'loc-1', locationName: 'Location 1' },
    commentData: [{ commentText: `By ${from.userId}`, from, ...more }],
  });
  const annotations = (organizationId: string, documentId: string, items: unknown[], hh = h) =>
    ok('/v2/commentannotations/add', { organizationId, documentId, commentAnnotations: items }, hh);
  const documents = (organizationId: string, ids: string[], hh = h) =>
    ok(
      '/v2/organizations/documents/add',
      {
        organizationId,
        createOrganization: true,
        documents: ids.map((documentId) => ({ documentId })),
      },
      hh,
    );
  const exportOf = (data: Record<string, unknown>, headers = h) =>
    t.post('/v2/users/data/get', data, headers);

  /** Every page of a user's export, each checked for the envelope and the 100-item limit. */
  async function allPages(organizationId: string, userId: string, headers = h) {
    const pages: Data[] = [];
    let pageToken: string | undefined;
    do {
      const res = await exportOf({ organizationId, userId, pageToken }, headers);
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({
        status: 'success',
        message: 'Data fetched successfully.',
      });
      pages.push(res.body.result.data);
      pageToken = res.body.result.nextPageToken;
    } while (pageToken !== undefined && pages.length < 10);
    return pages;
  }
  const all = (pages: Data[], feature: string) => pages.flatMap((p) => p[feature]);
  /** The token with its last character changed. */
  const changed = (token: string) => token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');

  beforeAll(async () => {
    t = await createTestApp({ modules: [NotesModule] });
    a = await t.createWorkspace();
    h = t.apiKeyHeaders(a);
    hOtherKey = t.apiKeyHeaders(await t.createApiKey(a));
    hb = t.apiKeyHeaders(await t.createWorkspace('b@example.com'));
    NotesExporter.apiKey = a.apiKey;

    await documents('org-1', ['d1', 'd2']);
    await documents('org-2', ['d3']);
    // Comments: vic's 130, one of kim's tagging vic (vic is involved), one of kim's alone;
    // vic's in another organization.
    await annotations(
      'org-1',
      'd1',
      VIC_ANNOTATIONS.map((id) => annotation(id, vic)),
    );
    await annotations('org-1', 'd2', [
      annotation('k-tagged', kim, { taggedUserContacts: [{ userId: vic.userId, contact: vic }] }),
      annotation('k-alone', kim),
    ]);
    await annotations('org-2', 'd3', [annotation('other-org', vic)]);
    const place = { organizationId: 'org-1', documentId: 'd1' };
    await ok('/v2/reactions/add', {
      ...place,
      reactions: [
        { reactionId: 'r-vic', icon: 'HEART', from: vic },
        { reactionId: 'r-kim', icon: 'HEART', from: kim },
      ],
    });
    await ok('/v2/recordings/add', {
      ...place,
      recordings: [
        {
          recordingId: 'rec-vic',
          from: vic,
          recordingType: 'audio',
          displayName: 'V',
          attachments: [],
        },
        {
          recordingId: 'rec-kim',
          from: kim,
          recordingType: 'audio',
          displayName: 'K',
          attachments: [],
        },
      ],
    });
    const notify = (notificationId: string, data: Record<string, unknown>) =>
      ok('/v1/notifications/add', {
        ...place,
        notificationId,
        notifyAll: false,
        displayHeadlineMessageTemplate: '{actionUser} wrote',
        ...data,
      });
    await notify('n-to-vic', { actionUser: kim, notifyUsers: [vic, kim] });
    await notify('n-by-vic', { actionUser: vic, notifyUsers: [kim] });
    await notify('n-kim-only', { actionUser: kim, notifyUsers: [kim] });
    await notify('n-for-all', { actionUser: kim, notifyAll: true });
    await ok('/v2/users/add', { ...place, users: [{ ...vic, accessRole: 'editor' }] });
    // Activities are written with the service on, after the comments (none derived from them).
    await t.settle();
    await ok('/v2/workspace/apikeyconfig/update', { activityServiceEnabled: true });
    const activity = (id: string, actionUser: typeof vic) => ({
      id,
      featureType: 'custom',
      actionType: 'invoice.paid',
      actionUser,
      targetEntityId: 'invoice-1',
    });
    await ok('/v2/activities/add', {
      ...place,
      activities: [activity('act-vic', vic), activity('act-kim', kim)],
    });
    // Another tenant with the same ids: vic's annotation there is never A's.
    await documents('org-1', ['d1'], hb);
    await annotations('org-1', 'd1', [annotation('b-secret', vic)], hb);
    await t.settle();
  });
  afterAll(() => t?.close());

  it("answers every feature, vic's data only, 100 items per feature a page, until no token", async () => {
    const pages = await allPages('org-1', 'vic');
    expect(pages).toHaveLength(2);
    const features = [
      'activities',
      'comments',
      'notes',
      'notifications',
      'reactions',
      'recordings',
      'users',
    ];
    for (const page of pages) expect(Object.keys(page).sort()).toEqual(features);
    expect(pages.map((p) => [p.comments.length, p.notes.length, p.reactions.length])).toEqual([
      [100, 100, 1],
      [31, 50, 0],
    ]);
    expect(all(pages, 'comments').map((c) => c.annotationId)).toEqual([
      ...VIC_ANNOTATIONS,
      'k-tagged',
    ]);
    expect(all(pages, 'notes')).toEqual(
      Array.from({ length: NOTES }, (_, i) => ({ noteId: `note-${i}` })),
    );
    expect(all(pages, 'reactions').map((r) => r.reactionId)).toEqual(['r-vic']);
    expect(all(pages, 'recordings').map((r) => [r.recordingId, r.type])).toEqual([
      ['rec-vic', 'recorder'],
    ]);
    expect(all(pages, 'notifications').map((n) => [n.id, n.isUnread])).toEqual([
      ['n-by-vic', true],
      ['n-to-vic', true],
    ]);
    // Of the recipients, only vic: kim's id and email are kim's to export.
    expect(
      all(pages, 'notifications').map((n) => [
        n.id,
        Object.keys(n.notifyUsersByUserId),
        n.notifyUsers,
      ]),
    ).toEqual([
      ['n-by-vic', [], {}],
      ['n-to-vic', ['vic'], {}],
    ]);
    expect(all(pages, 'activities').map((x) => x.id)).toEqual(['act-vic']);
    // vic's records: the document user added, the organization user its comments made known.
    expect(all(pages, 'users').map((u) => [u.userId, u.email, u.metadata])).toEqual([
      ['vic', vic.email, { apiKey: a.apiKey, organizationId: 'org-1', documentId: 'd1' }],
      ['vic', vic.email, { apiKey: a.apiKey, organizationId: 'org-1' }],
    ]);
    expect(pages[0].comments[0]).toMatchObject({
      annotationId: 'a-000',
      from: { userId: 'vic' },
      metadata: { apiKey: a.apiKey, organizationId: 'org-1', documentId: 'd1' },
    });
  });

  it('answers empty lists and no token for a user with no data', async () => {
    const res = await exportOf({ organizationId: 'org-1', userId: 'nobody' });
    expect(res.status).toBe(200);
    expect(res.body.result.nextPageToken).toBeUndefined();
    expect(Object.values(res.body.result.data)).toEqual(Array(7).fill([]));
  });

  it("never answers another organization's or another tenant's data", async () => {
    const org2 = await allPages('org-2', 'vic');
    expect(all(org2, 'comments').map((c) => c.annotationId)).toEqual(['other-org']);
    expect(all(org2, 'notes')).toEqual([]);
    const b = await allPages('org-1', 'vic', hb);
    expect(all(b, 'comments').map((c) => c.annotationId)).toEqual(['b-secret']);
    expect(all(b, 'notes')).toEqual([]);
    expect(all(b, 'users').map((u) => u.metadata)).toEqual([
      expect.not.objectContaining({ apiKey: a.apiKey }),
    ]);
    const other = await allPages('org-1', 'vic', hOtherKey);
    expect(Object.values(other[0]).flat()).toEqual([]);
  });

  it('refuses a token from another key, tenant, user or organization, and a changed one', async () => {
    const first = await exportOf({ organizationId: 'org-1', userId: 'vic' });
    const pageToken: string = first.body.result.nextPageToken;
    expect(typeof pageToken).toBe('string');
    const refusals = [
      [{ organizationId: 'org-1', userId: 'vic', pageToken }, hb],
      [{ organizationId: 'org-1', userId: 'vic', pageToken }, hOtherKey],
      [{ organizationId: 'org-1', userId: 'kim', pageToken }, h],
      [{ organizationId: 'org-2', userId: 'vic', pageToken }, h],
      [{ organizationId: 'org-1', userId: 'vic', pageToken: changed(pageToken) }, h],
      [{ organizationId: 'org-1', userId: 'vic', pageToken: 'bhdwdqwjs298e39e479ddkeuw==329' }, h],
    ] as const;
    for (const [data, headers] of refusals) {
      const res = await exportOf(data, headers);
      expect({ status: res.status, body: res.body }).toMatchObject({
        status: 400,
        body: {
          error: { status: 'INVALID_ARGUMENT', details: { fields: [{ field: 'data.pageToken' }] } },
        },
      });
    }
  });

  it('refuses a body without organizationId or userId, naming the field', async () => {
    for (const [data, field] of [
      [{ userId: 'vic' }, 'data.organizationId'],
      [{ organizationId: 'org-1' }, 'data.userId'],
      [{ organizationId: 'org-1', userId: 'vic', pageToken: 7 }, 'data.pageToken'],
    ] as const) {
      const res = await exportOf(data);
      expect({ status: res.status, body: res.body }).toMatchObject({
        status: 400,
        body: { error: { status: 'INVALID_ARGUMENT', details: { fields: [{ field }] } } },
      });
    }
  });
});
