import type { DerivedActivity } from '../../domain/derived-activity';
import { digestContent } from './derived-content';

const activity = (text: string, timestamp: number): DerivedActivity => ({
  actionType: 'comment.add',
  actionUser: { userId: 'ann', name: 'Ann' },
  targetAnnotationId: 'a1',
  documentId: 'doc',
  timestamp,
  displayHeadlineMessageTemplate: '{actionUser} replied to a thread',
  displayHeadlineMessageTemplateData: { actionUser: { userId: 'ann', name: 'Ann' } },
  displayBodyMessage: text,
  notificationSourceData: {} as DerivedActivity['notificationSourceData'],
});
const window = { scope: 'document' as const, windowStart: 1000, closesAt: 11_000 };
const bob = [{ userId: 'bob', reason: 'tagged' as const }];

describe('digestContent (D9.8)', () => {
  it('counts the changes folded in, keeping the first', () => {
    const one = digestContent(undefined, window, activity('one', 1000), bob, 11_000);
    const two = digestContent(one, window, activity('two', 2000), bob, 11_000);
    expect(two.displayHeadlineMessageTemplateData).toMatchObject({ count: 2 });
    expect(
      (two.notificationSourceData as { first: DerivedActivity }).first.displayBodyMessage,
    ).toBe('one');
  });

  it('starts again from the change when a caller replaced the digest source data', () => {
    const one = digestContent(undefined, window, activity('one', 1000), bob, 11_000);
    for (const replaced of [{}, { batch: {} }, { batch: { count: 3 }, recipients: 'x' }, null]) {
      const next = digestContent(
        { ...one, notificationSourceData: replaced },
        window,
        activity('two', 2000),
        bob,
        11_000,
      );
      expect(next.displayHeadlineMessageTemplateData).toMatchObject({ count: 1 });
    }
  });

  it('folds on when a caller left odd lists in a digest it kept the shape of', () => {
    const one = digestContent(undefined, window, activity('one', 1000), bob, 11_000);
    const data = one.notificationSourceData as Record<string, unknown>;
    for (const odd of [1, {}, 'ab', [7, 'doc-x']]) {
      const next = digestContent(
        {
          ...one,
          notificationSourceData: {
            ...data,
            documentIds: odd,
            actionTypes: odd,
            recipients: [null, ...(data.recipients as unknown[])],
          },
        },
        window,
        activity('two', 2000),
        bob,
        11_000,
      );
      const source = next.notificationSourceData as {
        documentIds: unknown[];
        recipients: unknown[];
      };
      expect(next.displayHeadlineMessageTemplateData).toMatchObject({ count: 2 });
      expect(source.documentIds.every((id) => typeof id === 'string')).toBe(true);
      expect(source.documentIds).toContain('doc');
      expect(source.recipients).toEqual([{ userId: 'bob' }]);
    }
  });
});
