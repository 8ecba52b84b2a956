/**
 * Every event type says which library it belongs to and what happened, one way everywhere:
 * `<library>.<noun>-<past participle>` (`documents.document-added`,
 * `collaboration.comment-added`), lower-case words joined by hyphens. The library is the
 * folder the definition is in (`libs/<library>/src`); an example module prefixes its
 * folder's name with `example-` (`examples/tasks` → `example-tasks.task-created`), so an
 * example never takes a name a library may want. Types stored under older names are read
 * through upcasters (`registerUpcaster` with a `newType`), which this test does not see.
 */
import { definedEventTypes, sourceFiles, type SourceFile } from './support/source-declarations';

const WORDS = '[a-z]+(-[a-z]+)*';

/** The prefix a file's events must carry. */
const prefixOf = (file: SourceFile) =>
  file.parent === 'examples' ? `example-${file.owner}` : file.owner;

describe('event types', () => {
  const defined = sourceFiles().flatMap((file) =>
    definedEventTypes(file.ast).map((type) => ({ type, file })),
  );

  it('are found', () => {
    expect(defined.length).toBeGreaterThan(50);
  });

  it('are <library>.<noun>-<past participle>, the library being where they are defined', () => {
    const wrong = defined
      .filter(({ type, file }) => !new RegExp(`^${prefixOf(file)}\\.${WORDS}$`).test(type))
      .map(({ type, file }) => `${type} (${file.path}: expected ${prefixOf(file)}.<noun>-<verb>)`);
    expect(wrong).toEqual([]);
  });

  it('are defined once', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { type, file } of defined) {
      const first = seen.get(type);
      if (first) twice.push(`${type}: ${first}, ${file.path}`);
      else seen.set(type, file.path);
    }
    expect(twice).toEqual([]);
  });
});
