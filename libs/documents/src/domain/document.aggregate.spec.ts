import { ItemRefused } from '@app/event-store';
import { Document } from './document.aggregate';
import { DocumentMigrated, DocumentMigratedIn } from './document.events';
import { changeRows } from '../read-models/document-changes';
import { Migration } from './migration.aggregate';

const ref = (documentId: string) => ({ apiKey: 'key', organizationId: 'org', documentId });
const fields = {
  documentName: 'Spec',
  folderId: 'f',
  accessType: 'restricted' as const,
  disabled: false,
  metadata: { owner: 'u1' },
};

function added(documentId: string): Document {
  const document = new Document(ref(documentId));
  document.add(fields, 100);
  return new Document(ref(documentId)).load(document.takePendingEvents() as never);
}

describe('Document', () => {
  it('refuses a second add, and deleting a missing document succeeds without an event', () => {
    expect(() => added('a').add(fields, 2)).toThrow(ItemRefused);
    const missing = new Document(ref('ghost'));
    expect(missing.delete(2)).toBe('Document does not exist');
    expect(missing.takePendingEvents()).toEqual([]);
  });

  it('migrates with one event on each side; the target carries everything, the source is gone', () => {
    const source = added('old');
    const target = new Document(ref('new'));
    source.migrateTo(target, 'm1', 200);
    const [moved] = source.takePendingEvents();
    const [arrived] = target.takePendingEvents();
    expect(DocumentMigrated.is(moved) && moved.data).toEqual({
      ...ref('old'),
      newDocumentId: 'new',
      migrationId: 'm1',
      at: 200,
    });
    expect(DocumentMigratedIn.is(arrived) && arrived.data).toMatchObject({
      ...fields,
      documentId: 'new',
      createdAt: 100,
    });
    expect(source.exists).toBe(false);
    expect(target.exists).toBe(true);
  });

  it('refuses a migration onto an existing document or from a missing one', () => {
    expect(() => added('old').migrateTo(added('taken'), 'm', 2)).toThrow(
      'Target document already exists',
    );
    expect(() => new Document(ref('x')).migrateTo(new Document(ref('y')), 'm', 2)).toThrow(
      'Source document does not exist',
    );
  });
});

describe('Document changes', () => {
  it('update raises only what was given: name and metadata, then access and disabled by their own events', () => {
    const document = added('a');
    document.update({ accessType: 'restricted', metadata: {} }, 3);
    expect(document.takePendingEvents()).toEqual([]);
    document.update(
      { documentName: 'New', accessType: 'public', disabled: true, metadata: { x: 1 } },
      4,
    );
    expect(document.takePendingEvents().map((e) => [e.type, e.data])).toEqual([
      [
        'documents.document-updated',
        { ...ref('a'), documentName: 'New', metadata: { x: 1 }, at: 4 },
      ],
      ['documents.document-access-changed', { ...ref('a'), accessType: 'public', at: 4 }],
      ['documents.document-disabled-state-changed', { ...ref('a'), disabled: true, at: 4 }],
    ]);
  });

  it('a move, an access type or a state the document already has raises nothing; a missing document is refused not-found', () => {
    const document = added('a');
    expect(document.moveTo('f', 2)).toBe('Moved Successfully');
    expect(document.changeAccess('restricted', 2)).toBe('Document access type updated.');
    expect(document.setDisabled(false, 2)).toBe('Document disabled state updated.');
    expect(document.takePendingEvents()).toEqual([]);
    document.moveTo(null, 3);
    expect(document.takePendingEvents().map((e) => e.data)).toEqual([
      { ...ref('a'), fromFolderId: 'f', folderId: null, at: 3 },
    ]);
    const missing = new Document(ref('ghost'));
    for (const change of [
      () => missing.update({ metadata: {} }, 2),
      () => missing.moveTo('f', 2),
      () => missing.changeAccess('public', 2),
      () => missing.setDisabled(true, 2),
    ]) {
      expect(change).toThrow(new ItemRefused('Document does not exist', 'not-found'));
    }
  });

  it('a document loaded from its stream has its changes, and a migration carries them (metadata merged)', () => {
    const written = new Document(ref('old'));
    written.add(fields, 100);
    written.update({ documentName: 'Renamed', metadata: { team: 'red' } }, 2);
    written.moveTo('g', 3);
    written.changeAccess('organizationPrivate', 4);
    written.setDisabled(true, 5);
    const source = new Document(ref('old')).load(written.takePendingEvents() as never);
    const target = new Document(ref('new'));
    source.migrateTo(target, 'm', 6);
    const [arrived] = target.takePendingEvents();
    expect(DocumentMigratedIn.is(arrived) && arrived.data).toMatchObject({
      documentName: 'Renamed',
      folderId: 'g',
      accessType: 'organizationPrivate',
      disabled: true,
      metadata: { owner: 'u1', team: 'red' },
      createdAt: 100,
    });
  });

  it('the projection gets one row per document of an append, its changes folded in order', () => {
    const document = added('a');
    document.update({ documentName: 'N', disabled: true, metadata: { x: 1 } }, 4);
    document.moveTo(null, 5);
    const events = document.takePendingEvents().map((e, i) => ({ ...e, streamVersion: 2 + i }));
    expect(changeRows(events as never)).toEqual([
      {
        api_key: 'key',
        organization_id: 'org',
        document_id: 'a',
        document_name: 'N',
        metadata: { x: 1 },
        moved: true,
        folder_id: null,
        access_type: null,
        disabled: true,
        at: 5,
        version: 4,
      },
    ]);
  });
});

describe('Migration', () => {
  it('goes pending → in_progress → completed once; repeated steps decide nothing', () => {
    const migration = new Migration('key', 'm1');
    migration.request('org', 'a', 'b', 1);
    expect(migration.status).toBe('pending');
    expect(migration.start(2)).toBe(true);
    expect(migration.start(3)).toBe(false);
    migration.complete(4);
    migration.fail('late', 5);
    expect(migration.status).toBe('completed');
    expect(migration.takePendingEvents().map((e) => e.type)).toEqual([
      'documents.migration-requested',
      'documents.migration-started',
      'documents.migration-completed',
    ]);
  });
});
