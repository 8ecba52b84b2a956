import { QueryFailedError } from 'typeorm';
import { isConnectionFailure } from './connection-failure';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isConnectionFailure', () => {
  it.each([
    withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
    withCode('ECONNRESET'),
    withCode('ETIMEDOUT'),
    withCode('EPIPE'),
    withCode('08006', 'connection failure'),
    withCode('08001'),
    withCode('57P01', 'terminating connection due to administrator command'),
    withCode('57P02'),
    withCode('57P03', 'the database system is starting up'),
    withCode('53300', 'sorry, too many clients already'),
    new Error('Connection terminated unexpectedly'),
    new Error('Connection terminated'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Client has encountered a connection error and is not queryable'),
  ])('recognises %s', (error) => {
    expect(isConnectionFailure(error)).toBe(true);
  });

  it('looks inside TypeORM wrapping, causes and AggregateErrors', () => {
    const driverError = withCode('57P01', 'terminating connection');
    expect(isConnectionFailure(new QueryFailedError('SELECT 1', [], driverError))).toBe(true);
    const wrapped = new Error('outer', {
      cause: new Error('middle', { cause: withCode('EPIPE') }),
    });
    expect(isConnectionFailure(wrapped)).toBe(true);
    const both = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]);
    expect(isConnectionFailure(both)).toBe(true);
  });

  it('leaves query errors and anything else alone', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation "nope" does not exist'),
      withCode('40001', 'could not serialize access'),
      new QueryFailedError('SELECT', [], withCode('22P02', 'invalid input syntax')),
      new Error('Internal'),
      'Connection terminated',
      undefined,
      null,
    ]) {
      expect(isConnectionFailure(error)).toBe(false);
    }
  });

  it('stops on a cause that points back at itself', () => {
    const looped: Error & { cause?: unknown } = new Error('loop');
    looped.cause = looped;
    expect(isConnectionFailure(looped)).toBe(false);
  });
});
