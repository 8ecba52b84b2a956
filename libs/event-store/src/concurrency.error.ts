/** Another writer changed a stream since it was read; the command may be retried. */
export class ConcurrencyError extends Error {
  constructor(readonly streamIds: string[]) {
    super(`Concurrent modification of ${streamIds.join(', ')}`);
    this.name = 'ConcurrencyError';
  }
}
