import { createHash } from 'node:crypto';

/** The status an annotation without one reads as: open, as the hosted answers show it. */
export const DEFAULT_STATUS = {
  id: 'OPEN',
  name: 'Open',
  color: '#625DF5',
  lightColor: '#E7E8FA',
  type: 'default',
};

/** JSON with object keys sorted at every level: equal locations give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The hosted `locationId`, a number naming a location: the first 52 bits of the SHA-256 of
 * the location's canonical JSON, so the same location always gives the same safe integer.
 */
export const locationNumberOf = (location: object): number =>
  parseInt(createHash('sha256').update(canonicalJson(location)).digest('hex').slice(0, 13), 16);

/**
 * An annotation as `/v2/commentannotations/get` answers it: the stored record with the hosted
 * defaults of what it lacks (filled here, never stored), its number in its document when it
 * has one (annotations stored before numbering have none) and its location's number.
 */
export function annotationView(
  record: Record<string, unknown>,
  annotationNumber: number | null | undefined,
): Record<string, unknown> {
  const { location, comments } = record as { location?: object; comments?: object[] };
  return {
    type: 'comment',
    status: DEFAULT_STATUS,
    ...record,
    ...(annotationNumber != null && { annotationNumber }),
    ...(location && { locationId: locationNumberOf(location) }),
    ...(comments && {
      comments: comments.map((c) => ({ type: 'text', to: [], attachments: [], ...c })),
    }),
  };
}
