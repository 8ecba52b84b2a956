import { createScratchDatabase, dropScratchDatabase } from '@app/platform';

/**
 * The tag of this run in its scratch databases' names, from TEST_DATABASE_TAG (lower-case
 * letters and digits), or '' when unset. CI tags each run, so that it can drop every database
 * the run made, a crashed run's included, and no other run's.
 */
export function testRunTag(): string {
  const tag = process.env.TEST_DATABASE_TAG ?? '';
  if (!/^[a-z0-9]*$/.test(tag)) {
    throw new Error(`TEST_DATABASE_TAG must be lower-case letters and digits, not ${tag}`);
  }
  return tag;
}

/** `t`, or `t_<tag>` in a tagged run. */
const prefix = () => (testRunTag() ? `t_${testRunTag()}` : 't');

/**
 * A database of its own on the server in DATABASE_URL, for one test app: test files run
 * apart from each other, and creating one takes about 0.2 s. Empty, or a copy of `template`.
 * Named `t_<pid>_<random>` (`t_<tag>_<pid>_<random>` with TEST_DATABASE_TAG).
 */
export const createTestDatabase = (baseUrl: string, template?: string): Promise<string> =>
  createScratchDatabase(baseUrl, prefix(), template);

/** Drops a database `createTestDatabase` made (never any other). */
export const dropTestDatabase = (databaseUrl: string): Promise<void> =>
  dropScratchDatabase(databaseUrl, prefix());
