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
  ) {}
}

export const DEFAULT_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 1000;
