import { COLLABORATION_EVENTS } from '@app/collaboration';
import { ACTIVITY_COMMENT_TRIGGERS } from '@app/workspaces';
import { DERIVED_TEMPLATES } from './derived-templates';
import {
  DERIVED_ACTION,
  DERIVED_ACTION_TYPES,
  derivedActionOf,
  DERIVING_EVENT_TYPES,
} from './derived-vocabulary';

describe('derived activity vocabulary (D7.6)', () => {
  it('places every collaboration event type', () => {
    const types = Object.values(COLLABORATION_EVENTS).map((e) => e.type);
    expect(Object.keys(DERIVED_ACTION).sort()).toEqual([...types].sort());
  });

  it('uses every action type, each with a default template', () => {
    const used = new Set(DERIVING_EVENT_TYPES.map((type) => derivedActionOf(type)!.actionType));
    expect([...used].sort()).toEqual([...DERIVED_ACTION_TYPES].sort());
    for (const action of DERIVED_ACTION_TYPES) expect(DERIVED_TEMPLATES[action]).toMatch(/\S/);
  });

  it('logs comment actions the key config can switch off, under featureType comment', () => {
    const comment = DERIVING_EVENT_TYPES.map((type) => derivedActionOf(type)!).filter(
      (a) => a.featureType === 'comment',
    );
    const triggers: readonly string[] = ACTIVITY_COMMENT_TRIGGERS;
    for (const a of comment) expect(triggers).toContain(a.actionType);
  });

  it('makes none for context changes, presence, lifecycle events and unknown types', () => {
    for (const type of [
      'collaboration.annotation-context-changed',
      'collaboration.presence-joined',
      'collaboration.presence-left',
      'collaboration.record-moved',
      'collaboration.record-removed',
      'collaboration.record-erased',
      'collaboration.legacy-snapshot',
      'toString',
      'comment.unknown',
    ]) {
      expect(derivedActionOf(type)).toBeNull();
    }
  });

  it('logs CRDT creation and update as one action', () => {
    expect(derivedActionOf('collaboration.crdt-created')).toEqual(
      derivedActionOf('collaboration.crdt-updated'),
    );
    expect(derivedActionOf('collaboration.crdt-created')).toEqual({
      featureType: 'crdt',
      actionType: 'crdt.editor_edit',
    });
  });
});
