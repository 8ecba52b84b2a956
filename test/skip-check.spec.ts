import { join } from 'node:path';
import { missingBinary } from './support/missing-binary';
// @ts-expect-error: a plain ES module jest loads as a reporter, without types
import SkipReporter from './support/skip-reporter.mjs';

/** What jest hands a reporter at the end of a run: files, and each test's name and status. */
const runOf = (file: string, tests: [string, string][]) => ({
  testResults: [
    {
      testFilePath: join(process.cwd(), file),
      testResults: tests.map(([fullName, status]) => ({ fullName, status })),
    },
  ],
});

const declaredEmbedded = {
  file: 'test/scale-out.e2e-spec.ts',
  test: 'three instances on one Postgres and one Redis takes writes on every instance, runs each job and subscriber effect once, and reads the same everywhere',
};

/** Runs `fn` with these variables set (undefined: unset), then puts them back. */
function withEnv<T>(vars: Record<string, string | undefined>, fn: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  set(vars);
  try {
    return fn();
  } finally {
    set(saved);
  }
}

/** The reporter's verdict on `run` in the embedded pass, with CI as given (its report muted). */
const verdict = (ci: string | undefined, run: ReturnType<typeof runOf>): Error | undefined =>
  withEnv({ CI: ci, DATABASE_URL: undefined, REDIS_URL: undefined }, () => {
    const reporter = new SkipReporter({ rootDir: process.cwd() });
    const write = process.stdout.write;
    process.stdout.write = () => true;
    try {
      reporter.onRunComplete(new Set(), run);
    } finally {
      process.stdout.write = write;
    }
    return reporter.getLastError();
  });

// A silent skip in CI fails the run; elsewhere it is only printed.
describe('the skip check (test/support/skip-reporter.mjs)', () => {
  it('passes a declared skip', () => {
    const run = runOf(declaredEmbedded.file, [[declaredEmbedded.test, 'pending']]);
    expect(verdict('true', run)).toBeUndefined();
  });

  it('fails on an undeclared skip under CI=true, and only prints it elsewhere', () => {
    const run = runOf('test/users.e2e-spec.ts', [['users reads them', 'pending']]);
    expect(verdict('true', run)?.message).toMatch(/1 skip problem/);
    expect(verdict(undefined, run)).toBeUndefined();
  });

  it('fails on a declared skip that ran under CI=true', () => {
    const run = runOf(declaredEmbedded.file, [[declaredEmbedded.test, 'passed']]);
    expect(verdict('true', run)?.message).toMatch(/1 skip problem/);
  });
});

describe('missingBinary', () => {
  it('skips outside CI and fails under CI=true, naming the Debian package', () => {
    const missing = () => missingBinary('redis-server is not on PATH', 'redis-server');
    expect(withEnv({ CI: undefined }, missing)).toBeUndefined();
    expect(() => withEnv({ CI: 'true' }, missing)).toThrow(
      'install the Debian package redis-server',
    );
  });
});
