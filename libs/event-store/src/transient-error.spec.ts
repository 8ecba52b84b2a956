import { QueryFailedError } from 'typeorm';
import { isTransientError } from './transient-error';

const pgError = (code: string, message = 'pg says no') =>
  Object.assign(new Error(message), { code });

describe('isTransientError', () => {
  it('is true for a database that is away, busy or gave up', () => {
    for (const err of [
      pgError('08006', 'connection failure'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('55P03', 'could not obtain lock'),
      pgError('53300', 'too many connections'),
      pgError('40P01', 'deadlock detected'),
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new QueryFailedError('SELECT 1', [], pgError('08003')),
      new Error('batch failed', { cause: pgError('ECONNRESET') }),
    ]) {
      expect([err.message, isTransientError(err)]).toEqual([err.message, true]);
    }
  });

  it('is false for a handler that fails on the event', () => {
    for (const err of [
      pgError('23502', 'null value in column "user_id" violates not-null constraint'),
      new QueryFailedError('INSERT', [], pgError('23505', 'duplicate key')),
      pgError('57014', 'canceling statement due to statement timeout'),
      pgError('53200', 'out of memory'),
      new TypeError("Cannot read properties of undefined (reading 'userId')"),
      new Error('Malformed record: author 2 of a comment-annotation is an array'),
      'a string',
      undefined,
    ]) {
      expect(isTransientError(err)).toBe(false);
    }
  });
});
