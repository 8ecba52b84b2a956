import type { INestApplicationContext } from '@nestjs/common';
import { ProjectionRebuilder } from '@app/event-store';

export const PROJECTIONS_USAGE = `       npm run cli -- projections list
       npm run cli -- projections rebuild <name>`;

/**
 * `projections list` prints the inline projections' names, one a line; `projections rebuild
 * <name>` empties that projection's tables and replays the log into them, then prints one
 * JSON line. Returns the exit code: 1 when there is no such projection.
 */
export async function runProjectionsCommand(
  app: INestApplicationContext,
  args: string[],
  print: (line: string) => void,
): Promise<number> {
  const rebuilder = app.get(ProjectionRebuilder);
  const [verb, name] = args;
  if (verb === 'list') {
    for (const known of rebuilder.names()) print(known);
    return 0;
  }
  const rebuilt = await rebuilder.rebuild(name);
  if (!rebuilt) {
    print(JSON.stringify({ name, status: 'not-found', known: rebuilder.names() }));
    return 1;
  }
  print(JSON.stringify({ ...rebuilt, status: 'rebuilt' }));
  return 0;
}

/** True when `positionals` name a projections command this module runs. */
export const isProjectionsCommand = (positionals: string[]): boolean =>
  positionals[0] === 'projections' &&
  ((positionals[1] === 'list' && positionals.length === 2) ||
    (positionals[1] === 'rebuild' && positionals.length === 3));
