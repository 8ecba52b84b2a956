import type { Response } from 'supertest';
import {
  addAnnotation,
  addNotification,
  addUsers,
  expectShape,
  envelope,
  expectDocumented,
  hostedApp,
  type Hosted,
} from './hosted-compat';

/**
 * The hosted page's answer to users/data/delete: HTTP 202 with the envelope flat, not inside
 * `result` (the hosted page and our operation 16 agree).
 */
const deletionStarted = {
  status: 'success',
  message: 'text',
  data: { jobId: 'id', tasksCount: 1 },
  statusCode: 202,
};

/** HTTP 202 and the documented answer (on failure jest shows the whole answer). */
function expectStarted(res: Response): void {
  expect({ http: res.status, body: res.body }).toMatchObject({
    http: 202,
    body: { status: 'success' },
  });
  expectShape(res, deletionStarted);
}

/**
 * The hosted page's answer to users/data/get: a list per feature (the four it shows; ours
 * also answers the user's records and activities), and `nextPageToken` while any has more.
 * The page's lists are `[..]`: each checked here as a list of objects.
 */
const userData = (more: Record<string, unknown> = {}) =>
  envelope(
    'Data fetched successfully.',
    { comments: [{}], reactions: [{}], recordings: [{}], notifications: [{}] },
    more,
  );

/** A user with one item of each documented feature in an organization. */
async function seedUserData(h: Hosted, organizationId: string, userId: string): Promise<void> {
  await addUsers(h, organizationId, [userId]);
  await addAnnotation(h, organizationId, 'doc-1', `${organizationId}-annotation`, userId);
  const user = { userId, name: `Name ${userId}`, email: `${userId}@example.com` };
  const place = { organizationId, documentId: 'doc-1' };
  const write = async (path: string, data: unknown) =>
    expect((await h.call(path, data)).status).toBe(200);
  await write('/v2/reactions/add', { ...place, reactions: [{ icon: 'HEART', from: user }] });
  await write('/v2/recordings/add', {
    ...place,
    recordings: [{ from: user, recordingType: 'audio', displayName: 'Take', attachments: [] }],
  });
  await addNotification(h, organizationId, 'doc-1', `${organizationId}-notification`, { userId });
}

// The collection's "GDPR" folder, then the OpenAPI operations of the same calls.
describe('hosted compat: gdpr', () => {
  const h = hostedApp();

  it('POST /v2/users/data/get: Get All User Data', async () => {
    await seedUserData(h, 'org-gdpr-get', 'user-get');
    // The page's example request, its token from a real first page (a made-up one is refused).
    const first = await h.call('/v2/users/data/get', {
      organizationId: 'org-gdpr-get',
      userId: 'user-get',
    });
    expectDocumented(first, userData());
    expect(first.body.result.nextPageToken).toBeUndefined();
    const madeUp = await h.call('/v2/users/data/get', {
      organizationId: 'org-gdpr-get',
      userId: 'user-get',
      pageToken: 'bhdwdqwjs298e39e479ddkeuw==329',
    });
    expect({ http: madeUp.status, status: madeUp.body.error?.status }).toEqual({
      http: 400,
      status: 'INVALID_ARGUMENT',
    });
  });

  it('POST /v2/users/data/delete: Delete All User Data', async () => {
    await addAnnotation(h, 'org-gdpr-1', 'doc-1', 'annotation-1', 'user-1');
    await addAnnotation(h, 'org-gdpr-2', 'doc-2', 'annotation-2', 'user-2');
    const res = await h.call('/v2/users/data/delete', {
      userIds: ['user-1', 'user-2'],
      organizationIds: ['org-gdpr-1', 'org-gdpr-2'],
    });
    expectStarted(res);
  });

  it('POST /v2/users/data/delete/status: Get Delete All User Data Status', async () => {
    await addAnnotation(h, 'org-gdpr-3', 'doc-3', 'annotation-3', 'user-3');
    const started = await h.call('/v2/users/data/delete', { userIds: ['user-3'] });
    expect(started.status).toBe(202);
    await h.t.settle();
    const res = await h.call('/v2/users/data/delete/status', { jobId: started.body.data.jobId });
    expectDocumented(
      res,
      envelope('Data fetched successfully.', {
        isDeleteCompleted: true,
        tasksLeft: 0,
        lastTaskCompletedTime: 1,
      }),
    );
  });

  it('openapi: POST /users/data/get', async () => {
    await seedUserData(h, 'org-gdpr-get-2', 'user-get-2');
    // More than 100 comments: the first page says so with a token, the second has the rest.
    const annotations = Array.from({ length: 101 }, (_, i) => ({
      annotationId: `many-${i}`,
      commentData: [{ commentText: 'Another', from: { userId: 'user-get-2' } }],
    }));
    const add = await h.call('/v2/commentannotations/add', {
      organizationId: 'org-gdpr-get-2',
      documentId: 'doc-1',
      commentAnnotations: annotations,
    });
    expect(add.status).toBe(200);
    const data = { organizationId: 'org-gdpr-get-2', userId: 'user-get-2' };
    const first = await h.call('/v2/users/data/get', data);
    expectDocumented(first, userData({ nextPageToken: 'token' }));
    expect(first.body.result.data.comments).toHaveLength(100);
    const second = await h.call('/v2/users/data/get', {
      ...data,
      pageToken: first.body.result.nextPageToken,
    });
    expect({ http: second.status, body: second.body }).toMatchObject({
      http: 200,
      body: { result: { data: { comments: [{}, {}], reactions: [], recordings: [] } } },
    });
    expect(second.body.result.nextPageToken).toBeUndefined();
  });

  it('openapi: POST /users/data/delete', async () => {
    await addAnnotation(h, 'org-gdpr-4', 'doc-4', 'annotation-4', 'user-4');
    const res = await h.call('/v2/users/data/delete', { userIds: ['user-4'] });
    expectStarted(res);
  });
});
