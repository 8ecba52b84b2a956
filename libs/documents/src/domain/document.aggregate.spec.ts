import { ItemRefused } from '@app/event-store';
import { Document } from './document.aggregate';
import { DocumentMigrated, DocumentMigratedIn } from './document.events';
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
