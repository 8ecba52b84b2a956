// A jest reporter (jest.config.mjs `reporters`): at the end of a run it lists every skipped test
// by file and full name, and compares them with the skips test/expected-skips.json declares for
// this pass: `embedded` (no DATABASE_URL, no REDIS_URL) or `postgres` (both set).
//
// Under CI=true the run fails (jest exits non-zero) when
// - a test skipped that the pass does not declare (a missing service or binary, an `.only`,
//   a `.skip` left behind), or
// - a declared skip of a file that ran did not skip (it ran, or no longer exists by that name):
//   the list must say what really happens, or it hides the next undeclared skip.
// Elsewhere it only prints what it found. It stays out of runs filtered by test name (`-t`),
// where every other test counts as skipped.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SKIPPED = new Set(['pending', 'skipped', 'todo', 'disabled']);

const key = (file, test) => `${file}\0${test}`;

export default class SkipReporter {
  constructor(globalConfig, options = {}) {
    this.globalConfig = globalConfig;
    this.listFile = join(globalConfig.rootDir, options.list ?? 'test/expected-skips.json');
    this.error = undefined;
  }

  onRunComplete(_contexts, results) {
    const out = [];
    const say = (line = '') => out.push(line);
    try {
      this.check(results, say);
    } catch (err) {
      say(`skip check: ${err.message}`);
      if (process.env.CI === 'true') this.error = err;
    }
    process.stdout.write(`\n${out.join('\n')}\n`);
  }

  check(results, say) {
    if (this.globalConfig.testNamePattern) {
      say('skip check: off (a run filtered by test name skips every other test)');
      return;
    }
    const ci = process.env.CI === 'true';
    const database = !!process.env.DATABASE_URL;
    const redis = !!process.env.REDIS_URL;
    const pass = !database && !redis ? 'embedded' : database && redis ? 'postgres' : undefined;
    const declared = pass ? this.declared(pass) : [];
    const declaredBy = new Map(declared.map((d) => [key(d.file, d.test), d]));

    const skipped = [];
    const ran = new Set();
    const filesRun = new Set();
    for (const file of results.testResults) {
      if (file.testExecError) continue; // failed to load: jest reports it already
      const path = relative(this.globalConfig.rootDir, file.testFilePath);
      filesRun.add(path);
      for (const test of file.testResults) {
        if (SKIPPED.has(test.status)) skipped.push({ file: path, test: test.fullName });
        else ran.add(key(path, test.fullName));
      }
    }

    const undeclared = skipped.filter((s) => !declaredBy.has(key(s.file, s.test)));
    const skippedKeys = new Set(skipped.map((s) => key(s.file, s.test)));
    const notSkipped = declared.filter(
      (d) => filesRun.has(d.file) && !skippedKeys.has(key(d.file, d.test)),
    );
    // A declared file that no longer exists would never be checked above: a dead entry.
    const gone = declared.filter((d) => !existsSync(join(this.globalConfig.rootDir, d.file)));

    const passName =
      pass ??
      `none (DATABASE_URL ${database ? 'set' : 'unset'}, REDIS_URL ${redis ? 'set' : 'unset'})`;
    say(`skip check: ${skipped.length} skipped in the ${passName} pass`);
    for (const s of skipped) {
      const d = declaredBy.get(key(s.file, s.test));
      say(`  ${d ? 'declared  ' : 'UNDECLARED'} ${s.file} › ${s.test}`);
      if (d) say(`             (${d.reason})`);
    }
    const problems = [
      ...(pass
        ? []
        : skipped.length
          ? ['no pass of test/expected-skips.json matches this environment']
          : []),
      ...undeclared.map((s) => `skipped, not declared for this pass: ${s.file} › ${s.test}`),
      ...gone.map((d) => `declared for this pass, but there is no such file: ${d.file}`),
      ...notSkipped.map(
        (d) =>
          `declared for this pass, but ${ran.has(key(d.file, d.test)) ? 'it ran' : 'no test has this name'}: ${d.file} › ${d.test}`,
      ),
    ];
    for (const p of problems) say(`skip check: ${p}`);
    if (problems.length === 0) return;
    const summary = `${problems.length} skip problem(s) (see above; the list: ${relative(this.globalConfig.rootDir, this.listFile)})`;
    if (ci) {
      say(`skip check: FAILED under CI=true: ${summary}`);
      this.error = new Error(summary);
    } else {
      say(`skip check: ${summary}; not failing the run (CI is not true)`);
    }
  }

  declared(pass) {
    const list = JSON.parse(readFileSync(this.listFile, 'utf8'));
    const entries = list[pass];
    if (!Array.isArray(entries)) throw new Error(`${this.listFile} has no "${pass}" list`);
    for (const e of entries) {
      if (typeof e.file !== 'string' || typeof e.test !== 'string' || !e.reason) {
        throw new Error(
          `${this.listFile}: an entry without file, test and reason: ${JSON.stringify(e)}`,
        );
      }
    }
    return entries;
  }

  getLastError() {
    return this.error;
  }
}
