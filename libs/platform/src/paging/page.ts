/**
 * A page of a read: the success envelope (`envelopeOf`) puts `data` in `result.data` and the next
 * token beside it, under the name the operation uses (`nextPageToken` for operation 8),
 * and leaves the token out on the last page (D5.5).
 */
export class Page<T> {
  constructor(
    readonly data: T[],
    readonly nextToken?: string,
    readonly tokenField = 'nextPageToken',
    /** `result.data` in place of the items when grouped (`groupedBy`). */
    private readonly groups?: Record<string, unknown[]>,
  ) {}

  /**
   * The same page (items and token) answered as `{"<key>": [values]}` instead of a list, for
   * reads the hosted service groups (users by document, say).
   */
  groupedBy<V>(keyOf: (item: T) => string, valueOf: (item: T) => V): Page<T> {
    const groups = new Map<string, V[]>();
    for (const item of this.data) {
      const key = keyOf(item);
      const group = groups.get(key);
      if (group) group.push(valueOf(item));
      else groups.set(key, [valueOf(item)]);
    }
    // fromEntries defines own properties: a key such as `__proto__` stays a plain key.
    return new Page(this.data, this.nextToken, this.tokenField, Object.fromEntries(groups));
  }

  /** What `result.data` holds: the items, or their groups. */
  answer(): unknown {
    return this.groups ?? this.data;
  }
}

export const DEFAULT_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 1000;
