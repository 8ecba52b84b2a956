import type { RecordedEvent } from '@app/event-store';
import type { RecordRef } from './collab-record.events';
import { CollaborationError } from './collaboration.error';
import { CommentAnnotationRecord, draftAnnotation } from './comment-annotation.aggregate';
import { CommentAuthors, eraseFromEvent } from './event-erasure';
import type { CollaborationEvent } from './collaboration.events';
import { hostedActionOf } from './hosted-vocabulary';
import { Identities } from './kinds/people';
import { upcastRecordSaved } from './legacy-events';

const ref: RecordRef = {
  apiKey: 'key',
  organizationId: 'org',
  documentId: 'doc',
  kind: 'comment-annotation',
  recordId: 'a1',
};
const ann = { userId: 'ann', name: 'Ann', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob' };

function created(): CommentAnnotationRecord {
  const record = new CommentAnnotationRecord(ref);
  record.create(
    draftAnnotation({ annotationId: 'a1', commentData: [{ commentText: 'hi', from: ann }] }, 'f'),
    100,
  );
  return new CommentAnnotationRecord(ref).load(record.takePendingEvents());
}

describe('CommentAnnotationRecord', () => {
  it('records a comment as one small event naming it, whatever the thread holds', () => {
    const record = created();
    for (let i = 0; i < 50; i++) record.addComments([{ commentText: `c${i}`, from: bob }], 200 + i);
    const events = record.takePendingEvents();
    expect(events).toHaveLength(50);
    expect(events[49]).toEqual({
      type: 'collaboration.comment-added',
      data: {
        ...ref,
        at: 249,
        commentId: 51,
        text: 'c49',
        html: '',
        from: bob,
        taggedUsers: [],
        mentionedUserIds: [],
      },
    });
    expect(hostedActionOf(events[49])).toBe('comment.add');
    expect(record.state?.comments).toHaveLength(51);
    expect(record.state?.lastUpdated).toBe(249);
  });

  it('refuses with domain errors: a taken id, a missing comment, a reaction not there', () => {
    const record = created();
    expect(() =>
      record.create(draftAnnotation({ annotationId: 'a1', commentData: [{ from: bob }] }, 'f'), 1),
    ).toThrow(new CollaborationError('ALREADY_EXISTS', 'Annotation already exists.'));
    expect(() => record.addReaction(9, 'x', bob, 1)).toThrow(CollaborationError);
    expect(() => record.removeReaction(1, 'x', 'bob', 1)).toThrow('Reaction not found.');
    expect(() => new CommentAnnotationRecord(ref).delete(1)).toThrow('Annotation not found.');
    expect(record.takePendingEvents()).toEqual([]);
  });

  it('names each change of an update; an annotation stored by the first version folds whole', () => {
    const legacy = upcastRecordSaved({
      type: 'collaboration.record-saved',
      schemaVersion: 1,
      data: { ...ref, action: 'comment_annotation.add', record: { ...created().state }, at: 100 },
    } as RecordedEvent);
    const record = new CommentAnnotationRecord(ref).load([legacy as never]);
    expect(record.state?.comments[0].commentText).toBe('hi');
    record.update({ status: { id: 'done' }, assignedTo: bob }, 300);
    expect(record.takePendingEvents().map((e) => [e.type, hostedActionOf(e)])).toEqual([
      ['collaboration.annotation-status-changed', 'comment_annotation.status_change'],
      ['collaboration.annotation-assigned', 'comment_annotation.assign'],
    ]);
  });

  it('erases an event whose subject was an erased user down to its record, and scrubs others', () => {
    const record = created();
    record.addComments([{ commentText: 'ask {{ann}} or Ann', from: bob }], 200);
    const [byBob] = record.takePendingEvents() as CollaborationEvent[];
    const who = new Identities(['ann'], ['Ann']);
    expect(eraseFromEvent(byBob, who)).toMatchObject({
      text: 'ask @[deleted user] or @[deleted user]',
      mentionedUserIds: [],
    });
    const annsOwn = { type: 'collaboration.comment-added', data: { ...ref, at: 1, from: ann } };
    expect(eraseFromEvent(annsOwn as CollaborationEvent, who)).toEqual({
      ...ref,
      at: 1,
      erased: true,
    });
  });

  it("erases the edits of an erased user's comment with the comment, and leaves others' edits", () => {
    const fresh = new CommentAnnotationRecord(ref);
    fresh.create(
      draftAnnotation({ annotationId: 'a1', commentData: [{ commentText: 'hi', from: ann }] }, 'f'),
      100,
    );
    fresh.addComments([{ commentText: 'by bob', from: bob }], 200);
    fresh.editComments([1], { commentText: 'Ann edited her own words' }, 300);
    fresh.editComments([2], { commentText: 'Bob edited his' }, 400);
    const history = fresh.takePendingEvents() as CollaborationEvent[];
    const who = new Identities(['ann'], ['Ann']);
    const authors = new CommentAuthors();
    const edits = history
      .map((event) => {
        const data = eraseFromEvent(event, who, authors);
        authors.note(event);
        return { type: event.type, data };
      })
      .filter((e) => e.type === 'collaboration.comment-edited');
    expect(edits[0].data).toEqual({ ...ref, at: 300, erased: true });
    expect(edits[1].data).toMatchObject({ commentId: 2, text: 'Bob edited his' });
  });
});
