/**
 * Malformed variants of a valid request body, found by walking it. A variant is the raw JSON
 * text of the whole body `{"data": ...}`: some values cannot be written as a JS object and
 * then stringified (a `__proto__` key, a value nested 2,000 levels), so they are spliced into
 * the text in place of a unique placeholder.
 */

/** What the server must do with a variant. */
export type Expectation =
  /** A value of the wrong shape in a typed field: 4xx INVALID_ARGUMENT, never stored. */
  | 'invalid'
  /** Refused or treated as absent/stripped (null, unknown keys): anything below 500. */
  | 'lenient';

export interface Variant {
  /** `documents[].documentId: number`: the field (array items as `[]`) and what was done. */
  name: string;
  body: string;
  expect: Expectation;
}

/** How one route's body is to be fuzzed (paths name array items as `[]`). */
export interface FuzzShape {
  /** Free-form objects (`IsObject` only): their contents are not walked. */
  opaque?: readonly string[];
  /** Fields whose every value is legitimately accepted or refused by the domain (CRDT `data`). */
  lenient?: readonly string[];
  /** Items whose unknown keys are kept as metadata (D6.1): no unknown-key variants there. */
  keepsExtra?: readonly string[];
}

export const HUGE_STRING_LENGTH = 200 * 1024;
export const DEEP_LEVELS = 2000;
export const HUGE_ARRAY_LENGTH = 10_000;
/** JSON.stringify writes a lone surrogate as the escape `\ud83d`, as raw JSON text. */
export const LONE_SURROGATE = 'x\ud83dy';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Segment = string | number;

const isObject = (v: unknown): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const deepArray = () => '['.repeat(DEEP_LEVELS) + ']'.repeat(DEEP_LEVELS);
const deepObject = () => '{"a":'.repeat(DEEP_LEVELS) + '1' + '}'.repeat(DEEP_LEVELS);

/** The path as the shape lists name it: `documents[].documentId`. */
function shapePath(path: Segment[]): string {
  return path
    .map((s, i) => (typeof s === 'number' ? '[]' : i === 0 ? s : `.${s}`))
    .join('')
    .replace(/^\./, '');
}

function withValue(root: Json, path: Segment[], value: Json): Json {
  const copy = structuredClone(root);
  let at = copy as { [key: string]: Json } | Json[];
  for (const segment of path.slice(0, -1)) at = (at as never)[segment];
  (at as never as Record<Segment, Json>)[path[path.length - 1]] = value;
  return copy;
}

const PLACEHOLDER = '\u0001raw\u0001';

/** The body text with the value at `path` (under data) replaced by raw JSON text. */
function rawAt(data: Json, path: Segment[], raw: string): string {
  const text = JSON.stringify({ data: withValue(data, path, PLACEHOLDER) });
  return text.replace(JSON.stringify(PLACEHOLDER), () => raw);
}

/** The body text with a raw key added to the object at `path` (under data). */
function rawKeyAt(data: Json, path: Segment[], key: string, value: string): string {
  const target = path.reduce<Json>((at, s) => (at as never)[s], data) as { [k: string]: Json };
  const copy: { [k: string]: Json } = { ...target, [PLACEHOLDER]: null };
  const placed = path.length === 0 ? copy : withValue(data, path, copy);
  const text = JSON.stringify({ data: placed });
  return text.replace(
    `${JSON.stringify(PLACEHOLDER)}:null`,
    () => `${JSON.stringify(key)}:${value}`,
  );
}

const body = (data: Json, path: Segment[], value: Json) =>
  JSON.stringify({ data: withValue(data, path, value) });

