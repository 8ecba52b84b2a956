/**
 * The OpenAPI document at /docs-json is a valid OpenAPI 3 document that says, for every
 * operation, what it does, what it takes (the request class's fields, types and limits),
 * what it answers (the envelope with the real data type), how it fails and which
 * credentials it needs; and the TypeScript types generated from it (openapi-typescript)
 * accept the answers of a real run, and refuse an answer whose shape diverges.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import request from 'supertest';
import ts from 'typescript';
import { DataSource } from 'typeorm';
import { registeredRequestClasses } from '@app/platform';
import { createTestApp, type TestApp } from '@app/testing';

type Json = Record<string, any>;

const COMPONENTS = '#/components/schemas/';
const FAILURE = `${COMPONENTS}FailureEnvelope`;
const SUCCESS = `${COMPONENTS}SuccessEnvelope`;

/** Hosted calls documented as not served: their only answer is a failure, UNIMPLEMENTED (D1). */
const NOT_SERVED = ['/v2/livestate/broadcast'];

/** The operations that answer in the contract's own envelope instead of `result` (D1). */
const OWN_ENVELOPE: Record<string, string> = {
  '/v2/users/data/delete': '202',
  '/v2/rewriter/ask-ai': '200',
};

describe('OpenAPI document (/docs-json)', () => {
  let t: TestApp;
  let doc: Json;
  let operations: [string, Json][];
  const schemaOf = (ref: string): Json => doc.components.schemas[ref.slice(COMPONENTS.length)];

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await request(t.app.getHttpServer()).get('/docs-json').expect(200)).body;
    operations = Object.entries(doc.paths).map(([path, item]) => [path, (item as Json).post]);
  });
  afterAll(() => t.close());

  it('has one operation a path, a POST', () => {
    const methods = Object.entries(doc.paths).map(([path, item]) => [
      path,
      Object.keys(item as Json),
    ]);
    expect(methods).toEqual(Object.keys(doc.paths).map((path) => [path, ['post']]));
  });

  it('is a valid OpenAPI 3.0 document', async () => {
    const result = await validate(structuredClone(doc) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.specification).toBe('OpenAPI');
    expect(doc.openapi).toMatch(/^3\.0\./);
  });

  it('gives every operation a one-line summary, a unique operationId and a tag', () => {
    expect(operations.length).toBeGreaterThanOrEqual(52);
    const ids = new Set<string>();
    for (const [path, op] of operations) {
      expect({ path, summary: typeof op.summary }).toEqual({ path, summary: 'string' });
      expect(op.summary.length).toBeGreaterThan(10);
      expect(op.summary).not.toMatch(/\n|successfully/);
      expect(op.operationId).toMatch(/^v[12][A-Za-z0-9]+$/);
      ids.add(op.operationId);
      expect(op.tags).toHaveLength(1);
    }
    expect(ids.size).toBe(operations.length);
  });

  it('gives every operation the body {data: <request class>} with its fields', () => {
    for (const [path, op] of operations) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      expect({ path, required: body?.required }).toEqual({ path, required: ['data'] });
      const ref: string = body.properties.data.$ref;
      const schema = schemaOf(ref);
      expect(schema.type).toBe('object');
      // Only the operations that read nothing from `data` have an empty class.
      expect({ path, fields: Object.keys(schema.properties ?? {}).length > 0 }).toEqual({
        path,
        fields: ref !== `${COMPONENTS}EmptyRequest`,
      });
    }
  });

  it("lists every field each request class validates, and only those (its ExtraFields as 'any other field')", () => {
    const classes = registeredRequestClasses();
    expect(classes.size).toBeGreaterThanOrEqual(40);
    // The request classes and every schema they refer to: each one documented.
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      const schema = doc.components.schemas[name] ?? {};
      for (const ref of JSON.stringify(schema).matchAll(/"#\/components\/schemas\/(\w+)"/g)) {
        visit(ref[1]);
      }
    };
    for (const name of classes.keys()) visit(name);
    expect([...seen].filter((name) => doc.components.schemas[name] === undefined)).toEqual([]);
    // Each request class: the fields it validates, and any other field when it has ExtraFields
    // (a property only whitelisted).
    for (const [name, target] of classes) {
      const schema = doc.components.schemas[name];
      const rules = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
      const byProperty = new Map<string, typeof rules>();
      for (const r of rules)
        byProperty.set(r.propertyName, [...(byProperty.get(r.propertyName) ?? []), r]);
      const fields = [...byProperty]
        .filter(([, own]) => !own.every((r) => r.type === ValidationTypes.WHITELIST))
        .map(([p]) => p);
      expect({
        name,
        fields: Object.keys(schema.properties).sort(),
        anyOtherField: schema.additionalProperties === true,
      }).toEqual({ name, fields: fields.sort(), anyOtherField: fields.length < byProperty.size });
    }
  });

  it("carries the DTOs' rules: types, required fields, limits, patterns, enums, nulls, defaults", () => {
    const s = doc.components.schemas;
    expect(s.CreateApiKeyRequest.required).toEqual(['ownerEmail']);
    expect(s.CreateApiKeyRequest.properties.ownerEmail).toEqual({
      type: 'string',
      format: 'email',
    });
    expect(s.CreateApiKeyRequest.properties.planInfo).toEqual({
      $ref: `${COMPONENTS}PlanInfoDto`,
    });
    expect(s.AddDomainsRequest.properties.domains).toMatchObject({
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: { type: 'string', maxLength: 2048 },
    });
    // A caller id (D4.3) and a batch of 1 to 1000 (D5.1).
    expect(s.OrganizationItemDto.properties.organizationId).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 512,
      pattern: '^[^\\u0000-\\u001f\\u007f]*$',
    });
    expect(s.OrganizationsRequest.properties.organizations).toEqual({
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: { $ref: `${COMPONENTS}OrganizationItemDto` },
    });
    // Other fields of an item are kept as metadata (D6.1): "any other field", not `metadata`.
    expect(s.OrganizationItemDto.additionalProperties).toBe(true);
    expect(s.OrganizationItemDto.properties.metadata).toBeUndefined();
    expect(s.OrganizationItemDto.required).toEqual(['organizationId']);
    expect(s.GetOrganizationsRequest.properties.pageSize).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: 1000,
    });
    expect(s.GetOrganizationsRequest.required).toBeUndefined();
    expect(s.UpdateApiKeyConfigRequest.properties.defaultDocumentAccessType).toEqual({
      type: 'string',
      enum: ['public', 'restricted', 'organizationPrivate'],
    });
    expect(s.FolderItemDto.properties.parentFolderId.nullable).toBe(true);
    expect(s.FolderItemDto.properties.folderId.not).toEqual({ enum: ['root'] });
    expect(s.AiProvidersDto.properties.openai).toEqual({
      allOf: [{ $ref: `${COMPONENTS}ProviderKeyDto` }],
      nullable: true,
    });
    expect(s.AskAiRequest.properties.model.pattern).toBe('^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$');
    expect(s.UpdateCommentsRequest.properties.commentIds.items).toEqual({ type: 'integer' });
  });

  it('gives every operation its success envelope with the real data type', () => {
    for (const [path, op] of operations) {
      if (NOT_SERVED.includes(path)) continue;
      const own = OWN_ENVELOPE[path];
      const success = op.responses[own ?? '200'];
      const schema = success?.content?.['application/json']?.schema;
      expect({ path, schema: schema !== undefined }).toEqual({ path, schema: true });
      if (own) continue;
      expect(schema.allOf[0]).toEqual({ $ref: SUCCESS });
      const result = schema.allOf[1].properties.result;
      expect(result.required).toEqual(expect.arrayContaining(['message', 'data']));
      const data = result.properties.data;
      // A real type: a reference, an array or map of something, an object with fields, or null.
      const typed =
        data.$ref !== undefined ||
        data.items !== undefined ||
        data.additionalProperties !== undefined ||
        data.properties !== undefined ||
        (Array.isArray(data.enum) && data.enum[0] === null);
      expect({ path, typed }).toEqual({ path, typed: true });
    }
    const pages = operations.filter(
      ([, op]) =>
        op.responses['200']?.content['application/json'].schema.allOf?.[1].properties.result
          .properties.nextPageToken,
    );
    expect(pages.map(([p]) => p).sort()).toEqual([
      '/v2/commentannotations/get',
      '/v2/organizations/get',
      '/v2/reactions/get',
      '/v2/users/data/get',
      '/v2/users/get',
      '/v2/workspace/apikeys/get',
      '/v2/workspace/webhooks/deliveries/get',
    ]);
  });

  it('types the hosted calls not served as a 501 UNIMPLEMENTED only, and leaves out the out-of-scope ones', () => {
    const answersOnlyFailures = operations
      .filter(([, op]) => !Object.keys(op.responses).some((code) => code.startsWith('2')))
      .map(([path]) => path);
    expect(answersOnlyFailures).toEqual(NOT_SERVED);
    for (const path of NOT_SERVED) {
      const notServed = doc.paths[path].post.responses['501'];
      expect(notServed.description).toMatch(/^UNIMPLEMENTED: /);
      expect(notServed.content['application/json'].schema).toEqual({ $ref: FAILURE });
    }
    expect(
      doc.components.schemas.FailureEnvelope.properties.error.properties.status.enum,
    ).toContain('UNIMPLEMENTED');
    // Served elsewhere or nowhere: the agents, workflow and memory families, the console's
    // sign-in by email (this server's email log, workspace/email/deliveries/get, is served).
    expect(
      Object.keys(doc.paths).filter((path) =>
        /^\/v2\/(agents|workflow|memory)\/|^\/v2\/workspace\/email\/(status|send-login-link)$/.test(
          path,
        ),
      ),
    ).toEqual([]);
  });

  it('gives every operation its failure envelope and HTTP codes', () => {
    for (const [path, op] of operations) {
      const codes = Object.keys(op.responses).filter((c) => Number(c) >= 400);
      expect({ path, codes }).toEqual({
        path,
        codes: expect.arrayContaining(['400', '401', '413', '500', '503']),
      });
      for (const code of codes) {
        const response = op.responses[code];
        expect(response.content['application/json'].schema).toEqual({ $ref: FAILURE });
        expect(response.description).toMatch(/^[A-Z_]+: /);
      }
    }
    const failure = doc.components.schemas.FailureEnvelope;
    expect(failure.properties.error.required).toEqual(['status', 'message']);
    expect(failure.properties.error.properties.status.enum).toEqual(
      expect.arrayContaining(['INVALID_ARGUMENT', 'UNAUTHENTICATED', 'NOT_FOUND', 'INTERNAL']),
    );
    const get = (path: string) => doc.paths[path].post.responses;
    expect(get('/v2/organizations/documents/migrate/status')['404'].description).toMatch(
      /^NOT_FOUND/,
    );
    expect(get('/v2/crdt/add')['409'].description).toMatch(/ALREADY_EXISTS/);
    expect(get('/v2/organizations/get')['400'].description).toMatch(/FAILED_PRECONDITION/);
    expect(Object.keys(get('/v2/rewriter/ask-ai'))).toEqual(
      expect.arrayContaining(['403', '429', '504']),
    );
  });

  it("names each operation's credential headers as security schemes", () => {
    const schemes = doc.components.securitySchemes;
    expect(
      Object.fromEntries(Object.entries(schemes).map(([k, v]) => [k, (v as Json).name])),
    ).toEqual({
      adminToken: 'x-service-admin-token',
      workspaceId: 'x-service-workspace-id',
      authToken: 'x-service-auth-token',
      workspaceAuthToken: 'x-service-workspace-auth-token',
      apiKey: 'x-service-api-key',
    });
    for (const [, op] of operations) {
      expect(op.security.length).toBeGreaterThan(0);
      for (const requirement of op.security) {
        for (const name of Object.keys(requirement)) expect(schemes[name]).toBeDefined();
      }
    }
    const security = (path: string) => doc.paths[path].post.security;
    expect(security('/v2/workspace/create')).toEqual([{ adminToken: [] }]);
    expect(security('/v2/workspace/apikey/create')).toEqual([
      { workspaceId: [], authToken: [] },
      { workspaceId: [], workspaceAuthToken: [] },
    ]);
    expect(security('/v2/organizations/get')).toEqual([{ apiKey: [], authToken: [] }]);
    // Operation 13: the pair may come in the body instead (D2.6).
    expect(security('/v1/organizations/documents/locations/data/delete')).toEqual([
      { apiKey: [], authToken: [] },
      {},
    ]);
  });

  describe('generated TypeScript types (openapi-typescript)', () => {
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'openapi-types-'));
      writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(doc as never)));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      // The check files are plain data: no DOM types to parse for each of them.
      lib: ['lib.es2022.d.ts'],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    };
    // The library files and api.d.ts are parsed once for every check below, not once each.
    const host = ts.createCompilerHost(options);
    const parsed = new Map<string, ts.SourceFile | undefined>();
    const parse = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language) => {
      if (name.includes('check-')) return parse(name, language);
      if (!parsed.has(name)) parsed.set(name, parse(name, language));
      return parsed.get(name);
    };

    /** Type errors of `source`, checked against the generated `api.d.ts`. */
    function typeErrors(source: string): string[] {
      const file = join(dir, `check-${Math.random().toString(36).slice(2)}.ts`);
      writeFileSync(file, source);
      const program = ts.createProgram([file], options, host);
      return ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    }

    /** A check file: each answer assigned to its generated response type. */
    const checkFile = (answers: [path: string, status: number, body: unknown][]) =>
      [
        `import type { paths } from './api';`,
        `type Answer<P extends keyof paths, S extends keyof paths[P]['post']['responses']> =`,
        `  paths[P]['post']['responses'][S] extends { content: { 'application/json': infer T } } ? T : never;`,
        ...answers.map(
          ([path, status, body], i) =>
            `export const a${i}: Answer<'${path}', ${status}> = ${JSON.stringify(body, null, 2)};`,
        ),
      ].join('\n');

    it('type-check against the answers of a real run, and refuse a diverging one', async () => {
      const answers: [string, number, unknown][] = [];
      const call = async (
        path: string,
        data: unknown,
        headers: Record<string, string>,
        status = 200,
      ) => {
        const res = await t.post(path, data, headers);
        expect({ path, status: res.status, body: res.body }).toMatchObject({ path, status });
        answers.push([path, status, res.body]);
        return res.body;
      };
      const created = await call(
        '/v2/workspace/create',
        { ownerEmail: 'types@example.com', name: 'Types' },
        { 'x-service-admin-token': t.adminToken },
      );
      const ws = {
        'x-service-workspace-id': created.result.data.id,
        'x-service-auth-token': created.result.data.authToken,
      };
      const key = await call(
        '/v2/workspace/apikey/create',
        { ownerEmail: 'types@example.com', apiKeyName: 'Typed' },
        ws,
      );
      const tokens = await call(
        '/v2/workspace/authtokens/get',
        { apiKey: key.result.data.apiKey },
        ws,
      );
      const h = {
        'x-service-api-key': key.result.data.apiKey,
        'x-service-auth-token': tokens.result.data.authTokens[0].token,
      };
      await call(
        '/v1/organizations/add',
        { organizations: [{ organizationId: 'acme', organizationName: 'Acme', plan: 'pro' }] },
        h,
      );
      await call('/v2/organizations/get', { pageSize: 10 }, h);
      await call(
        '/v2/organizations/documents/add',
        {
          organizationId: 'acme',
          folderId: 'specs',
          createFolder: true,
          documents: [{ documentId: 'd1', documentName: 'Spec', team: 'core' }],
        },
        h,
      );
      await call('/v1/organizations/documents/get', { organizationId: 'acme' }, h);
      await call(
        '/v2/organizations/add',
        { organizations: [{ organizationId: 'acme', organizationName: 'Acme 2' }] },
        h,
      );
      await call(
        '/v2/organizations/folders/add',
        { organizationId: 'acme', folders: [{ folderId: 'sub', parentFolderId: 'specs' }] },
        h,
      );
      await call(
        '/v2/organizations/folders/update',
        { organizationId: 'acme', folders: [{ folderId: 'sub', folderName: 'Sub' }] },
        h,
      );
      await call(
        '/v2/organizations/documents/get',
        { organizationId: 'acme', folderId: 'specs', pageSize: 1 },
        h,
      );
      await call(
        '/v2/organizations/documents/delete',
        { organizationId: 'acme', documentIds: ['missing'] },
        h,
      );
      await call('/v2/organizations/folders/get', { organizationId: 'acme', folderId: 'specs' }, h);
      await call(
        '/v2/users/add',
        { organizationId: 'acme', users: [{ userId: 'u1', name: 'Ada', role: 'admin' }] },
        h,
      );
      await call('/v2/users/get', { organizationId: 'acme' }, h);
      await call(
        '/v2/users/add',
        { organizationId: 'acme', documentId: 'd1', users: [{ userId: 'u1', name: 'Ada' }] },
        h,
      );
      await call(
        '/v2/users/update',
        { organizationId: 'acme', users: [{ userId: 'u1', team: 'core' }, { userId: 'ghost' }] },
        h,
      );
      await call('/v2/users/get', { organizationId: 'acme', allDocuments: true }, h);
      await call(
        '/v2/users/get',
        { organizationId: 'acme', allDocuments: true, groupByDocumentId: true },
        h,
      );
      // User groups, the group filter, and users/delete (hosted), failed items included.
      await call(
        '/v2/organizations/usergroups/add',
        { organizationId: 'acme', organizationUserGroups: [{ groupId: 'g1', groupName: 'G' }] },
        h,
      );
      await call(
        '/v2/organizations/usergroups/users/add',
        { organizationId: 'acme', organizationUserGroupId: 'g1', userIds: ['u1', 'u2'] },
        h,
      );
      await call('/v2/users/get', { organizationId: 'acme', organizationUserGroupIds: ['g1'] }, h);
      await call(
        '/v2/organizations/usergroups/users/delete',
        { organizationId: 'acme', organizationUserGroupId: 'g1', deleteAll: true },
        h,
      );
      await call(
        '/v2/users/delete',
        { organizationId: 'acme', documentId: 'd1', userIds: ['u1', 'ghost'] },
        h,
      );
      await call(
        '/v2/commentannotations/add',
        {
          organizationId: 'acme',
          documentId: 'd1',
          commentAnnotations: [
            { annotationId: 'a1', commentData: [{ commentText: 'Hi', from: { userId: 'u1' } }] },
          ],
        },
        h,
      );
      await call('/v2/commentannotations/get', { organizationId: 'acme' }, h);
      // The hosted annotation fields in the add's answer and the read (suggestion, agent).
      await call(
        '/v2/commentannotations/add',
        {
          organizationId: 'acme',
          documentId: 'd1',
          commentAnnotations: [
            {
              annotationId: 'a2',
              type: 'suggestion',
              suggestion: { targetId: 't1', newValue: 2 },
              visibility: { type: 'restricted', userIds: ['u1'] },
              targetElement: { elementId: 'e1' },
              commentData: [
                {
                  commentText: 'Fix',
                  from: { userId: 'u1' },
                  attachments: [{ attachmentId: 1, url: 'https://files.example.com/1' }],
                  agent: {
                    agentSource: 'velt',
                    agentId: 'spell-check',
                    reason: { title: 'T', description: 'D', severity: 'low', findingId: 'f1' },
                  },
                },
              ],
            },
          ],
        },
        h,
      );
      await call(
        '/v2/commentannotations/get',
        { organizationId: 'acme', annotationIds: ['a2'] },
        h,
      );
      await call(
        '/v2/recordings/add',
        {
          organizationId: 'acme',
          documentId: 'd1',
          recordings: [
            { from: { userId: 'u1' }, mode: 'floating', recordedTime: { duration: 1.5 } },
          ],
        },
        h,
      );
      await call('/v2/recordings/get', { organizationId: 'acme' }, h);
      const doc = { organizationId: 'acme', documentId: 'd1' };
      await call(
        '/v2/commentannotations/reactions/add',
        { ...doc, annotationId: 'a1', commentId: 1, icon: 'ok', user: { userId: 'u1' } },
        h,
      );
      await call(
        '/v2/crdt/add',
        { ...doc, editorId: 'e1', type: 'map', data: { a: 1 }, sessionId: null },
        h,
      );
      await call('/v2/crdt/get', doc, h);
      await call('/v2/presence/add', { ...doc, users: [{ userId: 'u1', status: 'online' }] }, h);
      await call('/v2/presence/get', doc, h);
      await call(
        '/v2/workspace/apikeyconfig/update',
        { requireJwtToken: false, aiModelApiKey: [{ provider: 'gemini', customerApiKey: 'gm-1' }] },
        h,
      );
      await call('/v2/workspace/apikeyconfig/get', {}, h);
      await call('/v2/workspace/aimodelconfig/get', {}, ws);
      await call('/v2/workspace/get', {}, ws);
      await call('/v2/workspace/apikeys/get', { pageSize: 1 }, ws);
      await call('/v2/workspace/domains/add', { domains: ['types.example.com'] }, h);
      await call('/v2/workspace/domains/get', {}, h);
      await call('/v2/workspace/domains/delete', { domains: ['types.example.com'] }, h);
      await call(
        '/v2/workspace/apikey/update',
        { apiKey: key.result.data.apiKey, apiKeyName: 'T' },
        ws,
      );
      await call('/v2/livestate/broadcast', {}, h, 501);
      // Ask AI without a provider key: the contract's `success: false` (D12).
      await call('/v2/rewriter/ask-ai', { model: 'gpt-4o', prompt: 'Shorter', text: 'Text' }, h);
      await call('/v2/rewriter/usage/get', {}, h);
      await call(
        '/v1/notifications/add',
        {
          ...doc,
          notificationId: 'n1',
          actionUser: { userId: 'u1' },
          displayHeadlineMessageTemplate: '{actionUser} said hi',
          notifyUsers: [{ userId: 'u2', email: 'u2@example.com' }],
          location: { id: 'l1' },
        },
        h,
      );
      await call('/v2/notifications/get', { organizationId: 'acme', userId: 'u2' }, h);
      await call(
        '/v2/notifications/update',
        { organizationId: 'acme', notifications: [{ id: 'n1', readByUserIds: ['u2'] }] },
        h,
      );
      await call(
        '/v2/notifications/config/set',
        { organizationId: 'acme', userIds: ['u2'], config: { inbox: 'MINE' } },
        h,
      );
      await call(
        '/v2/notifications/config/get',
        { organizationId: 'acme', userId: 'u2', getOrganizationConfig: true },
        h,
      );
      await call('/v2/workspace/notificationconfig/update', { useNotificationService: true }, h);
      await call('/v2/workspace/notificationconfig/get', {}, h);
      await call(
        '/v2/workspace/activityconfig/update',
        { activityServiceConfig: { isEnabled: true, immutable: false } },
        h,
      );
      await call('/v2/workspace/activityconfig/get', {}, h);
      await call(
        '/v2/activities/add',
        {
          ...doc,
          activities: [
            {
              id: 'act-1',
              featureType: 'custom',
              actionType: 'invoice.paid',
              actionUser: { userId: 'u1', name: 'Ada' },
              targetEntityId: 'invoice-1',
              changes: { status: { from: 'open', to: 'paid' } },
              entityData: { amount: 42 },
              displayMessageTemplate: '{actionUser} paid',
              displayMessageTemplateData: { actionUser: { userId: 'u1' } },
              isActivityResolverUsed: false,
            },
            { id: 'act-2', featureType: 'comment', actionType: 'x', actionUser: { userId: 'u2' } },
          ],
        },
        h,
      );
      await call(
        '/v2/activities/update',
        { organizationId: 'acme', activities: [{ id: 'act-1', actionIcon: 'coin' }] },
        h,
      );
      await call('/v2/activities/get', { organizationId: 'acme', pageSize: 1 }, h);
      await call(
        '/v2/activities/delete',
        { organizationId: 'acme', activityIds: ['act-2', 'ghost'] },
        h,
      );
      await call(
        '/v2/notifications/delete',
        { organizationId: 'acme', notificationIds: ['n1'] },
        h,
      );
      await call('/v2/workspace/webhookconfig/update', { useWebhookService: false }, h);
      await call('/v2/workspace/webhookconfig/get', {}, h);
      await call('/v2/workspace/emailconfig/get', {}, h);
      await call(
        '/v2/workspace/emailconfig/update',
        {
          useEmailService: true,
          emailServiceConfig: {
            type: 'sendgrid',
            apiKey: 'SG.typed-key-0123456789',
            fromEmail: 'noreply@example.com',
            triggers: { 'comment.add': true, huddle: { 'huddle.join': false } },
          },
        },
        h,
      );
      // Type default without an SMTP relay (D14.1).
      await call(
        '/v2/workspace/emailconfig/update',
        { emailServiceConfig: { type: 'default' } },
        h,
        400,
      );
      // The email log: two emails (planned by the pipeline; written here), a page of one.
      for (const [id, status, sentAt] of [
        ['typed-email-1', 'sent', new Date()],
        ['typed-email-2', 'failed', null],
      ] as const) {
        await t.app.get(DataSource).query(
          `INSERT INTO email_deliveries (id, api_key, organization_id, document_id,
             notification_id, user_id, provider, status, attempts, last_error, created_at,
             updated_at, sent_at)
           VALUES ($1, $2, 'acme', 'd1', 'n1', 'u1', 'sendgrid', $3, 1, $4, now(), now(), $5)`,
          [id, h['x-service-api-key'], status, sentAt ? null : 'SendGrid 400', sentAt],
        );
      }
      await call('/v2/workspace/email/deliveries/get', { pageSize: 1 }, h);
      // Everything of u1 (records, comments, reactions, ...), one list per feature.
      await call('/v2/users/data/get', { organizationId: 'acme', userId: 'u1' }, h);
      const deletion = await call(
        '/v2/users/data/delete',
        { userIds: ['nobody'], organizationIds: ['acme'] },
        h,
        202,
      );
      await call('/v1/users/data/delete/status', { jobId: deletion.data.jobId }, h);
      await call('/v2/users/data/delete/status', { jobId: deletion.data.jobId }, h);
      // Failures: a broken field rule, wrong credentials, an unknown migration.
      await call('/v2/organizations/get', { pageSize: 0 }, h, 400);
      await call('/v2/organizations/get', {}, { ...h, 'x-service-auth-token': 'tok_wrong' }, 401);
      await call(
        '/v2/organizations/documents/migrate/status',
        { organizationId: 'acme', migrationId: 'nope' },
        h,
        404,
      );

      expect(typeErrors(checkFile(answers))).toEqual([]);

      // The same answers with one shape changed are refused, whichever way it diverges.
      const diverging = (change: (body: any) => void, index: number) => {
        const copy = structuredClone(answers);
        change(copy[index][2]);
        return typeErrors(checkFile(copy));
      };
      const orgs = answers.findIndex(([p, s]) => p === '/v2/organizations/get' && s === 200);
      expect(diverging((b) => (b.result.data[0].createdAt = 'yesterday'), orgs)).toEqual([
        expect.stringContaining("Type 'string' is not assignable to type 'number'"),
      ]);
      expect(diverging((b) => delete b.result.data[0].organizationName, orgs)).toEqual([
        expect.stringContaining("Property 'organizationName' is missing"),
      ]);
      // users/get grouped by document: the lists under each id are typed too.
      const grouped = answers.findIndex(
        ([p, , body]) => p === '/v2/users/get' && !Array.isArray((body as Json).result.data),
      );
      expect(diverging((b) => (b.result.data.d1[0].userId = 5), grouped)).toEqual([
        expect.stringContaining('is not assignable'),
      ]);
      const activities = answers.findIndex(([p]) => p === '/v2/activities/get');
      expect(diverging((b) => (b.result.data[0].timestamp = 'now'), activities)).toEqual([
        expect.stringContaining("Type 'string' is not assignable to type 'number'"),
      ]);
      const activityConfig = answers.findIndex(([p]) => p === '/v2/workspace/activityconfig/get');
      expect(
        diverging((b) => (b.result.data.activityServiceConfig.enabledTime = 'now'), activityConfig),
      ).toEqual([expect.stringContaining("Type 'string' is not assignable to type 'number'")]);
      const failure = answers.findIndex(([, s]) => s === 401);
      expect(diverging((b) => (b.error.status = 'DENIED'), failure)).toEqual([
        expect.stringContaining(`Type '"DENIED"' is not assignable`),
      ]);
      const keys = answers.findIndex(([p]) => p === '/v2/workspace/apikeys/get');
      expect(diverging((b) => (b.result.data[0].apiKeyName = 7), keys)).toEqual([
        expect.stringContaining("Type 'number' is not assignable to type 'string'"),
      ]);
      const notServed = answers.findIndex(([p]) => p === '/v2/livestate/broadcast');
      expect(diverging((b) => (b.error.status = 'NOT_SERVED'), notServed)).toEqual([
        expect.stringContaining(`Type '"NOT_SERVED"' is not assignable`),
      ]);
      const emailConfig = answers.findIndex(([p]) => p === '/v2/workspace/emailconfig/update');
      expect(
        diverging((b) => (b.result.data.emailServiceConfig.triggers.huddle = 'on'), emailConfig),
      ).toEqual([expect.stringContaining('is not assignable')]);
      const emails = answers.findIndex(([p]) => p === '/v2/workspace/email/deliveries/get');
      expect((answers[emails][2] as Json).result.pageToken).toEqual(expect.any(String));
      expect(diverging((b) => (b.result.data[0].attempts = 'one'), emails)).toEqual([
        expect.stringContaining("Type 'string' is not assignable to type 'number'"),
      ]);
      const workspace = answers.findIndex(([p]) => p === '/v2/workspace/create');
      expect(diverging((b) => (b.result.data.owner = { mail: 'x' }), workspace)).toEqual([
        expect.stringMatching(/'"?mail"?' does not exist/),
      ]);
    });
  });
});
