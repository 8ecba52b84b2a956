/**
 * Compares an answer with the example answer the hosted service documents for the same call,
 * by shape only: every key of the example must be present in the answer with the same JSON
 * type, recursively. Values may differ and extra keys are allowed (our own fields).
 *
 * - Arrays: every element of the answer is compared with the example's first element. An
 *   example with elements needs an answer with elements (the case made the data, so an empty
 *   list would prove nothing); an empty example only needs an array.
 * - Objects the example keys by ids (`{<organizationId>: {success, id, message}}`) are written
 *   `byId(valueShape)`: the answer must be a non-empty object whose every value has that shape,
 *   whatever its keys.
 * - `null` in the example needs `null`.
 *
 * `shapeMismatches` lists every difference as `<path>: <what>`, so one failing case shows all
 * of them at once; an empty list means the answer has the documented shape.
 */

const BY_ID = Symbol('byId');

/** An object keyed by ids (any keys), each value of `value`'s shape. */
export interface ById {
  readonly [BY_ID]: unknown;
}

export const byId = (value: unknown): ById => ({ [BY_ID]: value });

const isById = (shape: unknown): shape is ById =>
  typeof shape === 'object' && shape !== null && BY_ID in shape;

export type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object' | 'undefined';

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'boolean' || type === 'number' || type === 'string' || type === 'undefined')
    return type;
  return 'object';
}

const preview = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/** Every way `actual` differs in shape from the documented example `documented`. */
export function shapeMismatches(actual: unknown, documented: unknown, path = '$'): string[] {
  if (isById(documented)) {
    if (jsonType(actual) !== 'object')
      return [`${path}: documented an object keyed by ids, got ${describe(actual)}`];
    const entries = Object.entries(actual as Record<string, unknown>);
    if (entries.length === 0) return [`${path}: documented an object keyed by ids, got {}`];
    return entries.flatMap(([key, value]) =>
      shapeMismatches(value, documented[BY_ID], `${path}[${JSON.stringify(key)}]`),
    );
  }
  const want = jsonType(documented);
  const got = jsonType(actual);
  if (want !== got) return [`${path}: documented ${want}, got ${describe(actual)}`];
  if (want === 'array') {
    const example = documented as unknown[];
    const items = actual as unknown[];
    if (example.length === 0) return [];
    if (items.length === 0) return [`${path}: documented elements, got []`];
    return items.flatMap((item, i) => shapeMismatches(item, example[0], `${path}[${i}]`));
  }
  if (want === 'object') {
    const have = actual as Record<string, unknown>;
    return Object.entries(documented as Record<string, unknown>).flatMap(([key, shape]) =>
      key in have
        ? shapeMismatches(have[key], shape, `${path}.${key}`)
        : [`${path}.${key}: missing (documented ${isById(shape) ? 'object' : jsonType(shape)})`],
    );
  }
  return [];
}

function describe(value: unknown): string {
  const type = jsonType(value);
  return type === 'null' || type === 'undefined' ? type : `${type} ${preview(value)}`;
}

/**
 * The example without the keys at `paths` (dotted, from the root: `result.nextPageToken`),
 * for a case whose contract intentionally differs there; the caller states why beside it.
 */
export function withoutKeys<T>(documented: T, ...paths: string[]): T {
  const copy = structuredCloneShape(documented) as T;
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop() as string;
    let node: unknown = copy;
    for (const key of keys) node = (inside(node) as Record<string, unknown> | undefined)?.[key];
    node = inside(node);
    if (typeof node !== 'object' || node === null || !(last in node))
      throw new Error(`withoutKeys: the example has no key at ${path}`);
    delete (node as Record<string, unknown>)[last];
  }
  return copy;
}

/** What a path goes on into: a map's value shape, an array's first element, or the node. */
const inside = (node: unknown): unknown =>
  isById(node) ? node[BY_ID] : Array.isArray(node) ? node[0] : node;

/** A deep copy that keeps `byId` markers (structuredClone drops symbol keys). */
function structuredCloneShape(shape: unknown): unknown {
  if (isById(shape)) return byId(structuredCloneShape(shape[BY_ID]));
  if (Array.isArray(shape)) return shape.map(structuredCloneShape);
  if (typeof shape === 'object' && shape !== null)
    return Object.fromEntries(
      Object.entries(shape).map(([key, value]) => [key, structuredCloneShape(value)]),
    );
  return shape;
}
