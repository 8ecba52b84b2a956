import { ItemRefused } from '@app/event-store';
import { FolderTree } from './folder-tree.aggregate';
import { FolderAdded, FolderUpdated } from './folder.events';

/** A tree loaded from the events its own adds raise (the folders' paths included). */
function given(...folders: [string, string | null][]): FolderTree {
  const built = new FolderTree('key', 'org');
  for (const [folderId, parent] of folders) built.add(folderId, folderId, parent, 1);
  return new FolderTree('key', 'org').load(built.takePendingEvents());
}

describe('FolderTree', () => {
  it('records the path from the root of an added folder', () => {
    const built = new FolderTree('key', 'org');
    built.add('a', 'A', null, 1);
    built.add('b', 'B', 'a', 1);
    const events = built.takePendingEvents();
    expect(events.map((e) => FolderAdded.is(e) && e.data.ancestors)).toEqual([[], ['a']]);
  });

  it('moves a folder and records its new path from the root', () => {
    const tree = given(['a', null], ['b', 'a'], ['x', null]);
    tree.update('b', { parentFolderId: 'x' }, 2);
    const [event] = tree.takePendingEvents();
    expect(FolderUpdated.is(event) && event.data.move).toEqual({
      parentFolderId: 'x',
      ancestors: ['x'],
    });
  });

  it('refuses a move under the folder itself or any descendant, and raises nothing', () => {
    const tree = given(['a', null], ['b', 'a'], ['c', 'b']);
    expect(() => tree.update('a', { parentFolderId: 'a' }, 2)).toThrow(ItemRefused);
    expect(() => tree.update('a', { parentFolderId: 'c' }, 2)).toThrow(
      'A folder cannot move under itself or one of its descendants',
    );
    expect(tree.takePendingEvents()).toEqual([]);
  });

  it('refuses a missing parent or folder; a rename alone raises no move', () => {
    const tree = given(['a', null]);
    expect(() => tree.update('a', { parentFolderId: 'nope' }, 2)).toThrow(
      'Parent folder does not exist',
    );
    expect(() => tree.update('nope', { folderName: 'n' }, 2)).toThrow('Folder does not exist');
    expect(() => tree.add('b', 'B', 'nope', 2)).toThrow('Parent folder does not exist');
    tree.update('a', { folderName: 'A2', parentFolderId: null }, 2);
    const [event] = tree.takePendingEvents();
    expect(FolderUpdated.is(event) && event.data).toMatchObject({
      folderName: 'A2',
      move: undefined,
    });
  });
});
