import type { Server } from 'node:http';
import request from 'supertest';

/** One answer that broke a rule; all are collected and reported together. */
export interface Failure {
  route: string;
  variant: string;
  status: number;
  problem: string;
  body: string;
}

export interface Answer {
  status: number;
  text: string;
  body: unknown;
}

/** POSTs raw JSON text (so `__proto__` keys and 2,000-level nesting reach the server as written). */
export async function postRaw(
  server: Server,
  path: string,
  text: string,
  headers: Record<string, string>,
): Promise<Answer> {
  const res = await request(server)
    .post(path)
    .set(headers)
    .set('Content-Type', 'application/json')
    .send(text);
  return { status: res.status, text: res.text, body: res.body };
}

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function inPool<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const kindOf = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : isObject(v) ? 'an object' : `a ${typeof v}`;

/** What is wrong with an answer's envelope: `{result: {status}}` or `{error: {status, message}}`. */
export function envelopeProblem(answer: Answer): string | undefined {
  const body = answer.body;
  if (!isObject(body)) return 'body is not a JSON object';
  const ok = answer.status < 400;
  const inner = ok ? body.result : body.error;
  // Operation 16 answers the spec's own envelope (`{status, message, data}`) with HTTP 202.
  const envelope = answer.status === 202 && inner === undefined ? body : inner;
  if (!isObject(envelope)) return `no ${ok ? 'result' : 'error'} object`;
  // Operation 5 answers `{result: {success, text | error}}` (spec 5.4, 5.5).
  if (ok && typeof envelope.success === 'boolean') return undefined;
  if (typeof envelope.status !== 'string')
    return `${ok ? 'result' : 'error'}.status is not a string`;
  if (!ok && typeof envelope.message !== 'string') return 'error.message is not a string';
  return undefined;
}

/** The error status string of a failure envelope, if any. */
export function errorStatus(answer: Answer): string | undefined {
  const body = answer.body;
  return isObject(body) && isObject(body.error) ? String(body.error.status) : undefined;
}

export const short = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

export function failure(route: string, variant: string, answer: Answer, problem: string): Failure {
  return { route, variant, status: answer.status, problem, body: short(answer.text) };
}

/** One line per failure, grouped by route, for the test's message. */
export function report(failures: Failure[]): string {
  return failures
    .map((f) => `${f.route} | ${f.variant} | ${f.status} | ${f.problem} | ${f.body}`)
    .join('\n');
}

const VOLATILE = new Set(['lastUpdated', 'lastUpdate', 'updatedAt', 'lastSeen', 'at']);

/** A read's data without the times a repeated no-op write may move. */
export function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !VOLATILE.has(key))
      .map(([key, v]) => [key, stable(v)]),
  );
}

/** Keys whose values are objects (people, places, free-form objects) wherever they are stored. */
const OBJECT_KEYS = new Set([
  'from',
  'user',
  'assignedTo',
  'contact',
  'location',
  'status',
  'priority',
  'context',
]);
/** Keys whose values are lists of objects. */
const OBJECT_LIST_KEYS = new Set([
  'comments',
  'taggedUserContacts',
  'taggedUsers',
  'reactions',
  'users',
  'attachments',
]);
/** Keys whose values are text (ids, names, comment text). */
const TEXT_KEYS = new Set([
  'userId',
  'annotationId',
  'reactionId',
  'recordingId',
  'editorId',
  'name',
  'email',
  'commentText',
  'commentHtml',
  'text',
  'html',
  'icon',
  'organizationName',
  'documentName',
  'folderName',
  'locationName',
  'displayName',
  'recordingType',
  'targetElementId',
]);

/**
 * Signs of a malformed value in one event's data: an array or a scalar where a person,
 * location or free-form object belongs, a non-string (null included) where text belongs,
 * a replacement character left by a lone surrogate. Free-form objects are not looked into.
 */
