import type { INestApplicationContext } from '@nestjs/common';
import { ParkedEvents, SubscriptionRunner } from '@app/event-store';

export const EVENTS_USAGE = `       npm run cli -- events parked
       npm run cli -- events retry <id>`;

/**
 * `events parked` lists the events subscribers gave up on, one JSON line each; `events retry
 * <id>` runs one through its subscriber again. Returns the exit code: 0 when handled, 1 when
 * the retry failed (the row stays, with the new error) or there is no such parked event.
 */
export async function runEventsCommand(
  app: INestApplicationContext,
  args: string[],
  print: (line: string) => void,
): Promise<number> {
  const [verb, id] = args;
  if (verb === 'parked') {
    for (const parked of await app.get(ParkedEvents).list()) print(JSON.stringify(parked));
    return 0;
  }
  const retry = await app.get(SubscriptionRunner).retryParked(id);
  if (!retry) {
    print(JSON.stringify({ id, status: 'not-found' }));
    return 1;
  }
  const { subscriptionId, position, type } = retry.parked;
  print(
    JSON.stringify({
      id,
      subscriptionId,
      position,
      type,
      status: retry.handled ? 'handled' : 'failed',
      ...(retry.error !== undefined && { error: retry.error }),
    }),
  );
  return retry.handled ? 0 : 1;
}

/** True when `positionals` name an events command this module runs. */
export const isEventsCommand = (positionals: string[]): boolean =>
  positionals[0] === 'events' &&
  ((positionals[1] === 'parked' && positionals.length === 2) ||
    (positionals[1] === 'retry' && positionals.length === 3));
