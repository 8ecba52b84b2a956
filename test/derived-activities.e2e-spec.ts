import { DataSource } from 'typeorm';
import { SubscriptionRunner } from '@app/event-store';
import { createTestApp, waitFor, type TestApp } from '@app/testing';

type View = Record<string, any> & { id: string; timestamp: number };
type Headers = Record<string, string>;

const SUBSCRIPTION = 'activities.derived';

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };
const carl = { userId: 'carl', name: 'Carl Diaz' };
const doc = { organizationId: 'org', documentId: 'doc' };
const loc = { id: 'loc-1', locationName: 'Page 1' };

const comment = (from: object, commentText: string, more: object = {}) => ({
  from,
  commentText,
  ...more,
});
const apiKeyOf = (h: Headers) => h['x-service-api-key'];

/** Calls against the app, for one API key at a time. */
function client(t: TestApp) {
  const ok = async (path: string, data: unknown, h: Headers) => {
    const res = await t.post(path, data, h);
    expect({ path, status: res.status, error: res.body.error }).toEqual({
      path,
      status: 200,
      error: undefined,
    });
    return res.body.result.data;
  };
  const db = () => t.app.get(DataSource);
  const c = {
    ok,
    /** A fresh API key with documents `doc` and `doc2`, the activity service as `config` says. */
    async key(config: Record<string, unknown> = { isEnabled: true }): Promise<Headers> {
      const h = t.apiKeyHeaders(await t.createWorkspace());
      await ok(
        '/v2/organizations/documents/add',
        {
          organizationId: 'org',
          createOrganization: true,
          documents: [{ documentId: 'doc' }, { documentId: 'doc2' }],
        },
        h,
      );
      await c.config(h, config);
      return h;
    },
    config: (h: Headers, activityServiceConfig: Record<string, unknown>) =>
      ok('/v2/workspace/activityconfig/update', { activityServiceConfig }, h),
    thread: (h: Headers, annotationId: string, first: object, extra: object = {}) =>
      ok(
        '/v2/commentannotations/add',
        { ...doc, commentAnnotations: [{ annotationId, commentData: [first], ...extra }] },
        h,
      ),
    reply: (h: Headers, annotationId: string, ...commentData: object[]) =>
      ok('/v2/commentannotations/comments/add', { ...doc, annotationId, commentData }, h),
    annotate: (h: Headers, annotationId: string, updatedData: object) =>
      ok(
        '/v2/commentannotations/update',
        { ...doc, annotationIds: [annotationId], updatedData },
        h,
      ),
    /** Every record of a document through the read, oldest first. */
    async shown(h: Headers, documentId = 'doc'): Promise<View[]> {
      return ok(
        '/v2/activities/get',
        { organizationId: 'org', documentId, order: 'asc', pageSize: 1000 },
        h,
      );
    },
    /** The key's records as stored, in the order of the events that made them. */
    async stored(h: Headers): Promise<{ id: string; documentId: string; actionType: string }[]> {
      const rows: { activity_id: string; document_id: string; action_type: string }[] =
        await db().query(
          `SELECT a.activity_id, a.document_id, a.action_type FROM activities a
           WHERE a.api_key = $1
           ORDER BY (SELECT min(e.global_position) FROM events e
                     WHERE e.api_key = a.api_key AND e.type = 'activities.activity-logged'
                       AND e.data->>'activityId' = a.activity_id)`,
          [apiKeyOf(h)],
        );
      return rows.map((r) => ({
        id: r.activity_id,
        documentId: r.document_id,
        actionType: r.action_type,
      }));
    },
    /** Until this subscriber has handled every event committed so far. */
    caughtUp: () =>
      waitFor(async () => {
        const runner = t.app.get(SubscriptionRunner);
        await runner.drain();
        return (await runner.isCaughtUp(SUBSCRIPTION)) || undefined;
      }),
    /** The one record of `actionType` among `views`. */
    one(views: View[], actionType: string): View {
      const found = views.filter((v) => v.actionType === actionType);
      expect({ actionType, count: found.length }).toEqual({ actionType, count: 1 });
      return found[0];
    },
  };
  return c;
}

