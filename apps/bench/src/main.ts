import { startBenchServer } from './bench-server';
import { addDocuments, type Timings } from './scenarios/documents';
import { readOrganizations } from './scenarios/organizations';
import { eraseBesideOtherTenants } from './scenarios/erasure-beside-other-tenants';
import { deleteUserData } from './scenarios/user-data-deletion';
import { median } from './stats';

/**
 * `npm run bench`: the server on real Postgres when DATABASE_URL is set (else embedded), over
 * HTTP on a local port; medians of BENCH_RUNS runs (default 25, at least 20), each figure
 * with its ratio to the floor (a plain multi-row INSERT of the same rows). Then operation 16
 * with BENCH_GDPR_RECORDS (default 100,000; 0 skips) records of one user: one run, as the
 * job deletes what it measures. Then `erasure`: one user's deletion (BENCH_ERASURE_RECORDS,
 * default 300) with no other tenant's events in the log and beside BENCH_OTHER_EVENTS (default
 * 1,000,000), medians of BENCH_ERASURE_RUNS (default 5).
 *
 * Arguments pick scenarios (`npm run bench -- erasure`): documents, organizations,
 * user-data-deletion, erasure; none runs them all.
 */
async function main(picked: string[]): Promise<void> {
  const runs = Math.max(20, Number(process.env.BENCH_RUNS ?? 25));
  const wanted = (name: string) => picked.length === 0 || picked.includes(name);
  const server = await startBenchServer();
  try {
    const database = server.config.databaseUrl
      ? 'Postgres (DATABASE_URL)'
      : 'embedded PGlite (in memory)';
    const queue = server.config.redisUrl ? 'Bull on Redis' : 'in-process';
    console.log(
      `database: ${database}; queue: ${queue}; node ${process.version}; ${runs} runs each\n`,
    );
    if (wanted('documents') || wanted('organizations')) {
      // The floor is the documents scenario's first figure: both print against it.
      const figures: Timings[] = [
        ...(await addDocuments(server, runs)),
        ...(wanted('organizations') ? await readOrganizations(server, runs) : []),
      ];
      const floor = median(figures[0].times);
      const width = Math.max(...figures.map((f) => f.name.length));
      console.log(`${'figure'.padEnd(width)}  median ms  × floor`);
      for (const { name, times } of figures) {
        const m = median(times);
        console.log(
          `${name.padEnd(width)}  ${m.toFixed(1).padStart(9)}  ${(m / floor).toFixed(2).padStart(7)}`,
        );
      }
    }
    const records = Number(process.env.BENCH_GDPR_RECORDS ?? 100_000);
    if (records > 0 && wanted('user-data-deletion')) {
      const d = await deleteUserData(server, records);
      console.log(
        `\nop 16 with ${d.records} records of the user (seeded in ${(d.seedMs / 1000).toFixed(1)} s): ` +
          `202 answered in ${d.answerMs.toFixed(1)} ms; ` +
          `the job (${d.tasksCount} tasks) completed in ${(d.jobMs / 1000).toFixed(1)} s`,
      );
    }
    if (wanted('erasure')) {
      const e = await eraseBesideOtherTenants(server, {
        records: Number(process.env.BENCH_ERASURE_RECORDS ?? 300),
        otherEvents: Number(process.env.BENCH_OTHER_EVENTS ?? 1_000_000),
        runs: Number(process.env.BENCH_ERASURE_RUNS ?? 5),
      });
      const [alone, beside] = [median(e.alone), median(e.beside)];
      const list = (times: number[]) => times.map((t) => t.toFixed(0)).join(', ');
      console.log(
        `\nop 16 + 17 for a user with ${e.records} records (median of ${e.alone.length}):\n` +
          `  no other tenant's events:           ${alone.toFixed(1)} ms  [${list(e.alone)}]\n` +
          `  beside ${e.otherEvents} of 1000 others: ${beside.toFixed(1)} ms  [${list(e.beside)}]` +
          ` (inserted in ${(e.insertMs / 1000).toFixed(1)} s)\n` +
          `  ratio: ${(beside / alone).toFixed(2)}×`,
      );
    }
  } finally {
    await server.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err);
  process.exit(1);
});
