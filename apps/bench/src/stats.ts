import { performance } from 'node:perf_hooks';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs `work(i)` `warmup` times unmeasured, then `runs` times; answers the times in ms. */
export async function measure(
  runs: number,
  warmup: number,
  work: (i: number) => Promise<void>,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await work(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work(i);
    times.push(performance.now() - start);
  }
  return times;
}
