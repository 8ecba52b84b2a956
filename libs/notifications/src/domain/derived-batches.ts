import { createHash } from 'node:crypto';
import type { BatchRule, BatchScope } from './derived-rules';

/** Where an event stands in the log: the order subscribers read it in. */
export interface LogPosition {
  transactionId: string;
  position: string;
}

/** Whether `a` comes after `b` in the log. */
export function isAfter(a: LogPosition, b: LogPosition): boolean {
  const [ta, tb] = [BigInt(a.transactionId), BigInt(b.transactionId)];
  return ta !== tb ? ta > tb : BigInt(a.position) > BigInt(b.position);
}

/**
 * A batching scope's latest window (D9.8): the digest notification it fills, when it opened
 * and closes, how many changes it holds, and the newest event folded into the scope (an
 * event at or before it was handled already).
 */
export interface BatchWindow {
  batchKey: string;
  apiKey: string;
  organizationId: string;
  scope: BatchScope;
  /** Windows opened in this scope so far (this one's number). */
  seq: number;
  notificationId: string;
  windowStart: number;
  closesAt: number;
  activities: number;
  /** Closed early: it reached `maxActivities`. */
  closed: boolean;
  last: LogPosition;
}

const digest = (...parts: (string | number)[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url');

/** A scope's key: a digest of its ids, so the table names no user (D8.3). */
export const batchKeyOf = (
  apiKey: string,
  organizationId: string,
  scope: BatchScope,
  scopeId: string,
): string => digest(apiKey, organizationId, scope, scopeId);

/** The digest notification of a scope's `seq`-th window, which opened at `windowStart`. */
export const digestIdOf = (batchKey: string, seq: number, windowStart: number): string =>
  `digest_${digest(batchKey, seq, windowStart)}`;

/**
 * Whether a change at `at` joins the window: it is still open (not full, not past its
 * close) and its digest not delivered yet (`held`). Otherwise the change opens the next.
 */
export const joins = (
  window: BatchWindow | undefined,
  at: number,
  rule: BatchRule,
  held: boolean,
): window is BatchWindow =>
  window !== undefined &&
  held &&
  !window.closed &&
  at < window.closesAt &&
  window.activities < rule.maxActivities;

/** The window a change at `at` opens after `previous` (the scope's last, if any). */
export function openWindow(
  previous: BatchWindow | undefined,
  scope: { batchKey: string; apiKey: string; organizationId: string; scope: BatchScope },
  at: number,
  rule: BatchRule,
  last: LogPosition,
): BatchWindow {
  const seq = (previous?.seq ?? 0) + 1;
  return {
    ...scope,
    seq,
    notificationId: digestIdOf(scope.batchKey, seq, at),
    windowStart: at,
    closesAt: at + rule.windowMs,
    activities: 0,
    closed: false,
    last,
  };
}
