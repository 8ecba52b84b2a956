// The example module tested as a user of the server tests their own: the whole server with
// the module added, through Nest's testing module, with its notifier port overridden.
import { DataSource } from 'typeorm';
import { createTestApp, waitFor, type TestApp } from '@app/testing';
import { TaskNotifier, TasksModule, type TaskCompletedNotice } from '@app/tasks';

/** Stands in for email: records what would have been sent. */
class RecordingNotifier {
  readonly sent: TaskCompletedNotice[] = [];
  async notify(notice: TaskCompletedNotice) {
    this.sent.push(notice);
  }
}

describe('example tasks module', () => {
  let t: TestApp;
  let h: Record<string, string>;
  const notifier = new RecordingNotifier();
  const organizationId = 'org-tasks';

  beforeAll(async () => {
    t = await createTestApp({
      modules: [TasksModule],
      overrides: (builder) => builder.overrideProvider(TaskNotifier).useValue(notifier),
    });
    h = t.apiKeyHeaders(await t.createWorkspace());
  });
  afterAll(() => t?.close());

  const create = (taskId: string, title: string, assigneeId?: string, headers = h) =>
    t.post('/v2/example/tasks/create', { organizationId, taskId, title, assigneeId }, headers);
  const tasks = async (headers = h) =>
    (await t.post('/v2/example/tasks/get', { organizationId }, headers)).body.result.data;

  it('creates tasks through its own migration, aggregate and projection', async () => {
    expect((await create('t1', 'Write the report', 'alice')).body).toEqual({
      result: { status: 'success', message: 'Task created.', data: { taskId: 't1' } },
    });
    await create('t2', 'Review the report', 'bob');
    expect(await tasks()).toEqual([
      { taskId: 't1', title: 'Write the report', assigneeId: 'alice', completed: false },
      { taskId: 't2', title: 'Review the report', assigneeId: 'bob', completed: false },
    ]);
  });

  it('answers with the server envelope: INVALID_ARGUMENT naming the field, ALREADY_EXISTS', async () => {
    const missing = await t.post('/v2/example/tasks/create', { organizationId, taskId: 't9' }, h);
    expect(missing.status).toBe(400);
    expect(missing.body.error.status).toBe('INVALID_ARGUMENT');
    expect(missing.body.error.message).toContain('title');
    const twice = await create('t1', 'Again');
    expect(twice.body.error.status).toBe('ALREADY_EXISTS');
  });

  it('tells the assignee once when a task is completed, after the commit', async () => {
    await t.post('/v2/example/tasks/complete', { organizationId, taskId: 't1' }, h);
    await t.post('/v2/example/tasks/complete', { organizationId, taskId: 't1' }, h);
    await waitFor(async () => (notifier.sent.length > 0 ? true : undefined));
    await t.settle();
    expect(notifier.sent).toEqual([
      expect.objectContaining({ organizationId, taskId: 't1', assigneeId: 'alice' }),
    ]);
  });

  it("keeps each API key's tasks to itself", async () => {
    const other = t.apiKeyHeaders(await t.createWorkspace('other@example.com'));
    expect(await tasks(other)).toEqual([]);
  });

  it("exports an assignee's tasks with the server's user data export (users/data/get)", async () => {
    const res = await t.post('/v2/users/data/get', { organizationId, userId: 'alice' }, h);
    expect(res.status).toBe(200);
    expect(res.body.result.data.tasks).toEqual([
      {
        taskId: 't1',
        title: 'Write the report',
        assigneeId: 'alice',
        completed: true,
        organizationId,
      },
    ]);
  });

  it("erases an assignee with the server's user data deletion job, events included", async () => {
    const started = await t.post('/v2/users/data/delete', { userIds: ['alice'] }, h);
    expect(started.status).toBe(202);
    const { jobId } = started.body.data;
    await waitFor(async () => {
      const res = await t.post('/v1/users/data/delete/status', { jobId }, h);
      return res.body.result?.data?.isDeleteCompleted ? true : undefined;
    }, 30_000);

    expect(await tasks()).toEqual([
      { taskId: 't1', title: 'Write the report', assigneeId: null, completed: true },
      { taskId: 't2', title: 'Review the report', assigneeId: 'bob', completed: false },
    ]);
    const naming = await t.app
      .get(DataSource)
      .query(
        `SELECT count(*)::int AS n FROM events WHERE type LIKE 'example-tasks.%' AND data::text LIKE '%"alice"%'`,
      );
    expect(naming[0].n).toBe(0);
  });

  it("leaves with its organization: the server's organization deletion waits for its tasks to go", async () => {
    const gone = 'org-gone';
    await t.post('/v2/organizations/add', { organizations: [{ organizationId: gone }] }, h);
    await t.post('/v2/example/tasks/create', { organizationId: gone, taskId: 'g1', title: 'G' }, h);
    const deleted = await t.post('/v2/organizations/delete', { organizationIds: [gone] }, h);
    const { deletionId } = deleted.body.result.data[gone];
    await waitFor(async () => {
      const res = await t.post(
        '/v2/organizations/delete/status/get',
        { organizationId: gone, deletionId },
        h,
      );
      return res.body.result?.data?.status === 'completed' ? true : undefined;
    }, 30_000);
    const db = t.app.get(DataSource);
    const rows = await db.query(
      `SELECT (SELECT count(*)::int FROM example_tasks WHERE organization_id = $1) AS tasks,
              (SELECT count(*)::int FROM events WHERE type LIKE 'example-tasks.%' AND data->>'organizationId' = $1) AS events`,
      [gone],
    );
    expect(rows[0]).toEqual({ tasks: 0, events: 0 });
    expect(await tasks()).toHaveLength(2);
  });
});
