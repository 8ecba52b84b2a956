import {
  DEFAULT_MESSAGES,
  defaultMessageOf,
  FALLBACK_MESSAGE,
  fillTemplate,
} from './default-messages';

/** The hosted standard comment triggers, and the two annotation actions outside them. */
const COMMENT_ACTIONS = [
  'comment_annotation.add',
  'comment_annotation.update',
  'comment_annotation.delete',
  'comment_annotation.status_change',
  'comment_annotation.assign',
  'comment_annotation.priority_change',
  'comment.add',
  'comment.update',
  'comment.delete',
  'comment.reaction_add',
  'comment.reaction_delete',
];

describe('default messages of derived notifications (D9.7)', () => {
  it('has a headline naming the author for every comment action', () => {
    for (const action of COMMENT_ACTIONS) {
      expect(DEFAULT_MESSAGES[action]?.headline).toContain('{actionUser}');
    }
  });

  it('reads a variant first, then the action, then the fallback', () => {
    expect(defaultMessageOf('comment.add', 'mention').headline).toBe(
      '{actionUser} mentioned {mentioned}',
    );
    expect(defaultMessageOf('comment.add', 'unknown')).toBe(DEFAULT_MESSAGES['comment.add']);
    expect(defaultMessageOf('comment.add')).toBe(DEFAULT_MESSAGES['comment.add']);
    expect(defaultMessageOf('comment.suggestion_accept')).toBe(FALLBACK_MESSAGE);
  });

  it('fills a template with texts, numbers and user objects, and empties the unknown', () => {
    const data = {
      actionUser: { userId: 'u1', name: 'Ann', email: 'ann@example.com' },
      assignee: 'Bob',
      count: 3,
    };
    expect(fillTemplate('{actionUser} assigned a thread to {assignee}', data)).toBe(
      'Ann assigned a thread to Bob',
    );
    expect(fillTemplate('{count} updates', data)).toBe('3 updates');
    expect(fillTemplate('{actionUser}', { actionUser: { userId: 'u1' } })).toBe('u1');
    expect(fillTemplate('{actionUser}', { actionUser: { email: 'e@x.io' } })).toBe('e@x.io');
    expect(fillTemplate('Status: {status}', {})).toBe('Status:');
    // Only own variables: a template never reads an inherited property.
    expect(fillTemplate('{constructor}{toString}', {})).toBe('');
  });
});
