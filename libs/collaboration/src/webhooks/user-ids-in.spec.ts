import { userIdsIn } from './collaboration-webhook-events';

describe('userIdsIn', () => {
  it('finds user ids at any depth, in userIds lists, and users mentioned in texts', () => {
    const payload = {
      data: {
        actionUser: { userId: 'ann', name: 'Ann' },
        crdt: { lastUpdatedBy: 'bob' },
        commentAnnotation: {
          comments: [
            { from: { userId: 'cy' }, commentText: 'hi {{dee}} and {{eve}}', to: [] },
            { from: { userId: 'ann' }, reactions: [{ userIds: ['fay', 7] }] },
          ],
        },
        count: 3,
        nothing: null,
      },
    };
    expect([...userIdsIn(payload)].sort()).toEqual(['7', 'ann', 'bob', 'cy', 'dee', 'eve', 'fay']);
  });

  it('reads only own fields', () => {
    const inherited = Object.create({ userId: 'ghost' }) as Record<string, unknown>;
    inherited.userId = 'real';
    expect([...userIdsIn(inherited)]).toEqual(['real']);
    expect([...userIdsIn(Object.create({ userId: 'ghost' }))]).toEqual([]);
  });
});
