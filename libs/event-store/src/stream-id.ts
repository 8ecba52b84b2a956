/**
 * A stream id made of a type and caller-given parts: `document:<apiKey>:<org>:<doc>`. Each
 * part is URI-encoded, so a `:` inside an id can never make two different keys collide.
 */
export function streamId(type: string, ...parts: string[]): string {
  return [type, ...parts.map(encodeURIComponent)].join(':');
}
