/**
 * The repository documents itself: no tracked file may send a reader to a path outside it.
 * Someone who clones the repository has only what is in it, so a link or a comment that
 * cites a document next to the checkout (or on one machine) points at nothing for them.
 *
 * Checked in every file `git ls-files` lists (text files only, large fixtures skipped):
 * - no absolute path into the work tree of the machine it was written on;
 * - every relative path that climbs with `../` stays inside the repository, resolved from
 *   the directory of the file that names it (an import of a sibling folder inside a library
 *   is fine, the same text in the root README leaves the repository);
 * - every relative Markdown link of a `.md` file names a file or folder the repository has,
 *   and its `#anchor`, if any, a heading of that file (GitHub's slug of the heading);
 * - a document cited by its file name (an upper-case name ending in `.md`, or a path under
 *   `docs/`) is one the repository has.
 *
 * This file is tracked too, so its own text must pass: patterns are written so that they
 * do not match themselves.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const MAX_BYTES = 1024 * 1024;

/** Data files whose content is recorded output, not prose or code. */
const SKIPPED = [/^test\/fixtures\/.*\.(sql|json)$/, /^package-lock\.json$/];

/**
 * `../` text that is not a path relative to its file: eslint's no-restricted-imports
 * patterns are matched against import specifiers in the linted files. (Joined here, so that
 * this file does not hold the text itself.)
 */
const NOT_PATHS: Record<string, string[]> = {
  'eslint.config.mjs': [['..', '..', 'libs', '*'].join('/')],
};

interface TrackedText {
  path: string;
  text: string;
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path !== '' && !path.startsWith('node_modules/'));
}

function trackedTexts(files: string[]): TrackedText[] {
  const texts: TrackedText[] = [];
  for (const path of files) {
    if (SKIPPED.some((rule) => rule.test(path))) continue;
    const full = join(ROOT, path);
    let size: number;
    try {
      const stat = statSync(full);
      if (!stat.isFile()) continue;
      size = stat.size;
    } catch {
      continue; // Deleted in the working tree, not yet committed.
    }
    if (size > MAX_BYTES) continue;
    const text = readFileSync(full, 'utf8');
    if (text.includes('\u0000')) continue; // Binary.
    texts.push({ path, text });
  }
  return texts;
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

const insideRoot = (absolute: string): boolean => {
  const rel = relative(ROOT, absolute);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

/** Where a path written in `file` points, relative to the file's own directory. */
const resolvedFrom = (file: string, target: string): string =>
  resolve(dirname(join(ROOT, file)), target);

/** GitHub's anchors of a Markdown file's headings (outside code fences), repeats numbered. */
function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let slug = base;
    for (let n = 1; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
  }
  return slugs;
}

describe('the repository is self-contained', () => {
  const files = trackedFiles();
  const texts = trackedTexts(files);
  const tracked = new Set(files);
  const trackedDirs = new Set(
    files.flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const trackedNames = new Set(files.map((f) => basename(f)));

  it('reads the tracked files', () => {
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.map((t) => t.path)).toContain('README.md');
  });

  it('names no absolute path of a build machine', () => {
    const found: string[] = [];
    for (const { path, text } of texts) {
      for (const match of text.matchAll(/\/work\//g)) {
        found.push(`${path}:${lineOf(text, match.index)}`);
      }
    }
    expect(found).toEqual([]);
  });

  // The team's notes sit in a sibling folder of that name beside the checkout; no folder in
  // the repository is called so, so any mention of it is a reference that cannot resolve.
  it('names no sibling folder called shared', () => {
    const sibling = new RegExp(['\\.\\.', 'shared'].join('/'), 'g');
    const found: string[] = [];
    for (const { path, text } of texts) {
      for (const match of text.matchAll(sibling)) {
        found.push(`${path}:${lineOf(text, match.index)}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('climbs with ../ only to places inside the repository', () => {
    const found: string[] = [];
    for (const { path, text } of texts) {
      for (const match of text.matchAll(/(?:\.\.\/)+[^\s'"`)\]>,;]*/g)) {
        if (NOT_PATHS[path]?.includes(match[0])) continue;
        if (!insideRoot(resolvedFrom(path, match[0]))) {
          found.push(`${path}:${lineOf(text, match.index)}: ${match[0]}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('links, in Markdown, only to files and folders the repository has', () => {
    const found: string[] = [];
    for (const { path, text } of texts.filter((t) => t.path.endsWith('.md'))) {
      for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = match[1];
        if (/^([a-z][a-z0-9+.-]*:|#)/i.test(target)) continue; // A URL, mail or anchor.
        const file = decodeURIComponent(target.split('#')[0]);
        const absolute = resolvedFrom(path, file);
        const rel = relative(ROOT, absolute).split(sep).join('/');
        if (!insideRoot(absolute) || !(rel === '' || tracked.has(rel) || trackedDirs.has(rel))) {
          found.push(`${path}:${lineOf(text, match.index)}: ${target}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('links, in Markdown, only to headings the linked file has', () => {
    const found: string[] = [];
    for (const { path, text } of texts.filter((t) => t.path.endsWith('.md'))) {
      for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const [file, anchor] = match[1].split('#');
        if (anchor === undefined || /^[a-z][a-z0-9+.-]*:/i.test(file)) continue;
        const linked =
          file === '' ? path : relative(ROOT, resolvedFrom(path, file)).split(sep).join('/');
        const target = texts.find((t) => t.path === linked);
        if (!linked.endsWith('.md') || !target) continue; // Files and folders: the test above.
        if (!headingSlugs(target.text).has(decodeURIComponent(anchor))) {
          found.push(`${path}:${lineOf(text, match.index)}: ${match[1]}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('cites by name only documents the repository has', () => {
    const found: string[] = [];
    for (const { path, text } of texts) {
      for (const match of text.matchAll(/\b(?:docs\/[\w./-]+\.md|[A-Z][A-Z0-9_-]*\.md)\b/g)) {
        const name = match[0];
        const known = name.includes('/') ? tracked.has(name) : trackedNames.has(name);
        if (!known) found.push(`${path}:${lineOf(text, match.index)}: ${name}`);
      }
    }
    expect(found).toEqual([]);
  });
});