describe('derived activity records (D7.6)', () => {
  let t: TestApp;
  let c: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp();
    c = client(t);
  });
  afterAll(() => t?.close());

  it('makes none while the service is off, whatever its triggers say', async () => {
    const h = await c.key({
      isEnabled: false,
      triggers: { comment: { 'comment_annotation.add': true } },
    });
    await c.thread(h, 'a1', comment(ann, 'Hi'));
    await c.ok(
      '/v2/reactions/add',
      { ...doc, reactions: [{ reactionId: 'r1', icon: 'UP', from: ann }] },
      h,
    );
    await c.caughtUp();
    expect(await c.stored(h)).toEqual([]);
  });

  it('makes one record per comment change, with the hosted fields', async () => {
    const h = await c.key();
    await c.thread(h, 'a1', comment(ann, 'Hi {{bob}}'), { location: loc });
    await c.reply(h, 'a1', comment(bob, 'Thanks'));
    await c.ok(
      '/v2/commentannotations/comments/update',
      { ...doc, annotationId: 'a1', commentIds: [2], updatedData: { commentText: 'Thanks!' } },
      h,
    );
    await c.ok(
      '/v2/commentannotations/reactions/add',
      { ...doc, annotationId: 'a1', commentId: 1, icon: 'HEART', user: carl },
      h,
    );
    await c.ok(
      '/v2/commentannotations/reactions/delete',
      { ...doc, annotationId: 'a1', commentId: 1, icon: 'HEART', user: carl },
      h,
    );
    await c.annotate(h, 'a1', { status: { id: 'DONE', name: 'Done' } });
    await c.annotate(h, 'a1', { priority: { id: 'P1', name: 'High' } });
    await c.annotate(h, 'a1', { assignedTo: carl });
    // A context change is no activity.
    await c.annotate(h, 'a1', { context: { page: 2 } });
    await c.ok(
      '/v2/commentannotations/comments/delete',
      { ...doc, annotationId: 'a1', commentIds: [2] },
      h,
    );
    await c.ok('/v2/commentannotations/delete', { ...doc, annotationIds: ['a1'] }, h);
    await c.caughtUp();

    expect((await c.stored(h)).map((r) => r.actionType)).toEqual([
      'comment_annotation.add',
      'comment.add',
      'comment.update',
      'comment.reaction_add',
      'comment.reaction_delete',
      'comment_annotation.status_change',
      'comment_annotation.priority_change',
      'comment_annotation.assign',
      'comment.delete',
      'comment_annotation.delete',
    ]);
    const shown = await c.shown(h);
    expect(shown).toHaveLength(10);
    for (const v of shown) {
      expect(v).toMatchObject({
        featureType: 'comment',
        targetEntityId: 'a1',
        immutable: true, // the first enable's default
        metadata: {
          apiKey: apiKeyOf(h),
          organizationId: 'org',
          documentId: 'doc',
          locationId: 'loc-1',
        },
      });
      expect(v.id).toMatch(/^activity_[A-Za-z0-9_-]{32}$/);
    }

    const added = c.one(shown, 'comment_annotation.add');
    expect(added).toMatchObject({
      actionUser: ann,
      entityData: { annotationId: 'a1', location: loc, comments: [{ commentText: 'Hi {{bob}}' }] },
      entityTargetData: { commentId: 1, commentText: 'Hi {{bob}}' },
      displayMessageTemplate: '{{actionUser.name}} added a comment',
      // The text as a person reads it: no `{{bob}}` left to read as a variable.
      displayMessageTemplateData: { actionUser: ann, commentText: 'Hi @bob' },
    });
    expect(added).not.toHaveProperty('targetSubEntityId');
    expect(added.entityData.comments).toHaveLength(1);

    const reply = c.one(shown, 'comment.add');
    expect(reply).toMatchObject({
      actionUser: bob,
      targetSubEntityId: '2',
      entityTargetData: { commentId: 2, commentText: 'Thanks' },
      displayMessageTemplate: '{{actionUser.name}} replied to a comment',
    });
    // The annotation right after the change: both comments.
    expect(reply.entityData.comments).toHaveLength(2);
    expect(reply.timestamp).toBeGreaterThanOrEqual(added.timestamp);

    expect(c.one(shown, 'comment.update')).toMatchObject({
      actionUser: bob,
      targetSubEntityId: '2',
      changes: { commentText: { from: 'Thanks', to: 'Thanks!' } },
      entityTargetData: { commentText: 'Thanks!' },
      displayMessageTemplate: '{{actionUser.name}} edited a comment',
    });
    expect(c.one(shown, 'comment.reaction_add')).toMatchObject({
      actionUser: carl,
      targetSubEntityId: '1',
      changes: { reaction: { to: 'HEART' } },
      displayMessageTemplate: '{{actionUser.name}} reacted {{reaction}} to a comment',
      displayMessageTemplateData: { actionUser: carl, reaction: 'HEART' },
    });
    expect(c.one(shown, 'comment.reaction_delete')).toMatchObject({
      actionUser: { userId: 'carl' },
      changes: { reaction: { from: 'HEART' } },
    });
    const status = c.one(shown, 'comment_annotation.status_change');
    expect(status).toMatchObject({
      changes: { status: { from: null, to: { id: 'DONE', name: 'Done' } } },
      entityData: { status: { id: 'DONE', name: 'Done' } },
      displayMessageTemplate: '{{actionUser.name}} changed the status to {{status}}',
      displayMessageTemplateData: { status: 'Done' },
    });
    // The update names no acting user: the record credits nobody.
    expect(status.actionUser).toEqual({ userId: '', name: 'Someone' });
    expect(status).not.toHaveProperty('targetSubEntityId');
    expect(c.one(shown, 'comment_annotation.priority_change')).toMatchObject({
      changes: { priority: { from: null, to: { id: 'P1', name: 'High' } } },
      displayMessageTemplateData: { priority: 'High' },
    });
    expect(c.one(shown, 'comment_annotation.assign')).toMatchObject({
      changes: { assignedTo: { from: null, to: carl } },
      displayMessageTemplateData: { assignee: 'Carl Diaz' },
    });
    const deleted = c.one(shown, 'comment.delete');
    expect(deleted).toMatchObject({
      actionUser: bob,
      targetSubEntityId: '2',
      entityTargetData: { commentId: 2, commentText: 'Thanks!' },
    });
    expect(deleted.entityData.comments).toHaveLength(1);
    // The annotation as it was when deleted.
    expect(c.one(shown, 'comment_annotation.delete')).toMatchObject({
      entityData: { annotationId: 'a1', context: { page: 2 } },
      displayMessageTemplate: '{{actionUser.name}} deleted a comment thread',
    });
  });

  it('makes reaction, recorder and CRDT records (one per CRDT write); presence makes none', async () => {
    const h = await c.key();
    await c.ok(
      '/v2/reactions/add',
      { ...doc, reactions: [{ reactionId: 'r1', icon: 'THUMBS_UP', from: ann, location: loc }] },
      h,
    );
    await c.ok('/v2/reactions/delete', { ...doc, reactionIds: ['r1'] }, h);
    await c.ok(
      '/v2/recordings/add',
      { ...doc, recordings: [{ recordingId: 'rec1', from: bob, recordingType: 'audio' }] },
      h,
    );
    await c.ok('/v2/recordings/delete', { ...doc, recordingIds: ['rec1'] }, h);
    const write = { ...doc, editorId: 'e1', type: 'text', sessionId: 's1', location: loc };
    await c.ok('/v2/crdt/add', { ...write, data: 'Hello', lastUpdatedBy: 'ann' }, h);
    await c.ok('/v2/crdt/update', { ...write, data: 'Hello!', lastUpdatedBy: 'bob' }, h);
    await c.ok('/v2/presence/add', { ...doc, users: [ann] }, h);
    await c.caughtUp();

    expect((await c.stored(h)).map((r) => r.actionType)).toEqual([
      'reaction.add',
      'reaction.delete',
      'recording.add',
      'recording.delete',
      'crdt.editor_edit',
      'crdt.editor_edit',
    ]);
    const shown = await c.shown(h);
    expect(c.one(shown, 'reaction.add')).toMatchObject({
      featureType: 'reaction',
      actionUser: ann,
      targetEntityId: 'r1',
      changes: { reaction: { to: 'THUMBS_UP' } },
      entityData: { reactionId: 'r1', icon: 'THUMBS_UP', from: ann },
      displayMessageTemplate: '{{actionUser.name}} reacted {{reaction}}',
      metadata: { locationId: 'loc-1' },
    });
    expect(c.one(shown, 'reaction.delete')).toMatchObject({
      featureType: 'reaction',
      targetEntityId: 'r1',
      changes: { reaction: { from: 'THUMBS_UP' } },
      entityData: { reactionId: 'r1' },
    });
    expect(c.one(shown, 'recording.add')).toMatchObject({
      featureType: 'recorder',
      actionUser: bob,
      targetEntityId: 'rec1',
      entityData: { recordingId: 'rec1', recordingType: 'audio' },
      displayMessageTemplate: '{{actionUser.name}} added a recording',
    });
    expect(c.one(shown, 'recording.delete')).toMatchObject({
      featureType: 'recorder',
      targetEntityId: 'rec1',
    });
    const edits = shown.filter((v) => v.actionType === 'crdt.editor_edit');
    expect(edits.map((v) => v.actionUser.userId).sort()).toEqual(['ann', 'bob']);
    for (const edit of edits) {
      expect(edit).toMatchObject({
        featureType: 'crdt',
        targetEntityId: 'e1',
        entityData: { editorId: 'e1', type: 'text', sessionId: 's1' },
        displayMessageTemplate: '{{actionUser.name}} edited {{editorId}}',
        displayMessageTemplateData: { editorId: 'e1' },
        metadata: { locationId: 'loc-1' },
      });
    }
  });

  it('makes none for a comment action whose trigger is off (other features unfiltered)', async () => {
    const h = await c.key({ isEnabled: true, triggers: { comment: { 'comment.add': false } } });
    await c.thread(h, 'a1', comment(ann, 'Hi'));
    await c.reply(h, 'a1', comment(bob, 'Hello'));
    await c.ok(
      '/v2/reactions/add',
      { ...doc, reactions: [{ reactionId: 'r1', icon: 'UP', from: ann }] },
      h,
    );
    await c.caughtUp();
    expect((await c.stored(h)).map((r) => r.actionType)).toEqual([
      'comment_annotation.add',
      'reaction.add',
    ]);
  });

  it('makes none for a comment written with triggerActivities: false, which it keeps', async () => {
    const h = await c.key();
    await c.thread(h, 'a1', comment(ann, 'Quiet', { triggerActivities: false }));
    await c.reply(
      h,
      'a1',
      comment(bob, 'Logged'),
      comment(bob, 'Quiet reply', { triggerActivities: false }),
    );
    await c.ok(
      '/v2/commentannotations/comments/update',
      { ...doc, annotationId: 'a1', commentIds: [3], updatedData: { commentText: 'Still quiet' } },
      h,
    );
    await c.caughtUp();
    const stored = await c.stored(h);
    expect(stored.map((r) => r.actionType)).toEqual(['comment.add']);
    expect((await c.shown(h))[0].targetSubEntityId).toBe('2');
    const [annotation] = await c.ok(
      '/v2/commentannotations/get',
      { ...doc, annotationIds: ['a1'] },
      h,
    );
    expect(annotation.comments.map((x: any) => x.triggerActivities)).toEqual([
      false,
      undefined,
      false,
    ]);
  });

  it('stamps immutable from the key config when written', async () => {
    const h = await c.key({ isEnabled: true, immutable: false });
    await c.thread(h, 'a1', comment(ann, 'Mutable'));
    await c.caughtUp();
    await c.config(h, { immutable: true });
    await c.reply(h, 'a1', comment(bob, 'Immutable'));
    await c.caughtUp();
    const shown = await c.shown(h);
    expect(c.one(shown, 'comment_annotation.add').immutable).toBe(false);
    expect(c.one(shown, 'comment.add').immutable).toBe(true);
  });

  it('changes nothing when events are handled again (checkpoint moved back)', async () => {
    const h = await c.key();
    const dataSource = t.app.get(DataSource);
    await c.caughtUp();
    const [mark] = await dataSource.query(
      `SELECT position, transaction_id::text AS tx FROM checkpoints WHERE subscription_id = $1`,
      [SUBSCRIPTION],
    );
    await c.thread(h, 'a1', comment(ann, 'One'));
    await c.ok(
      '/v2/crdt/add',
      { ...doc, editorId: 'e1', type: 'text', data: 'x', lastUpdatedBy: 'ann' },
      h,
    );
    await c.caughtUp();
    const before = await c.stored(h);
    expect(before).toHaveLength(2);
    const events = async () =>
      (
        await dataSource.query(`SELECT count(*)::int AS n FROM events WHERE stream_id LIKE $1`, [
          `activity:${apiKeyOf(h)}:%`,
        ])
      )[0].n;
    expect(await events()).toBe(2);
    await dataSource.query(
      `UPDATE checkpoints SET position = $2, transaction_id = $3::xid8 WHERE subscription_id = $1`,
      [SUBSCRIPTION, mark.position, mark.tx],
    );
    expect(await t.app.get(SubscriptionRunner).isCaughtUp(SUBSCRIPTION)).toBe(false);
    await c.caughtUp();
    expect(await c.stored(h)).toEqual(before);
    expect(await events()).toBe(2);
  });

  it('keeps the records of a deleted document', async () => {
    const h = await c.key();
    await c.thread(h, 'a1', comment(ann, 'Soon gone'));
    await c.caughtUp();
    const [made] = await c.shown(h);
    await c.ok(
      '/v1/organizations/documents/delete',
      { organizationId: 'org', documentIds: ['doc'] },
      h,
    );
    // The document's collaboration data is gone.
    await waitFor(async () => {
      const [{ n }] = await t.app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM collab_records WHERE api_key = $1`, [apiKeyOf(h)]);
      return n === 0 || undefined;
    });
    await c.caughtUp();
    expect(await c.shown(h)).toEqual([made]);
  });
});

/** Here the subscriptions lag: only `caughtUp` (a drain) runs them. */
describe('derived activity records of a lagging subscription (D6.7, D7.4, D7.6)', () => {
  let t: TestApp;
  let c: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp();
    c = client(t);
    await t.app.get(SubscriptionRunner).onModuleDestroy();
  });
  afterAll(() => t?.close());

  it('a change is judged by the switch when it was made, not when it is handled', async () => {
    const on = await c.key({ isEnabled: true, immutable: false });
    const off = await c.key({ isEnabled: false });
    await c.caughtUp();
    await c.thread(on, 'made-on', comment(ann, 'While on'));
    await c.config(on, { immutable: true });
    await c.reply(on, 'made-on', comment(bob, 'While immutable'));
    await c.config(on, { isEnabled: false });
    await c.reply(on, 'made-on', comment(carl, 'While off'));
    await c.thread(off, 'made-off', comment(ann, 'While off'));
    await c.config(off, { isEnabled: true });
    await c.caughtUp();
    const shown = (await c.shown(on)).map((v) => [v.actionType, v.actionUser.userId, v.immutable]);
    expect(shown.sort()).toEqual([
      ['comment.add', 'bob', true],
      ['comment_annotation.add', 'ann', false],
    ]);
    expect(await c.shown(off)).toEqual([]);
  });

  it('a migration moves the document’s records to the new id, a change derived late too', async () => {
    const h = await c.key();
    await c.thread(h, 'a1', comment(ann, 'Before the move'));
    await c.ok(
      '/v2/reactions/add',
      { ...doc, reactions: [{ reactionId: 'r1', icon: 'UP', from: ann }] },
      h,
    );
    await c.caughtUp();
    // Derived only after the migration has started: it must still land on the new id.
    await c.reply(h, 'a1', comment(bob, 'Late'));
    const { migrationId } = await c.ok(
      '/v2/organizations/documents/migrate',
      { ...doc, newDocumentId: 'doc-moved' },
      h,
    );
    await waitFor(async () => {
      await t.app.get(SubscriptionRunner).drain();
      const status = await c.ok(
        '/v2/organizations/documents/migrate/status',
        { organizationId: 'org', migrationId },
        h,
      );
      return status.status === 'completed' || undefined;
    });
    await c.caughtUp();
    expect(await c.shown(h)).toEqual([]);
    const moved = await c.shown(h, 'doc-moved');
    expect(moved.map((v) => v.actionType).sort()).toEqual([
      'comment.add',
      'comment_annotation.add',
      'reaction.add',
    ]);
    for (const v of moved) expect(v.metadata.documentId).toBe('doc-moved');
    expect((await c.stored(h)).map((r) => r.documentId)).toEqual([
      'doc-moved',
      'doc-moved',
      'doc-moved',
    ]);
  });
});