export function malformedIn(data: unknown, path = 'data', collab = false): string[] {
  const found: string[] = [];
  if (typeof data === 'string') {
    if (data.includes('\ufffd')) found.push(`${path}: U+FFFD (a mangled lone surrogate?)`);
    return found;
  }
  if (Array.isArray(data)) {
    data.forEach((item, i) => found.push(...malformedIn(item, `${path}[${i}]`, collab)));
    return found;
  }
  if (!isObject(data)) return found;
  for (const [key, value] of Object.entries(data)) {
    const at = `${path}.${key}`;
    // An annotation's proposed change (hosted `suggestion` object) is free-form, its
    // `status` a word (pending, accepted, rejected).
    if (key === 'suggestion' && isObject(value)) continue;
    // An agent finding's `suggestion` (`agent.reason.suggestion`) is text.
    if (key === 'suggestion' && typeof value === 'string' && path.endsWith('.reason')) {
      found.push(...malformedIn(value, at, collab));
      continue;
    }
    // A suggestion's `status` is the server's word (`pending`); its old and new values are
    // any JSON the caller gave.
    if (key === 'suggestion' && isObject(value)) {
      const { status: _status, oldValue: _old, newValue: _new, ...rest } = value;
      found.push(...malformedIn(rest, at, collab));
      continue;
    }
    if (OBJECT_KEYS.has(key) && value !== undefined) {
      // `status` of process managers (migrations, deletions) is a word, not an object.
      if (key === 'status' && typeof value === 'string' && path !== 'data.record' && !collab)
        continue;
      if (!isObject(value)) {
        found.push(`${at} is ${kindOf(value)}, not an object`);
        continue;
      }
      if (key === 'status' || key === 'priority' || key === 'context') continue;
    }
    if (OBJECT_LIST_KEYS.has(key) && value !== undefined) {
      if (!Array.isArray(value)) {
        // `users` of a deletion job is a list of ids; anything else must be a list.
        found.push(`${at} is ${kindOf(value)}, not a list`);
        continue;
      }
      value.forEach((item, i) => {
        if (key === 'users' && typeof item === 'string') return;
        if (!isObject(item)) found.push(`${at}[${i}] is ${kindOf(item)}, not an object`);
      });
      if (key === 'attachments') continue;
    }
    if (TEXT_KEYS.has(key) && value !== undefined && typeof value !== 'string') {
      found.push(`${at} is ${kindOf(value)}, not text`);
      continue;
    }
    found.push(...malformedIn(value, at, collab));
  }
  return found;
}

/** Collaboration events whose `from` and `to` are free-form objects (old and new value). */
const FREE_FORM_CHANGES = new Set([
  'collaboration.annotation-status-changed',
  'collaboration.annotation-priority-changed',
  'collaboration.annotation-context-changed',
]);
/**
 * Event types whose `status` is an annotation's (an object), never a process's word: the
 * collaboration library's, except the other kinds' own (a presence's status is a word).
 */
const COLLABORATION_TYPE = /^collaboration\.(?!(reaction|recording|crdt|presence)-)/;

/**
 * Free-form parts of an activity record (and of its amendment, or erased content): `changes`
 * is field → `{from, to}` of any values (a text, null for "none"), the template data any
 * values the template names. The rest (actor, annotation, comment copies) is walked.
 */
const ACTIVITY_FREE_FORM = new Set(['changes', 'displayMessageTemplateData']);
const withoutFreeForm = (value: unknown): unknown =>
  isObject(value)
    ? Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !ACTIVITY_FREE_FORM.has(key))
          .map(([key, inner]) => [
            key,
            key === 'content' || key === 'amendment' ? withoutFreeForm(inner) : inner,
          ]),
      )
    : value;

/** An activity's `changes` entries that are not `{from, to}` objects, wherever it is held. */
function changesNotObjects(value: unknown, path: string): string[] {
  if (!isObject(value)) return [];
  const own = isObject(value.changes)
    ? Object.entries(value.changes)
        .filter(([, change]) => !isObject(change))
        .map(([field, change]) => `${path}.changes.${field} is ${kindOf(change)}, not an object`)
    : [];
  const inner = (['content', 'amendment'] as const).flatMap((key) =>
    changesNotObjects(value[key], `${path}.${key}`),
  );
  return [...own, ...inner];
}

/** Signs of a malformed value in one stored event (see `malformedIn`), by its type. */
export function malformedInEvent(type: string, data: unknown): string[] {
  if (type.startsWith('activities.')) {
    return [...changesNotObjects(data, 'data'), ...malformedIn(withoutFreeForm(data), 'data')];
  }
  if (FREE_FORM_CHANGES.has(type) && isObject(data)) {
    return (['from', 'to'] as const)
      .filter((key) => data[key] !== undefined && !isObject(data[key]))
      .map((key) => `data.${key} is ${kindOf(data[key])}, not an object`);
  }
  return malformedIn(data, 'data', COLLABORATION_TYPE.test(type));
}
