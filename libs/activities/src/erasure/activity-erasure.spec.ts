import { DELETED_USER, Identities } from '@app/collaboration';
import {
  ActivityAmended,
  ActivityDeleted,
  ActivityLogged,
  type ActivityContent,
} from '../domain/activity.events';
import {
  aboutTheirCommentIn,
  ERASED_USER,
  eraseActivityContent,
  eraseFromActivityEvent,
  learnFromActivityEvent,
} from './activity-erasure';

const vic = { userId: 'vic', name: 'Vera', email: 'vera@example.org' };
const kim = { userId: 'kim', name: 'Kim', email: 'kim@example.org' };
// The eraser learns names and emails from the events before it scrubs: known here.
const who = () => new Identities(['vic'], [vic.name, vic.email]);
const ref = { apiKey: 'k', organizationId: 'o', activityId: 'a1' };

const comment = (from: object, commentId = 1) => ({
  commentId,
  commentText: `hi {{vic}} and @Vera`,
  commentHtml: '<p>hi @Vera</p>',
  from,
  taggedUserContacts: [{ userId: 'vic', contact: vic }, { userId: 'kim' }],
  reactions: [
    { icon: 'HEART', from: vic, at: 1 },
    { icon: 'UP', from: kim, at: 2 },
  ],
  createdAt: 1,
  lastUpdated: 1,
});

const annotation = (from: object) => ({
  annotationId: 'ann',
  from,
  assignedTo: vic,
  comments: [comment(kim), comment(vic, 2)],
  createdAt: 1,
  lastUpdated: 2,
});

const record = (extra: Partial<ActivityContent>): ActivityContent => ({
  documentId: 'doc',
  featureType: 'comment',
  actionType: 'comment.add',
  actionUser: kim,
  immutable: true,
  timestamp: 5,
  ...extra,
});

