/**
 * Shared by the hosted-compat suites: one case per request of the hosted service's published
 * collection and per operation of its OpenAPI file. Each case makes its data through our API,
 * sends the published body (placeholder ids replaced by that data) with the published headers,
 * and checks the answer against the example answer the hosted page documents for that call.
 */
import type request from 'supertest';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';
import { shapeMismatches } from '../support/hosted-shape';

export { byId, withoutKeys } from '../support/hosted-shape';

type Res = request.Response;

export interface Hosted {
  t: TestApp;
  ws: TestWorkspace;
  /** The published headers: `x-service-api-key` and `x-service-auth-token`. */
  headers: Record<string, string>;
  /** POST `{data}` to `path` with the API key's headers. */
  call(path: string, data: unknown): Promise<Res>;
}

/** One app and one workspace for the suite that calls it (registers beforeAll/afterAll). */
export function hostedApp(): Hosted {
  const hosted = {} as Hosted;
  beforeAll(async () => {
    hosted.t = await createTestApp();
    hosted.ws = await hosted.t.createWorkspace();
    hosted.headers = hosted.t.apiKeyHeaders(hosted.ws);
    hosted.call = (path, data) => hosted.t.post(path, data, hosted.headers);
  });
  afterAll(() => hosted.t?.close());
  return hosted;
}

/**
 * The answer is HTTP `status` (200 unless the case says why) with the success envelope
 * `{result: {status: 'success', message}}`, and has the shape of `documented` (the example
 * answer of the hosted page, the envelope included). On failure jest shows the whole answer.
 */
export function expectDocumented(res: Res, documented: unknown, status = 200): void {
  expect({ http: res.status, body: res.body }).toMatchObject({
    http: status,
    body: { result: { status: 'success', message: expect.any(String) } },
  });
  expectShape(res, documented);
  // The examples show items that succeeded; a refused item is a failed case, whatever its shape.
  expect(refusedItems(res.body.result.data)).toEqual([]);
}

/** Every item of a batch answer with `success: false`, with its path. */
function refusedItems(data: unknown, path = 'data'): { path: string; item: unknown }[] {
  if (typeof data !== 'object' || data === null) return [];
  const item = data as Record<string, unknown>;
  if (item.success === false) return [{ path, item }];
  return Object.entries(item).flatMap(([key, value]) => refusedItems(value, `${path}.${key}`));
}

/** The answer's body has the shape of `documented`, envelope included (see hosted-shape.ts). */
export function expectShape(res: Res, documented: unknown): void {
  expect(shapeMismatches(res.body, documented)).toEqual([]);
}

/** The hosted success envelope around `data`, with `more` beside it (a page token). */
export const envelope = (message: string, data?: unknown, more: Record<string, unknown> = {}) => ({
  result: { status: 'success', message, ...(data === undefined ? {} : { data }), ...more },
});

/**
 * The next-page token of a first page of one item, checked against the documented page: the
 * published read then sends a real token (a made-up one is refused, D5.5).
 */
export async function secondPageToken(
  h: Hosted,
  path: string,
  data: Record<string, unknown>,
  documentedPage: unknown,
  field: 'nextPageToken' | 'pageToken',
): Promise<string> {
  const first = await h.call(path, { ...data, pageSize: 1 });
  expectDocumented(first, documentedPage);
  return first.body.result[field] as string;
}

/** An item of a batch answer keyed by id, as the hosted pages show it. */
export const batchItem = { success: true, id: 'id', message: 'text' };

/** Makes organizations (our operation 6), each named after its id. */
export async function addOrganizations(h: Hosted, ...ids: string[]): Promise<void> {
  await setup(h, '/v1/organizations/add', {
    organizations: ids.map((organizationId) => ({
      organizationId,
      organizationName: `Name of ${organizationId}`,
    })),
  });
}

/** Makes documents in an organization (created when missing), optionally in a folder. */
export async function addDocuments(
  h: Hosted,
  organizationId: string,
  documentIds: string[],
  folderId?: string,
): Promise<void> {
  await setup(h, '/v2/organizations/documents/add', {
    organizationId,
    createOrganization: true,
    ...(folderId ? { folderId, createFolder: true } : {}),
    documents: documentIds.map((documentId) => ({ documentId, documentName: documentId })),
  });
}

/** Makes folders at the root, or under a parent, of an organization (created when missing). */
export async function addFolders(
  h: Hosted,
  organizationId: string,
  folderIds: string[],
  parentFolderId?: string,
): Promise<void> {
  await setup(h, '/v2/organizations/folders/add', {
    organizationId,
    createOrganization: true,
    folders: folderIds.map((folderId) => ({
      folderId,
      folderName: folderId,
      ...(parentFolderId ? { parentFolderId } : {}),
    })),
  });
}

export const someUser = (userId: string) => ({
  userId,
  name: `Name ${userId}`,
  email: `${userId}@example.com`,
});

/** Makes users at the organization scope (or a document's, when given); the organization too. */
export async function addUsers(
  h: Hosted,
  organizationId: string,
  userIds: string[],
  documentId?: string,
): Promise<void> {
  await addOrganizations(h, organizationId);
  await setup(h, '/v2/users/add', {
    organizationId,
    ...(documentId ? { documentId } : {}),
    users: userIds.map((userId) => ({ ...someUser(userId), accessRole: 'editor' })),
  });
}

/**
 * Makes a comment annotation with one comment by `userId` on a document (made first), and
 * answers its id and its comments' ids as our API reads them back.
 */
export async function addAnnotation(
  h: Hosted,
  organizationId: string,
  documentId: string,
  annotationId: string,
  userId = 'author',
): Promise<{ annotationId: string; commentIds: number[] }> {
  await addDocuments(h, organizationId, [documentId]);
  await setup(h, '/v2/commentannotations/add', {
    organizationId,
    documentId,
    commentAnnotations: [
      {
        annotationId,
        location: { id: 'location-1', locationName: 'Location 1' },
        commentData: [{ commentText: 'First comment', from: someUser(userId) }],
      },
    ],
  });
  const read = await setup(h, '/v2/commentannotations/get', {
    organizationId,
    documentId,
    annotationIds: [annotationId],
  });
  const [annotation] = read.body.result.data as { comments: { commentId: number }[] }[];
  return { annotationId, commentIds: annotation.comments.map((c) => c.commentId) };
}

/**
 * Makes a notification with a known id on a document (made first), addressed to `userId`
 * (default `reader`), at `locationId` when given.
 */
export async function addNotification(
  h: Hosted,
  organizationId: string,
  documentId: string,
  notificationId: string,
  { userId = 'reader', locationId }: { userId?: string; locationId?: string } = {},
): Promise<void> {
  await addDocuments(h, organizationId, [documentId]);
  await setup(h, '/v1/notifications/add', {
    organizationId,
    documentId,
    notificationId,
    ...(locationId ? { location: { id: locationId } } : {}),
    actionUser: someUser('actor'),
    displayHeadlineMessageTemplate: '{actionUser} wrote',
    notifyUsers: [someUser(userId)],
  });
}

/** A setup call: it must succeed, and its failure names it, not the case's own request. */
export async function setup(h: Hosted, path: string, data: unknown): Promise<Res> {
  const res = await h.call(path, data);
  if (res.status !== 200 || res.body?.result?.status !== 'success')
    throw new Error(`setup ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}
