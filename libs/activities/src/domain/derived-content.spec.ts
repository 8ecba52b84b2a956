import type { CommentAnnotation, CommentChange } from '@app/collaboration';
import { crdtContentOf, derivedContentOf, UNKNOWN_ACTOR } from './derived-content';
import { derivedActivityId } from './derived-id';
import { derivedActionOf } from './derived-vocabulary';

const ann = { userId: 'ann', name: 'Ann' };
const ref = { apiKey: 'k', organizationId: 'org', documentId: 'doc' };
const annotation = {
  annotationId: 'a1',
  from: ann,
  comments: [],
  createdAt: 1,
  lastUpdated: 2,
} as unknown as CommentAnnotation;

/** A change of annotation `a1` as `readCommentChanges` tells it. */
const changeOf = (type: string, data: Record<string, unknown>, more = {}): CommentChange =>
  ({
    event: {
      eventId: 'e1',
      type,
      data: { ...ref, kind: 'comment-annotation', recordId: 'a1', at: 5, ...data },
    },
    action: 'unused',
    before: annotation,
    after: annotation,
    record: annotation,
    annotation,
    ...more,
  }) as unknown as CommentChange;

const contentOf = (change: CommentChange, immutable = false) =>
  derivedContentOf(change, derivedActionOf(change.event.type)!, immutable);

describe('derived activity content (D7.6)', () => {
  it('credits nobody when the event names no acting user', () => {
    const content = contentOf(
      changeOf('collaboration.annotation-status-changed', { to: { id: 'OPEN' } }),
    );
    expect(content.actionUser).toEqual(UNKNOWN_ACTOR);
    expect(content.displayMessageTemplateData).toMatchObject({
      actionUser: { name: 'Someone' },
      status: 'OPEN',
    });
    expect(content.changes).toEqual({ status: { from: null, to: { id: 'OPEN' } } });
  });

  it('names a user without a name by email, else id, in the template data only', () => {
    const bob = { userId: 'bob', email: 'bob@example.com' };
    const content = contentOf(
      changeOf(
        'collaboration.annotation-assigned',
        { to: bob, from: ann },
        { actionUser: { userId: 'carl' } },
      ),
    );
    expect(content.actionUser).toEqual({ userId: 'carl' });
    expect(content.displayMessageTemplateData).toEqual({
      actionUser: { userId: 'carl', name: 'carl' },
      assignee: 'bob@example.com',
    });
    expect(content.changes).toEqual({ assignedTo: { from: ann, to: bob } });
  });

  it('tells an unassignment with its own template', () => {
    const content = contentOf(
      changeOf('collaboration.annotation-assigned', { to: null, from: ann }),
    );
    expect(content.displayMessageTemplate).toBe('{{actionUser.name}} unassigned the thread');
    expect(content.changes).toEqual({ assignedTo: { from: ann, to: null } });
  });

  it('stamps immutable as given, the time of the change and the record location', () => {
    const location = { id: 'loc', locationName: 'Page' };
    const content = contentOf(changeOf('collaboration.annotation-deleted', {}, { location }), true);
    expect(content).toMatchObject({
      immutable: true,
      timestamp: 5,
      location,
      targetEntityId: 'a1',
      entityData: annotation,
    });
  });

  it('tells a CRDT write from the event, without the editor data', () => {
    const content = crdtContentOf(
      {
        ...ref,
        at: 9,
        editorId: 'e1',
        type: 'text',
        data: 'a large document',
        lastUpdatedBy: '',
        sessionId: null,
      },
      false,
    );
    expect(content).toMatchObject({
      featureType: 'crdt',
      actionType: 'crdt.editor_edit',
      actionUser: UNKNOWN_ACTOR,
      targetEntityId: 'e1',
      timestamp: 9,
    });
    expect(content).not.toHaveProperty('location');
    expect(JSON.stringify(content)).not.toContain('a large document');
  });

  it('derives the same id from the same event, a different one from another', () => {
    expect(derivedActivityId('e1')).toBe(derivedActivityId('e1'));
    expect(derivedActivityId('e1')).not.toBe(derivedActivityId('e2'));
    expect(derivedActivityId('e1')).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
  });
});
