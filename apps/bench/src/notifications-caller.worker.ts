// The callers of the notifications scenario in a thread of their own, as a customer's backend
// is a program of its own (the server shares the bench's thread): each call's start (epoch ms,
// also posted as it goes: `{sent: i, at}`) and duration. Paced: call i goes at
// start + i / callsPerSecond whether earlier ones were answered or not. Unpaced: `callers`
// callers, each sending its next call when the last is answered.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

export interface CallerPlan {
  url: string;
  headers: Record<string, string>;
  /** One request body per call, sent in order. */
  bodies: unknown[];
  callsPerSecond?: number;
  callers: number;
}

/** Per call, in the order of `bodies`: when it was sent (epoch ms) and how long it took (ms). */
export interface CallTimes {
  sentAt: number[];
  ms: number[];
}

const plan = workerData as CallerPlan;
const times: CallTimes = { sentAt: [], ms: [] };

async function call(i: number): Promise<void> {
  times.sentAt[i] = Date.now();
  parentPort!.postMessage({ sent: i, at: times.sentAt[i] });
  const start = performance.now();
  const res = await fetch(plan.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...plan.headers },
    body: JSON.stringify({ data: plan.bodies[i] }),
  });
  const text = await res.text();
  times.ms[i] = performance.now() - start;
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 300)}`);
}

async function paced(callsPerSecond: number): Promise<void> {
  const started = Date.now();
  const calls: Promise<void>[] = [];
  for (let i = 0; i < plan.bodies.length; i++) {
    const wait = started + (i * 1000) / callsPerSecond - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(call(i));
  }
  await Promise.all(calls);
}

async function unpaced(): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: plan.callers }, async () => {
      for (let i = next++; i < plan.bodies.length; i = next++) await call(i);
    }),
  );
}

async function main(): Promise<void> {
  if (plan.callsPerSecond) await paced(plan.callsPerSecond);
  else await unpaced();
  parentPort!.postMessage({ done: times });
}

main().catch((err) => parentPort!.postMessage({ error: String(err) }));
