/**
 * A page of a read: the envelope interceptor puts `data` in `result.data` and the next
 * token beside it, under the name the operation uses (`nextPageToken` for operation 8),
 * and leaves the token out on the last page (D5.5).
 */
export class Page<T> {
  constructor(
    readonly data: T[],
    readonly nextToken?: string,
    readonly tokenField = 'nextPageToken',
    private readonly groupOf?: (item: T) => [key: string, value: unknown],
  ) {}

  /**
   * The same page (items and token) answered as `{"<key>": [values]}` instead of a list, for
   * reads the hosted service groups (users by document, say).
   */
  groupedBy<V>(keyOf: (item: T) => string, valueOf: (item: T) => V): Page<T> {
    return new Page(this.data, this.nextToken, this.tokenField, (item) => [
      keyOf(item),
      valueOf(item),
    ]);
  }

  /** What `result.data` holds: the items, or their groups. */
  answer(): unknown {
    if (!this.groupOf) return this.data;
    const groups = new Map<string, unknown[]>();
    for (const item of this.data) {
      const [key, value] = this.groupOf(item);
      const group = groups.get(key);
      if (group) group.push(value);
      else groups.set(key, [value]);
    }
    // fromEntries defines own properties: a key such as `__proto__` stays a plain key.
    return Object.fromEntries(groups);
  }
}

export const DEFAULT_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 1000;