/** Every malformed variant of `data`, a valid body's `data` object. */
export function variantsOf(data: Record<string, unknown>, shape: FuzzShape = {}): Variant[] {
  const out: Variant[] = [];
  const root = data as Json;
  const listed = (list: readonly string[] | undefined, path: string) =>
    (list ?? []).some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[]`));

  function add(path: Segment[], what: string, text: string, expect: Expectation) {
    const name = shapePath(path) || '(data)';
    const forced = listed(shape.lenient, name) ? 'lenient' : expect;
    out.push({ name: `${name}: ${what}`, body: text, expect: forced });
  }

  /** Keys the whitelist must strip, or the JSON parser refuse; never an error above 499. */
  function extraKeys(path: Segment[]) {
    if (listed(shape.keepsExtra, shapePath(path))) {
      add(path, '__proto__ key', rawKeyAt(root, path, '__proto__', '{"polluted":true}'), 'lenient');
      return;
    }
    add(path, 'unknown key', rawKeyAt(root, path, 'zzUnknownField', '"x"'), 'lenient');
    add(path, '__proto__ key', rawKeyAt(root, path, '__proto__', '{"polluted":true}'), 'lenient');
    add(
      path,
      'constructor key',
      rawKeyAt(root, path, 'constructor', '{"prototype":{"polluted":true}}'),
      'lenient',
    );
  }

  function walk(value: Json, path: Segment[]) {
    const name = shapePath(path);
    const opaque = listed(shape.opaque, name) && path.length > 0;
    const isRoot = path.length === 0;
    if (!isRoot) add(path, 'null', body(root, path, null), 'lenient');
    if (typeof value === 'string') {
      add(path, 'number', body(root, path, 1), 'invalid');
      add(path, 'boolean', body(root, path, true), 'invalid');
      add(path, 'object', body(root, path, { value }), 'invalid');
      add(path, 'array', body(root, path, [value]), 'invalid');
      add(
        path,
        `${HUGE_STRING_LENGTH / 1024} KB string`,
        body(root, path, 'x'.repeat(HUGE_STRING_LENGTH)),
        'invalid',
      );
      add(path, 'lone surrogate', body(root, path, LONE_SURROGATE), 'invalid');
      add(path, `nested ${DEEP_LEVELS} levels`, rawAt(root, path, deepArray()), 'invalid');
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      add(path, 'string', body(root, path, String(value)), 'invalid');
      add(
        path,
        typeof value === 'number' ? 'boolean' : 'number',
        body(root, path, typeof value === 'number' ? true : 1),
        'invalid',
      );
      add(path, 'object', body(root, path, { value }), 'invalid');
      add(path, 'array', body(root, path, [value]), 'invalid');
      add(path, `nested ${DEEP_LEVELS} levels`, rawAt(root, path, deepArray()), 'invalid');
    } else if (Array.isArray(value)) {
      add(path, 'object for array', body(root, path, { ...value }), 'invalid');
      add(path, 'string for array', body(root, path, 'x'), 'invalid');
      add(path, 'number for array', body(root, path, 1), 'invalid');
      add(
        path,
        `${HUGE_ARRAY_LENGTH} items`,
        body(root, path, Array(HUGE_ARRAY_LENGTH).fill(value[0] ?? 'x')),
        opaque ? 'lenient' : 'invalid',
      );
      add(
        path,
        `nested ${DEEP_LEVELS} levels`,
        rawAt(root, path, deepArray()),
        opaque ? 'lenient' : 'invalid',
      );
      if (!opaque && value.length > 0) walk(value[0], [...path, 0]);
    } else if (isObject(value)) {
      if (!isRoot) {
        add(path, 'array for object', body(root, path, [value]), 'invalid');
        add(path, 'empty array for object', body(root, path, []), 'invalid');
        add(path, 'string for object', body(root, path, 'x'), 'invalid');
        add(path, 'number for object', body(root, path, 1), 'invalid');
        add(path, 'boolean for object', body(root, path, true), 'invalid');
        add(
          path,
          `nested ${DEEP_LEVELS} levels`,
          rawAt(root, path, deepObject()),
          opaque ? 'lenient' : 'invalid',
        );
      }
      if (opaque) return;
      extraKeys(path);
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    }
  }

  walk(root, []);
  return out;
}
