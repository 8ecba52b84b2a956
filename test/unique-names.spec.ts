/**
 * No two exported declarations of the libraries, examples and apps share a name, so a name
 * says which thing it is (`OrganizationDeletionStatus`, `UserDeletionStatus`, not two
 * `DeletionStatus`) and an import or a search finds the one meant.
 *
 * Counted: `export class|function|const|let|interface|type|enum` and `export { local as Name }`
 * of a declaration of the same file. Not counted: re-exports (`export { X } from './x'`, the
 * libraries' `index.ts`, `import { X } …; export { X }`), which pass on a declaration counted
 * where it is made, and test files. Nothing is allowed twice.
 */
import { exportedDeclarations, sourceFiles } from './support/source-declarations';

describe('exported names', () => {
  it('are unique across libs, examples and apps', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const where = new Map<string, string[]>();
    for (const file of files) {
      for (const name of exportedDeclarations(file.ast)) {
        where.set(name, [...(where.get(name) ?? []), file.path]);
      }
    }
    const shared = [...where]
      .filter(([, paths]) => paths.length > 1)
      .map(([name, paths]) => `${name}: ${paths.join(', ')}`);
    expect(shared).toEqual([]);
  });
});
