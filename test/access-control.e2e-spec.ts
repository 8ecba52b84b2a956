import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';

type Res = { status: number; body: any };

/**
 * What a caller runs to check a permission signature (the snippet of docs/operations.md, D15.2): keys
 * sorted at every level, no whitespace, HMAC-SHA256 with the key's signature secret,
 * base64url. Written here with node:crypto alone, never the server's code.
 */
const sortKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sortKeys)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
        )
      : v;
function signatureMatches(permissions: unknown[], signature: string, secret: string): boolean {
  const expected = createHmac('sha256', secret)
    .update(JSON.stringify(sortKeys(permissions)))
    .digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// D15: client tokens, permissions, signatures, the permission provider settings, and
// verifyUserPermissions on the writes that take it.
describe('access control', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
    headers = t.apiKeyHeaders(ws);
  });
  afterAll(() => t.close());

  const call = (path: string, data: unknown, h = headers) =>
    t.post(path, data, h) as unknown as Promise<Res>;
  const ok = async (path: string, data: unknown, h = headers) => {
    const res = await call(path, data, h);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  const grant = (userId: string, resources: unknown[], h = headers) =>
    call('/v2/auth/permissions/add', { user: { userId }, permissions: { resources } }, h);
  const revoke = (userId: string, resources: unknown[]) =>
    call('/v2/auth/permissions/remove', { userId, permissions: { resources } });
  const permissions = (data: Record<string, unknown>, h = headers) =>
    call('/v2/auth/permissions/get', data, h);
  const addDocuments = (organizationId: string, documents: unknown[], folderId?: string) =>
    ok('/v2/organizations/documents/add', {
      organizationId,
      createOrganization: true,
      ...(folderId && { folderId, createFolder: true }),
      documents,
    });
  const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
  const keys = async () => (await ok('/v2/auth/verificationkeys/get', {})).body.result.data;

  describe('generate_token', () => {
    const body = {
      userId: 'user-1',
      userProperties: { isAdmin: true, name: 'Jane', email: 'jane@example.com' },
      permissions: {
        resources: [
          { type: 'organization', id: 'org-t', accessRole: 'viewer' },
          { type: 'document', id: 'doc-t', organizationId: 'org-t', expiresAt: 1640995200 },
        ],
      },
    };

    it('signs the hosted claims with the key of the API key, for 48 hours (ES256, jose verifies it)', async () => {
      const res = await ok('/v2/auth/generate_token', body);
      expect(res.body.result).toEqual({
        status: 'success',
        message: 'Token generated successfully.',
        data: { token: expect.any(String) },
      });
      const { token } = res.body.result.data;
      const { tokenKey } = await keys();
      const { payload, protectedHeader } = await jwtVerify(
        token,
        await importJWK(tokenKey, 'ES256'),
        { algorithms: ['ES256'] },
      );
      expect(protectedHeader).toEqual({ alg: 'ES256', kid: tokenKey.kid, typ: 'JWT' });
      expect(payload).toEqual({
        userId: 'user-1',
        userProperties: { isAdmin: true, name: 'Jane', email: 'jane@example.com' },
        permissions: {
          resources: [
            { type: 'organization', id: 'org-t', accessRole: 'viewer' },
            {
              type: 'document',
              id: 'doc-t',
              organizationId: 'org-t',
              accessRole: 'editor',
              expiresAt: 1640995200,
            },
          ],
        },
        iat: expect.any(Number),
        exp: expect.any(Number),
      });
      expect(payload.exp! - payload.iat!).toBe(48 * 3600);
      expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(60);
    });

    it('keeps one key per API key, and another key signs with its own', async () => {
      const first = await ok('/v2/auth/generate_token', body);
      const second = await ok('/v2/auth/generate_token', body);
      const kid = (r: Res) => decodeProtectedHeader(r.body.result.data.token).kid;
      expect(kid(second)).toBe(kid(first));
      const other = await t.createWorkspace();
      const theirs = await ok('/v2/auth/generate_token', body, t.apiKeyHeaders(other));
      expect(kid(theirs)).not.toBe(kid(first));
      // Our key does not verify their token.
      const { tokenKey } = await keys();
      await expect(
        jwtVerify(theirs.body.result.data.token, await importJWK(tokenKey, 'ES256')),
      ).rejects.toThrow();
    });

    it('refuses the body unwrapped (hosted) and names a missing organizationId or bad role', async () => {
      const unwrapped = (await request(t.app.getHttpServer())
        .post('/v2/auth/generate_token')
        .set(headers)
        .send(body)) as unknown as Res;
      expect(unwrapped.status).toBe(400);
      expect(unwrapped.body.error.status).toBe('INVALID_ARGUMENT');
      const noOrg = await call('/v2/auth/generate_token', {
        ...body,
        permissions: { resources: [{ type: 'folder', id: 'f' }] },
      });
      expect(noOrg.status).toBe(400);
      expect(noOrg.body.error.details.fields[0].field).toBe(
        'data.permissions.resources[0].organizationId',
      );
      const badRole = await call('/v2/auth/generate_token', {
        ...body,
        permissions: { resources: [{ type: 'organization', id: 'o', accessRole: 'owner' }] },
      });
      expect(badRole.body.error.details.fields[0].field).toBe(
        'data.permissions.resources[0].accessRole',
      );
      const noEmail = await call('/v2/auth/generate_token', {
        ...body,
        userProperties: { name: 'Jane' },
      });
      expect(noEmail.body.error.details.fields[0].field).toBe('data.userProperties.email');
    });
  });

  describe('permissions', () => {
    it('answers effective access: a grant on a restricted document, its role and expiry, until removed', async () => {
      await addDocuments('org-p', [
        { documentId: 'doc-restricted', documentName: 'R', accessType: 'restricted' },
        { documentId: 'doc-public', documentName: 'P', accessType: 'public' },
      ]);
      const expiresAt = inSeconds(3600);
      const added = await grant('alice', [
        {
          type: 'document',
          id: 'doc-restricted',
          organizationId: 'org-p',
          accessRole: 'viewer',
          expiresAt,
        },
      ]);
      expect(added.body).toEqual({
        result: { status: 'success', message: 'Permissions added successfully.', data: null },
      });
      const read = await permissions({
        organizationId: 'org-p',
        userIds: ['alice', 'bob'],
        documentIds: ['doc-restricted', 'doc-public'],
      });
      expect(read.body.result.message).toBe('User permissions retrieved successfully.');
      const denied = {
        error: 'User does not have access to document',
        errorCode: 'permission_denied',
        accessType: 'restricted',
      };
      const noOrg = {
        error: 'User does not have access to organization',
        errorCode: 'permission_denied',
      };
      expect(read.body.result.data).toEqual({
        alice: {
          organization: { 'org-p': noOrg },
          documents: {
            'doc-restricted': { accessRole: 'viewer', accessType: 'restricted', expiresAt },
            'doc-public': { accessRole: 'editor', accessType: 'public' },
          },
        },
        bob: {
          organization: { 'org-p': noOrg },
          documents: {
            'doc-restricted': denied,
            'doc-public': { accessRole: 'editor', accessType: 'public' },
          },
        },
      });
      const removed = await revoke('alice', [
        { type: 'document', id: 'doc-restricted', organizationId: 'org-p' },
      ]);
      expect(removed.body.result.message).toBe('Permissions removed successfully.');
      const after = await permissions({
        organizationId: 'org-p',
        userIds: ['alice'],
        documentIds: ['doc-restricted'],
      });
      expect(after.body.result.data.alice.documents['doc-restricted']).toEqual(denied);
    });

    it('an organization grant admits to organizationPrivate documents, a folder grant to restricted ones in it and below', async () => {
      await addDocuments(
        'org-q',
        [{ documentId: 'doc-in-folder', documentName: 'F', accessType: 'restricted' }],
        'folder-top',
      );
      await ok('/v2/organizations/folders/add', {
        organizationId: 'org-q',
        folders: [{ folderId: 'folder-child', folderName: 'C', parentFolderId: 'folder-top' }],
      });
      await addDocuments(
        'org-q',
        [{ documentId: 'doc-deep', documentName: 'D', accessType: 'restricted' }],
        'folder-child',
      );
      await addDocuments('org-q', [
        { documentId: 'doc-private', documentName: 'P', accessType: 'organizationPrivate' },
      ]);
      await ok('/v2/auth/permissions/add', {
        user: { userId: 'carol' },
        permissions: {
          resources: [
            { type: 'organization', id: 'org-q', accessRole: 'viewer' },
            { type: 'folder', id: 'folder-top', organizationId: 'org-q' },
          ],
        },
      });
      const read = await permissions({
        organizationId: 'org-q',
        userIds: ['carol', 'dave'],
        folderIds: ['folder-child'],
        documentIds: ['doc-in-folder', 'doc-deep', 'doc-private'],
      });
      const { carol, dave } = read.body.result.data;
      expect(carol.organization).toEqual({ 'org-q': { accessRole: 'viewer' } });
      expect(carol.documents).toEqual({
        'doc-in-folder': { accessRole: 'editor', accessType: 'restricted' },
        'doc-deep': { accessRole: 'editor', accessType: 'restricted' },
        'doc-private': { accessRole: 'viewer', accessType: 'organizationPrivate' },
      });
      expect(carol.folders['folder-child']).toMatchObject({ accessRole: 'editor' });
      expect(Object.values(dave.documents).map((v: any) => v.errorCode)).toEqual([
        'permission_denied',
        'permission_denied',
        'permission_denied',
      ]);
    });

    it('a document inherits its folder access type when that is narrower (hosted), its own when not', async () => {
      await addDocuments('org-f', [{ documentId: 'doc-open', documentName: 'O' }], 'folder-shut');
      await addDocuments(
        'org-f',
        [{ documentId: 'doc-shut', documentName: 'S', accessType: 'restricted' }],
        'folder-open',
      );
      await ok('/v2/organizations/folders/access/update', {
        organizationId: 'org-f',
        folderIds: ['folder-shut'],
        accessType: 'restricted',
      });
      const read = await permissions({
        organizationId: 'org-f',
        userIds: ['stranger'],
        documentIds: ['doc-open', 'doc-shut'],
      });
      expect(read.body.result.data.stranger.documents).toEqual({
        'doc-open': expect.objectContaining({
          errorCode: 'permission_denied',
          accessType: 'restricted',
        }),
        'doc-shut': expect.objectContaining({
          errorCode: 'permission_denied',
          accessType: 'restricted',
        }),
      });
    });

    it('an expired grant admits no one; a grant given again replaces role and expiry', async () => {
      await addDocuments('org-e', [
        { documentId: 'doc-e', documentName: 'E', accessType: 'restricted' },
      ]);
      const doc = { type: 'document', id: 'doc-e', organizationId: 'org-e' };
      await grant('erin', [{ ...doc, expiresAt: inSeconds(-10) }]);
      const query = { organizationId: 'org-e', userIds: ['erin'], documentIds: ['doc-e'] };
      const expired = await permissions(query);
      expect(expired.body.result.data.erin.documents['doc-e'].errorCode).toBe('permission_denied');
      await grant('erin', [{ ...doc, accessRole: 'viewer' }]);
      const renewed = await permissions(query);
      expect(renewed.body.result.data.erin.documents['doc-e']).toEqual({
        accessRole: 'viewer',
        accessType: 'restricted',
      });
    });

    it('a disabled organization or document admits no one, whatever the grants', async () => {
      await addDocuments('org-d', [
        { documentId: 'doc-d', documentName: 'D' },
        { documentId: 'doc-off', documentName: 'Off' },
      ]);
      await grant('frank', [
        { type: 'organization', id: 'org-d' },
        { type: 'document', id: 'doc-off', organizationId: 'org-d' },
      ]);
      await ok('/v2/organizations/documents/access/disablestate/update', {
        organizationId: 'org-d',
        documentIds: ['doc-off'],
        disabled: true,
      });
      const query = {
        organizationId: 'org-d',
        userIds: ['frank'],
        documentIds: ['doc-d', 'doc-off'],
      };
      const docOff = await permissions(query);
      expect(docOff.body.result.data.frank.documents).toEqual({
        'doc-d': { accessRole: 'editor', accessType: 'public' },
        'doc-off': {
          error: 'Document is disabled',
          errorCode: 'permission_denied',
          accessType: 'public',
        },
      });
      await ok('/v2/organizations/update', {
        organizations: [{ organizationId: 'org-d', disabled: true }],
      });
      const orgOff = await permissions(query);
      expect(orgOff.body.result.data.frank.organization['org-d']).toEqual({
        error: 'Organization is disabled',
        errorCode: 'permission_denied',
      });
      expect(orgOff.body.result.data.frank.documents['doc-d'].error).toBe(
        'Organization is disabled',
      );
    });

    it('a missing folder or document is NOT_FOUND with the answer in details (hosted); a missing organization NOT_FOUND', async () => {
      await addDocuments('org-m', [{ documentId: 'doc-m', documentName: 'M' }]);
      const res = await permissions({
        organizationId: 'org-m',
        userIds: ['gina'],
        documentIds: ['doc-m', 'doc-nowhere'],
      });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({
        status: 'NOT_FOUND',
        message: 'Folder or document does not exist',
        details: {
          gina: {
            documents: {
              'doc-m': { accessRole: 'editor', accessType: 'public' },
              'doc-nowhere': { error: 'Document does not exist', errorCode: 'does_not_exist' },
            },
          },
        },
      });
      const noOrg = await permissions({ organizationId: 'org-nowhere', userIds: ['gina'] });
      expect(noOrg.status).toBe(404);
    });

    it('refuses a read of more than 10,000 answers (users × resources), naming userIds', async () => {
      const userIds = Array.from({ length: 1000 }, (_, i) => `u${i}`);
      const documentIds = Array.from({ length: 10 }, (_, i) => `d${i}`);
      const res = await permissions({ organizationId: 'org-q', userIds, documentIds });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe('data.userIds');
      const fewer = await permissions({ organizationId: 'org-q', userIds, documentIds: ['d0'] });
      expect(fewer.status).not.toBe(400);
    });

    it('refuses a resource named twice, or a folder without its organization, changing nothing', async () => {
      const twice = await grant('hank', [
        { type: 'organization', id: 'org-x' },
        { type: 'organization', id: 'org-x', accessRole: 'viewer' },
      ]);
      expect(twice.status).toBe(400);
      expect(twice.body.error.details.fields[0].field).toBe('data.permissions.resources[1]');
      const noOrg = await grant('hank', [
        { type: 'organization', id: 'org-x' },
        { type: 'folder', id: 'f' },
      ]);
      expect(noOrg.body.error.details.fields[0].field).toBe(
        'data.permissions.resources[1].organizationId',
      );
      const rows = await t.app
        .get(DataSource)
        .query(`SELECT 1 FROM access_permissions WHERE user_id = 'hank'`);
      expect(rows).toEqual([]);
    });

    it('organization deletion removes its permissions, rows and history (D6.9)', async () => {
      await addDocuments('org-gone', [{ documentId: 'doc-g', documentName: 'G' }]);
      await grant('ivan', [{ type: 'organization', id: 'org-gone' }]);
      await grant('ivan', [{ type: 'organization', id: 'org-stays' }]);
      // A user whose grants were all removed still has a stream naming them.
      await grant('judy', [{ type: 'organization', id: 'org-gone' }]);
      await revoke('judy', [{ type: 'organization', id: 'org-gone' }]);
      await ok('/v2/organizations/delete', { organizationIds: ['org-gone'] });
      await t.settle();
      const db = t.app.get(DataSource);
      const rows = await db.query(
        `SELECT organization_id FROM access_permissions WHERE user_id = 'ivan'`,
      );
      expect(rows).toEqual([{ organization_id: 'org-stays' }]);
      const streams = await db.query(
        `SELECT stream_id FROM streams WHERE stream_id LIKE 'access-permissions:%org-gone%'`,
      );
      expect(streams).toEqual([]);
    });
  });

  describe('generate_signature', () => {
    const decisions = [
      {
        userId: 'user123',
        resourceId: 'document456',
        type: 'document',
        hasAccess: true,
        accessRole: 'viewer',
        expiresAt: 1759745729823,
      },
      { userId: 'user123', resourceId: 'org789', type: 'organization', hasAccess: false },
    ];

    it('signs the canonical permissions: a caller checks it with node:crypto and the key secret', async () => {
      const res = await ok('/v2/auth/generate_signature', { permissions: decisions });
      expect(res.body.result).toEqual({
        status: 'success',
        message: 'Signature generated successfully.',
        data: { signature: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      });
      const { signature } = res.body.result.data;
      const { signatureSecret } = await keys();
      expect(signatureMatches(decisions, signature, signatureSecret)).toBe(true);
      // Key order does not matter (canonical); a changed decision does.
      const reordered = decisions.map((d) => Object.fromEntries(Object.entries(d).reverse()));
      const again = await ok('/v2/auth/generate_signature', { permissions: reordered });
      expect(again.body.result.data.signature).toBe(signature);
      const tampered = [{ ...decisions[0], hasAccess: false }, decisions[1]];
      expect(signatureMatches(tampered, signature, signatureSecret)).toBe(false);
    });

    it('signs with a secret of its own per API key', async () => {
      const other = await t.createWorkspace();
      const mine = await ok('/v2/auth/generate_signature', { permissions: decisions });
      const theirs = await ok(
        '/v2/auth/generate_signature',
        { permissions: decisions },
        t.apiKeyHeaders(other),
      );
      expect(theirs.body.result.data.signature).not.toBe(mine.body.result.data.signature);
    });

    it('names a bad decision field', async () => {
      const res = await call('/v2/auth/generate_signature', {
        permissions: [{ ...decisions[0], hasAccess: 'yes' }],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe('data.permissions[0].hasAccess');
    });
  });

  describe('permission provider config', () => {
    it('starts empty, merges updates, seals and masks the token, refuses a bad URL', async () => {
      const own = t.apiKeyHeaders(await t.createWorkspace());
      const get = () => ok('/v2/workspace/permissionproviderconfig/get', {}, own);
      expect((await get()).body.result).toEqual({
        status: 'success',
        message: 'Permission provider configuration retrieved successfully.',
        data: {
          usePermissionProvider: false,
          permissionProviderConfig: { permissionProviderUrl: '', authToken: '' },
        },
      });
      const enabled = await ok(
        '/v2/workspace/permissionproviderconfig/update',
        { usePermissionProvider: true },
        own,
      );
      expect(enabled.body.result).toEqual({
        status: 'success',
        message: 'Permission provider configuration updated successfully.',
        data: {
          usePermissionProvider: true,
          permissionProviderConfig: { permissionProviderUrl: '', authToken: '' },
        },
      });
      await ok(
        '/v2/workspace/permissionproviderconfig/update',
        {
          permissionProviderConfig: {
            permissionProviderUrl: 'https://example.com/permissions',
            authToken: 'provider-token-0123456789wxyz',
          },
        },
        own,
      );
      await ok(
        '/v2/workspace/permissionproviderconfig/update',
        { permissionProviderConfig: { permissionProviderUrl: 'https://example.com/v2' } },
        own,
      );
      expect((await get()).body.result.data).toEqual({
        usePermissionProvider: true,
        permissionProviderConfig: {
          permissionProviderUrl: 'https://example.com/v2',
          authToken: '...wxyz',
        },
      });
      const bad = await call(
        '/v2/workspace/permissionproviderconfig/update',
        { permissionProviderConfig: { permissionProviderUrl: 'ftp://example.com' } },
        own,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error.details.fields[0]).toEqual({
        field: 'data.permissionProviderConfig.permissionProviderUrl',
        message: 'Please enter a valid URL',
      });
      const none = await call('/v2/workspace/permissionproviderconfig/update', {}, own);
      expect(none.status).toBe(400);
      expect(none.body.error.details.fields[0].field).toBe('data');
      const cleared = await ok(
        '/v2/workspace/permissionproviderconfig/update',
        { permissionProviderConfig: { permissionProviderUrl: '', authToken: '' } },
        own,
      );
      expect(cleared.body.result.data.permissionProviderConfig).toEqual({
        permissionProviderUrl: '',
        authToken: '',
      });
    });
  });

  describe('verifyUserPermissions (D15.3)', () => {
    const annotation = (userId: string) => ({
      commentData: [{ commentText: 'Hi', from: { userId, name: userId, email: `${userId}@x.io` } }],
    });
    const annotations = async (documentId: string) =>
      (await ok('/v2/commentannotations/get', { organizationId: 'org-v', documentId })).body.result
        .data as unknown[];

    beforeAll(async () => {
      await addDocuments('org-v', [
        { documentId: 'doc-v', documentName: 'V', accessType: 'restricted' },
        { documentId: 'doc-open', documentName: 'O', accessType: 'public' },
      ]);
      await grant('member', [{ type: 'document', id: 'doc-v', organizationId: 'org-v' }]);
    });

    it('comment annotations add refuses the call when an author has no access, adding nothing', async () => {
      const refused = await call('/v2/commentannotations/add', {
        organizationId: 'org-v',
        documentId: 'doc-v',
        verifyUserPermissions: true,
        commentAnnotations: [annotation('member'), annotation('stranger')],
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        status: 'PERMISSION_DENIED',
        details: { userIds: ['stranger'] },
      });
      expect(await annotations('doc-v')).toEqual([]);
      await ok('/v2/commentannotations/add', {
        organizationId: 'org-v',
        documentId: 'doc-v',
        verifyUserPermissions: true,
        commentAnnotations: [annotation('member')],
      });
      expect(await annotations('doc-v')).toHaveLength(1);
      // Without the flag, or on a public document, nothing is checked.
      await ok('/v2/commentannotations/add', {
        organizationId: 'org-v',
        documentId: 'doc-v',
        commentAnnotations: [annotation('stranger')],
      });
      await ok('/v2/commentannotations/add', {
        organizationId: 'org-v',
        documentId: 'doc-open',
        verifyUserPermissions: true,
        commentAnnotations: [annotation('stranger')],
      });
    });

    it('comments add refuses the call when an author has no access, adding nothing', async () => {
      await ok('/v2/commentannotations/add', {
        organizationId: 'org-v',
        documentId: 'doc-v',
        commentAnnotations: [{ annotationId: 'thread-v', ...annotation('member') }],
      });
      const reply = (userId: string) =>
        call('/v2/commentannotations/comments/add', {
          organizationId: 'org-v',
          documentId: 'doc-v',
          annotationId: 'thread-v',
          verifyUserPermissions: true,
          commentData: annotation(userId).commentData,
        });
      const commentsOf = async () =>
        (
          await ok('/v2/commentannotations/get', {
            organizationId: 'org-v',
            documentId: 'doc-v',
            annotationIds: ['thread-v'],
          })
        ).body.result.data[0].comments.length;
      const refused = await reply('stranger');
      expect(refused.status).toBe(403);
      expect(refused.body.error.details).toEqual({ userIds: ['stranger'] });
      expect(await commentsOf()).toBe(1);
      expect((await reply('member')).status).toBe(200);
      expect(await commentsOf()).toBe(2);
    });

    it('notifications add notifies only the users with access', async () => {
      await ok('/v2/notifications/add', {
        organizationId: 'org-v',
        documentId: 'doc-v',
        notificationId: 'verified',
        verifyUserPermissions: true,
        notifyAll: false,
        actionUser: { userId: 'member' },
        displayHeadlineMessageTemplate: 'Hello',
        notifyUsers: [{ userId: 'member' }, { userId: 'stranger' }],
      });
      const inbox = async (userId: string) =>
        (
          await ok('/v2/notifications/get', { organizationId: 'org-v', userId })
        ).body.result.data.map((n: { id: string }) => n.id);
      expect(await inbox('member')).toContain('verified');
      expect(await inbox('stranger')).not.toContain('verified');
    });

    it('a notification for everyone on a restricted document reaches a user by their permission', async () => {
      await ok('/v2/notifications/add', {
        organizationId: 'org-v',
        documentId: 'doc-v',
        notificationId: 'for-everyone',
        actionUser: { userId: 'member' },
        displayHeadlineMessageTemplate: 'Hello all',
        notifyAll: true,
      });
      const inbox = async (userId: string) =>
        (
          await ok('/v2/notifications/get', { organizationId: 'org-v', userId })
        ).body.result.data.map((n: { id: string }) => n.id);
      expect(await inbox('member')).toContain('for-everyone');
      expect(await inbox('stranger')).not.toContain('for-everyone');
    });
  });
});
