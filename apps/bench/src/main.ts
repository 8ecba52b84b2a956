import { startBenchServer } from './bench-server';
import { addDocuments, type Timings } from './scenarios/documents';
import { readOrganizations } from './scenarios/organizations';
import { median } from './stats';

/**
 * `npm run bench`: the server on real Postgres when DATABASE_URL is set (else embedded), over
 * HTTP on a local port; medians of BENCH_RUNS runs (default 25, at least 20), each figure
 * with its ratio to the floor (a plain multi-row INSERT of the same rows).
 */
async function main(): Promise<void> {
  const runs = Math.max(20, Number(process.env.BENCH_RUNS ?? 25));
  const server = await startBenchServer();
  try {
    const database = server.config.databaseUrl
      ? 'Postgres (DATABASE_URL)'
      : 'embedded PGlite (in memory)';
    const queue = server.config.redisUrl ? 'Bull on Redis' : 'in-process';
    console.log(
      `database: ${database}; queue: ${queue}; node ${process.version}; ${runs} runs each\n`,
    );
    const figures: Timings[] = [
      ...(await addDocuments(server, runs)),
      ...(await readOrganizations(server, runs)),
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
  } finally {
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