describe('activity erasure rules', () => {
  it('takes the identity of a record they performed, keeping what happened', () => {
    const erased = eraseActivityContent(
      record({
        actionUser: vic,
        displayMessageTemplate: '{actionUser} assigned {{vic}} to Vera (vera@example.org)',
        displayMessageTemplateData: { actionUser: vic, assignee: kim },
        changes: { assignedTo: { from: kim, to: vic }, status: { from: 'open', to: 'done' } },
      }),
      who(),
    );
    expect(erased).toEqual(
      record({
        actionUser: ERASED_USER,
        displayMessageTemplate: `{actionUser} assigned ${DELETED_USER} to ${DELETED_USER} (${DELETED_USER})`,
        displayMessageTemplateData: { actionUser: ERASED_USER, assignee: kim },
        changes: {
          assignedTo: { from: kim, to: ERASED_USER },
          status: { from: 'open', to: 'done' },
        },
      }),
    );
    expect(ERASED_USER).toEqual({ userId: DELETED_USER, name: DELETED_USER });
  });

  it('erases the annotation and comment copies by collaboration rules', () => {
    const erased = eraseActivityContent(
      record({ entityData: annotation(kim), entityTargetData: comment(kim) }),
      who(),
    );
    const kept = {
      ...comment(kim),
      commentText: `hi ${DELETED_USER} and ${DELETED_USER}`,
      commentHtml: `<p>hi ${DELETED_USER}</p>`,
      taggedUserContacts: [{ userId: 'kim' }],
      reactions: [{ icon: 'UP', from: kim, at: 2 }],
    };
    // Their comment and assignment go from the annotation; the keeper's comment loses them.
    const { assignedTo: _gone, ...rest } = annotation(kim);
    expect(erased.entityData).toEqual({ ...rest, comments: [kept] });
    expect(erased.entityTargetData).toEqual(kept);
  });

  it('leaves {} for an annotation or comment they wrote', () => {
    const erased = eraseActivityContent(
      record({ entityData: annotation(vic), entityTargetData: comment(vic) }),
      who(),
    );
    expect(erased.entityData).toEqual({});
    expect(erased.entityTargetData).toEqual({});
  });

  it('drops the copies of a comment they wrote: its text in the template data and changes', () => {
    const text = { from: 'draft plans', to: 'final plans' };
    const fields = {
      displayMessageTemplateData: { actionUser: kim, commentText: 'final plans', reaction: 'UP' },
      changes: { commentText: text, reaction: { to: 'UP' } },
    };
    const gone = {
      displayMessageTemplateData: { actionUser: kim, reaction: 'UP' },
      changes: { reaction: { to: 'UP' } },
    };
    // The keeper's reaction to the victim's comment: the comment copied whole.
    const copied = eraseActivityContent(
      record({ entityTargetData: comment(vic), ...fields }),
      who(),
    );
    expect(copied).toEqual(record({ entityTargetData: {}, ...gone }));
    // Or only named: the annotation's comment the record is about.
    const named = eraseActivityContent(
      record({ entityData: annotation(kim), targetSubEntityId: '2', ...fields }),
      who(),
    );
    expect(named).toMatchObject(gone);
    expect(named.displayMessageTemplateData).not.toHaveProperty('commentText');
    expect(named.changes).not.toHaveProperty('commentText');
    // The keeper's comment (id 1) in the same annotation keeps its text.
    const kept = eraseActivityContent(
      record({ entityData: annotation(kim), targetSubEntityId: '1', ...fields }),
      who(),
    );
    expect(kept).toMatchObject(fields);
  });

  it('drops their comment text from an amendment, judged by the record’s history', () => {
    const logged = ActivityLogged({ ...ref, ...record({ entityTargetData: comment(vic) }) });
    const amended = ActivityAmended({
      ...ref,
      amendment: { displayMessageTemplateData: { commentText: 'secret', tone: 'warm' } },
      at: 9,
    });
    expect(aboutTheirCommentIn([amended], who())).toBe(false);
    expect(aboutTheirCommentIn([logged, amended], who())).toBe(true);
    expect(eraseFromActivityEvent(amended, who(), true)).toEqual({
      ...ref,
      amendment: { displayMessageTemplateData: { tone: 'warm' } },
      at: 9,
    });
    expect(eraseFromActivityEvent(amended, who())).toEqual(amended.data);
  });

  it('finds a user object by email alone, and drops keys naming them', () => {
    const erased = eraseActivityContent(
      record({
        displayMessageTemplateData: {
          watchers: [{ email: vic.email }, kim],
          [vic.email]: 'seen',
          vic: true,
        },
      }),
      who(),
    );
    expect(erased.displayMessageTemplateData).toEqual({ watchers: [kim] });
  });

  it('keeps others’ records untouched', () => {
    const theirs = record({
      entityTargetData: { ...comment(kim), taggedUserContacts: [], reactions: [] },
      displayMessageTemplateData: { actionUser: kim, commentText: 'plain' },
      changes: { commentText: { from: 'old', to: 'annual review, Veranda' } },
    });
    theirs.entityTargetData = {
      ...(theirs.entityTargetData as object),
      commentText: 'plain',
      commentHtml: '',
    };
    expect(eraseActivityContent(theirs, who())).toEqual(theirs);
  });

  it('learns names from every event, then rewrites logged and amended payloads', () => {
    const ids = new Identities(['vic']);
    const logged = ActivityLogged({
      ...ref,
      ...record({ actionUser: vic, displayMessageTemplate: 'Vera wrote' }),
    });
    const amended = ActivityAmended({
      ...ref,
      amendment: { displayMessageTemplate: 'by vera@example.org' },
      at: 9,
    });
    learnFromActivityEvent(logged, ids);
    expect(ids.known.sort()).toEqual(['Vera', 'vera@example.org', 'vic']);
    expect(eraseFromActivityEvent(logged, ids)).toEqual({
      ...ref,
      ...record({ actionUser: ERASED_USER, displayMessageTemplate: `${DELETED_USER} wrote` }),
    });
    expect(eraseFromActivityEvent(amended, ids)).toEqual({
      ...ref,
      amendment: { displayMessageTemplate: `by ${DELETED_USER}` },
      at: 9,
    });
    const deleted = ActivityDeleted({ ...ref, at: 10 });
    expect(eraseFromActivityEvent(deleted, ids)).toBe(deleted.data);
  });

  it('finds nothing more to change the second time', () => {
    const once = eraseActivityContent(
      record({
        actionUser: vic,
        entityData: annotation(kim),
        displayMessageTemplateData: { actionUser: vic },
      }),
      who(),
    );
    expect(eraseActivityContent(once, who())).toEqual(once);
  });
});
