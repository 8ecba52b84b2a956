import { DataSource } from 'typeorm';
import { EventStore, projectionName, SubscriptionRunner } from '@app/event-store';
import { runProjectionsCommand } from '../apps/api/src/projections.command';
import { createTestApp, waitFor, type TestApp } from '@app/testing';
import { keeper, seedEveryKind, victim } from './support/gdpr-seed';

const PROJECTIONS = [
  'activity',
  'annotation-reads',
  'api-key',
  'collab-record',
  'deletion-job',
  'document',
  'email-config',
  'folder',
  'migration',
  'notification',
  'notification-settings',
  'organization',
  'permission',
  'user',
  'user-group',
  'webhook-settings',
  'workspace',
];

// `projections rebuild <name>`: every read table rebuilt from the log equals the table the
// inline projections kept while the data was written through the API.
describe('projection rebuild', () => {
  let t: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    dataSource = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const ok = async (path: string, data: unknown, headers: Record<string, string>) => {
    const res = await t.post(path, data, headers);
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body.result ?? res.body).data; // op 16 answers 202 with data at the top
  };

  /** Data of every kind, through the API, finished background work included. */
  async function writeEveryKind(): Promise<void> {
    const ws = await t.createWorkspace('rebuild@example.com');
    const second = await t.createApiKey(ws);
    const wh = t.workspaceHeaders(ws);
    const h = t.apiKeyHeaders(ws);
    await ok('/v2/workspace/domains/add', { domains: ['rebuild.example.com'] }, h);
    await ok(
      '/v2/workspace/webhookconfig/update',
      {
        useWebhookService: true,
        webhookServiceConfig: { processedNotificationUrl: 'https://hooks.example.com/p' },
      },
      h,
    );
    await ok('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }, h);
    const endpoint = { url: 'https://hooks.example.com/e', disabled: true };
    const kept = await ok('/v2/workspace/advancedwebhook/endpoints/create', endpoint, h);
    const gone = await ok(
      '/v2/workspace/advancedwebhook/endpoints/create',
      { ...endpoint, url: 'https://hooks.example.com/forget-me', uid: 'u-1', metadata: { a: 1 } },
      h,
    );
    await ok(
      '/v2/workspace/advancedwebhook/endpoints/update',
      { endpointId: kept.id, description: 'kept', filterTypes: ['comment.add'] },
      h,
    );
    await ok(
      '/v2/workspace/advancedwebhook/endpoints/update',
      {
        endpointId: gone.id,
        url: 'https://hooks.example.com/forget-me-2',
        description: 'forget-me',
      },
      h,
    );
    await ok('/v2/workspace/advancedwebhook/endpoints/delete', { endpointId: gone.id }, h);
    // A deleted endpoint's URL (it may be a credential) and description are out of the log too.
    const logged: { data: string }[] = await dataSource.query(
      `SELECT data::text AS data FROM events WHERE stream_id LIKE 'webhook-settings:%'`,
    );
    expect(logged.filter((e) => e.data.includes('forget-me'))).toEqual([]);
    expect(logged.filter((e) => e.data.includes(gone.id))).toHaveLength(3);
    // Two keys' email configurations, one of them changed twice (D14.1).
    await ok(
      '/v2/workspace/emailconfig/update',
      { useEmailService: true, emailServiceConfig: { type: 'sendgrid', apiKey: 'SG.rebuild-1' } },
      h,
    );
    await ok('/v2/workspace/emailconfig/update', { emailServiceConfig: { fromCompany: 'Co' } }, h);
    await ok(
      '/v2/workspace/emailconfig/update',
      { emailServiceConfig: { triggers: { 'comment.add': true } } },
      t.apiKeyHeaders(second),
    );
    await ok(
      '/v2/workspace/apikeyconfig/update',
      {
        activityServiceEnabled: true,
        requireJwtToken: true,
        aiModelApiKey: [{ provider: 'openai', customerApiKey: 'sk-own-2' }],
      },
      t.apiKeyHeaders(second),
    );
    await ok(
      '/v2/workspace/aimodelconfig/update',
      { providers: { openai: { apiKey: 'sk-1' } } },
      wh,
    );
    await seedEveryKind(t, h);
    await ok('/v1/organizations/add', { organizations: [{ organizationId: 'o-2' }] }, h);
    await ok(
      '/v2/organizations/update',
      { organizations: [{ organizationId: 'o-2', organizationName: 'Two', plan: 'pro' }] },
      h,
    );
    // Adding an organization that exists updates it (D5.3).
    await ok(
      '/v2/organizations/add',
      { organizations: [{ organizationId: 'o-2', organizationName: 'Two+', seats: 3 }] },
      h,
    );
    await ok(
      '/v2/organizations/folders/add',
      {
        organizationId: 'o-2',
        folders: [
          { folderId: 'a', accessType: 'restricted' },
          { folderId: 'b', parentFolderId: 'a' },
          { folderId: 'c' },
        ],
      },
      h,
    );
    await ok(
      '/v1/organizations/folders/update',
      { organizationId: 'o-2', folders: [{ folderId: 'a', folderName: 'A', parentFolderId: 'c' }] },
      h,
    );
    await ok(
      '/v2/organizations/documents/add',
      {
        organizationId: 'o-2',
        folderId: 'b',
        documents: [{ documentId: 'x' }, { documentId: 'y' }],
      },
      h,
    );
    await ok(
      '/v1/organizations/documents/delete',
      { organizationId: 'o-2', documentIds: ['y'] },
      h,
    );
    await writeActivities(h);
    await writeHostedCollaborationFields(h);
    await ok(
      '/v1/users/update',
      { organizationId: 'g-org-1', users: [{ userId: keeper.userId, name: 'Kim K.' }] },
      h,
    );
    const { migrationId } = await ok(
      '/v2/organizations/documents/migrate',
      { organizationId: 'g-org-1', documentId: 'd1', newDocumentId: 'd1-new' },
      h,
    );
    await waitFor(async () => {
      const status = await ok(
        '/v2/organizations/documents/migrate/status',
        { organizationId: 'g-org-1', migrationId },
        h,
      );
      return status.status === 'completed' ? status : undefined;
    }, 60_000);
    const { jobId } = await ok('/v2/users/data/delete', { userIds: [victim.userId] }, h);
    await waitFor(async () => {
      const status = await ok('/v1/users/data/delete/status', { jobId }, h);
      return status.isDeleteCompleted ? status : undefined;
    }, 60_000);
    // The second key's auth tokens replaced (its rows deleted and one inserted), then the
    // workspace token: the last call these headers can make.
    await ok('/v2/workspace/authtoken/reset', { apiKey: second.apiKey }, wh);
    await ok('/v2/workspace/workspaceauthtoken/reset', {}, wh);
    await t.app.get(SubscriptionRunner).drain();
  }

  /**
   * Activity records of every event kind: logged, replaced, amended, deleted, and in the
   * document the migration below moves (naming the user the deletion job erases).
   */
  async function writeActivities(h: Record<string, string>): Promise<void> {
    await ok(
      '/v2/workspace/activityconfig/update',
      { activityServiceConfig: { isEnabled: true, immutable: false } },
      h,
    );
    const record = (id: string, actionUser: Record<string, unknown>) => ({
      id,
      featureType: 'custom',
      actionType: 'invoice.paid',
      actionUser,
      targetEntityId: 'invoice-1',
      changes: { status: { from: 'open', to: 'paid' } },
      displayMessageTemplateData: { payer: actionUser },
    });
    const add = (organizationId: string, documentId: string, activities: unknown[]) =>
      ok('/v2/activities/add', { organizationId, documentId, activities }, h);
    await add('o-2', 'x', [record('rb-1', keeper), record('rb-2', keeper), record('rb-3', keeper)]);
    await add('o-2', 'x', [{ ...record('rb-1', keeper), actionType: 'invoice.refunded' }]);
    await ok(
      '/v2/activities/update',
      { organizationId: 'o-2', activities: [{ id: 'rb-2', actionIcon: 'coin' }] },
      h,
    );
    await ok('/v2/activities/delete', { organizationId: 'o-2', activityIds: ['rb-3'] }, h);
    await add('g-org-1', 'd1', [record('rb-moved', keeper), record('rb-erased', victim)]);
  }

  /** Collaboration records with the hosted fields the adds keep (annotation, recording, CRDT). */
  async function writeHostedCollaborationFields(h: Record<string, string>): Promise<void> {
    const doc = { organizationId: 'o-2', documentId: 'x' };
    await ok(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [
          {
            annotationId: 'rb-hosted',
            type: 'suggestion',
            suggestion: { targetId: 't1', newValue: 2, custom: true },
            visibility: { type: 'restricted', userIds: [keeper.userId] },
            targetElement: { elementId: 'e1', occurrence: 1 },
            commentData: [
              {
                commentText: 'Fix',
                from: keeper,
                attachments: [{ attachmentId: 1, name: 'a.png' }],
                agent: {
                  agentSource: 'velt',
                  agentId: 'spell-check',
                  reason: { title: 'T', description: 'D', severity: 'low' },
                },
              },
            ],
          },
        ],
      },
      h,
    );
    await ok(
      '/v2/recordings/add',
      {
        ...doc,
        recordings: [
          {
            recordingId: 'rb-rec',
            from: keeper,
            mode: 'floating',
            recordedTime: { duration: 10, display: '00:00:00' },
            latestVersion: 3,
          },
        ],
      },
      h,
    );
    await ok(
      '/v2/crdt/add',
      { ...doc, editorId: 'rb-editor', type: 'xml', data: '<p/>', contentKey: 'default' },
      h,
    );
  }

  /** Every row of a table, ordered by its primary key. */
  async function rowsOf(table: string): Promise<unknown[]> {
    const keys: { name: string }[] = await dataSource.query(
      `SELECT a.attname AS name FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
       WHERE i.indrelid = $1::regclass AND i.indisprimary
       ORDER BY array_position(i.indkey::int2[], a.attnum)`,
      [table],
    );
    return dataSource.query(
      `SELECT * FROM "${table}" ORDER BY ${keys.map((k) => `"${k.name}"`).join(', ')}`,
    );
  }

  let before: Record<string, unknown[]>;
  beforeAll(async () => {
    await writeEveryKind();
    const tables = t.app.get(EventStore).inlineProjections.flatMap((p) => p.tables);
    before = Object.fromEntries(await Promise.all(tables.map(async (n) => [n, await rowsOf(n)])));
  }, 120_000);

  // A rebuild compared with empty tables would prove nothing.
  it('has rows in every projection table before the rebuilds', () => {
    const empty = Object.entries(before).filter(([, rows]) => rows.length === 0);
    expect(empty.map(([table]) => table)).toEqual([]);
  });

  const tablesOf = (name: string) =>
    t.app.get(EventStore).inlineProjections.find((p) => projectionName(p) === name)!.tables;

  /**
   * Spoils the projection's tables (a rebuild must not keep what is there), rebuilds, and
   * checks the command's answer and that each table is as it was before.
   */
  async function expectRebuildGivesBack(name: string): Promise<void> {
    for (const table of tablesOf(name)) {
      await dataSource.query(
        `DELETE FROM "${table}" WHERE ctid IN (SELECT ctid FROM "${table}" LIMIT 1)`,
      );
    }
    if (name === 'document') await dataSource.query(`UPDATE documents SET document_name = 'x'`);
    const out: string[] = [];
    expect(await runProjectionsCommand(t.app, ['rebuild', name], (l) => out.push(l))).toBe(0);
    const result = JSON.parse(out[0]);
    expect(result).toMatchObject({ name, status: 'rebuilt' });
    expect(result.events).toBeGreaterThan(0);
    for (const table of tablesOf(name)) {
      expect({ table, rows: await rowsOf(table) }).toEqual({ table, rows: before[table] });
    }
  }

  it('lists the projections by name; an unknown name is an error', async () => {
    const lines: string[] = [];
    expect(await runProjectionsCommand(t.app, ['list'], (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual(PROJECTIONS);
    const missing: string[] = [];
    expect(await runProjectionsCommand(t.app, ['rebuild', 'nope'], (l) => missing.push(l))).toBe(1);
    expect(JSON.parse(missing[0])).toMatchObject({ name: 'nope', status: 'not-found' });
  });

  it.each(PROJECTIONS.filter((n) => n !== 'collab-record'))(
    'rebuilding %s from the log gives back the tables it kept',
    (name) => expectRebuildGivesBack(name),
  );

  // After an erasure: snapshots it emptied ({erased: true}) replay as the record being gone.
  it('rebuilding collab-record from the log gives back the tables it kept', () =>
    expectRebuildGivesBack('collab-record'));
});
