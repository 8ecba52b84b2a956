// The callers of the webhook scenario in a thread of their own, as a customer's backend is a
// program of its own. Paced: call i goes at start + i / callsPerSecond whether earlier ones
// were answered or not (an offered load, as traffic arrives). Unpaced: `writers` callers, each
// sending its next call when the last is answered (as fast as the server takes them).
import { parentPort, workerData } from 'node:worker_threads';

export interface WriterPlan {
  url: string;
  headers: Record<string, string>;
  /** One request body per call, sent in order. */
  bodies: unknown[];
  /** Calls a second; none: as fast as `writers` callers get answers. */
  callsPerSecond?: number;
  writers: number;
}

const plan = workerData as WriterPlan;

async function post(body: unknown): Promise<void> {
  const res = await fetch(plan.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...plan.headers },
    body: JSON.stringify({ data: body }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 300)}`);
}

async function paced(started: number, callsPerSecond: number): Promise<void> {
  const calls: Promise<void>[] = [];
  for (const [i, body] of plan.bodies.entries()) {
    const wait = started + (i * 1000) / callsPerSecond - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(post(body));
  }
  await Promise.all(calls);
}

async function asFastAsAnswered(): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: plan.writers }, async () => {
      for (let i = next++; i < plan.bodies.length; i = next++) await post(plan.bodies[i]);
    }),
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  if (plan.callsPerSecond) await paced(started, plan.callsPerSecond);
  else await asFastAsAnswered();
  parentPort!.postMessage({ started, written: Date.now() });
}

main().catch((err) => parentPort!.postMessage({ error: String(err) }));
