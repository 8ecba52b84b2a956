import { DeletionJob } from './deletion-job.aggregate';

const isIdentity = (kind: string) => kind === 'users';

/** A requested job over these tasks, with the listed ones done. */
function job(tasks: [string, string][], done: number[] = []): DeletionJob {
  const j = new DeletionJob('key', 'job');
  j.request(
    'sealed',
    tasks.map(([organizationId, kind]) => ({ organizationId, kind })),
    1,
  );
  for (const index of done) j.completeTask(index, 0, 2);
  return j;
}

describe('deletion job: identity tasks after the organization data tasks', () => {
  const tasks: [string, string][] = [
    ['org-a', 'comments'],
    ['org-a', 'notifications'],
    ['org-a', 'users'],
    ['org-b', 'users'],
  ];

  it('starts with the data tasks, and identity tasks only where an organization has no data', () => {
    expect(job(tasks).firstTasks(isIdentity)).toEqual([0, 1, 3]);
  });

  it('lets an organization identity tasks run after its last data task, not before', () => {
    expect(job(tasks, [0]).tasksReadyAfter(0, isIdentity)).toEqual([]);
    expect(job(tasks, [0, 1]).tasksReadyAfter(1, isIdentity)).toEqual([2]);
  });

  it('an identity task or a completed job makes nothing ready', () => {
    expect(job(tasks, [0, 1, 3]).tasksReadyAfter(3, isIdentity)).toEqual([]);
    expect(job(tasks, [0, 1, 2, 3]).tasksReadyAfter(1, isIdentity)).toEqual([]);
  });
});
