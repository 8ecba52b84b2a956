import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { SecretBox } from '@app/platform';

/** Marks a payload compressed before it was sealed; older rows hold the sealed JSON alone. */
const DEFLATED = 'deflate:';
/**
 * Fast and close to the best ratio on JSON (a 15 KB thread becomes about 1 KB). An 8 KB window
 * and a small hash table are as good as the defaults on payloads whose repeats are a comment
 * apart, and cheaper to set up for every payload; inflating takes any window.
 */
const DEFLATE = { level: 3, windowBits: 13, memLevel: 6 };

/**
 * How a delivery's payload is kept: its JSON compressed (a thread's payload repeats its
 * comments' shape, so it shrinks tenfold, and the row stays small enough for Postgres to
 * keep it inline) and sealed under SERVICE_ENCRYPTION_KEY.
 */
export function sealPayload(box: SecretBox, json: string): string {
  return DEFLATED + box.sealBytes(deflateRawSync(json, DEFLATE));
}

/** The JSON of a stored payload, compressed or as older versions sealed it. */
export function openPayload(box: SecretBox, stored: string): string {
  return stored.startsWith(DEFLATED)
    ? inflateRawSync(box.openBytes(stored.slice(DEFLATED.length))).toString('utf8')
    : box.open(stored);
}
