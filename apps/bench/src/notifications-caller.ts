import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CallerPlan, CallTimes } from './notifications-caller.worker';

export type { CallTimes };

/** Makes the calls of `plan` from a worker thread; `onSent(i, at)` hears each call go. */
export async function callFromWorker(
  plan: CallerPlan,
  onSent?: (i: number, at: number) => void,
): Promise<CallTimes> {
  const worker = new Worker(join(__dirname, 'notifications-caller.worker.js'), {
    workerData: plan,
  });
  try {
    return await new Promise<CallTimes>((resolve, reject) => {
      worker.on(
        'message',
        (m: { sent?: number; at?: number; done?: CallTimes; error?: string }) => {
          if (m.sent !== undefined) onSent?.(m.sent, m.at!);
          else if (m.done) resolve(m.done);
          else reject(new Error(`the calls failed: ${m.error}`));
        },
      );
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

/** The q-quantile of ascending `sorted` (nearest rank). */
export const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

export const ascending = (values: number[]): number[] => [...values].sort((a, b) => a - b);
