import './compile-cache';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { parseArgs } from 'node:util';
import { isEmail } from 'class-validator';
import { ConfigError, loadConfig, resolveServerSecrets, success } from '@app/platform';
import { CreateWorkspaceCommand, WORKSPACE_CREATED_MESSAGE } from '@app/workspaces';
import { AppModule } from './app.module';
import { EVENTS_USAGE, isEventsCommand, runEventsCommand } from './events.command';
import {
  PROJECTIONS_USAGE,
  isProjectionsCommand,
  runProjectionsCommand,
} from './projections.command';

const USAGE = `Usage: npm run cli -- workspace create --email <ownerEmail> [--name <owner name>] [--workspace-name <name>]
${EVENTS_USAGE}
${PROJECTIONS_USAGE}

Runs against the same database as the server (DATABASE_URL, or the embedded DATA_DIR).
On the embedded database, stop the server first: one process at a time may open DATA_DIR.`;

/**
 * Offline commands: `workspace create` (D3.3) prints the same JSON as POST
 * /v2/workspace/create; `events` lists and retries parked events; `projections` lists the
 * inline projections and rebuilds one from the log.
 */
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'workspace-name': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals.slice(0, 2).join(' ');
  const known =
    isEventsCommand(positionals) ||
    isProjectionsCommand(positionals) ||
    command === 'workspace create';
  if (values.help || !known) {
    process.stderr.write(USAGE + '\n');
    return values.help ? 0 : 2;
  }
  if (command === 'workspace create') {
    if (!values.email || positionals.length !== 2) {
      process.stderr.write(USAGE + '\n');
      return 2;
    }
    if (!isEmail(values.email)) {
      process.stderr.write('--email must be an email address\n');
      return 2;
    }
  }
  const config = { ...loadConfig(), logLevel: 'error' as const };
  const secrets = resolveServerSecrets(config, { generateAdminToken: false });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, secrets), {
    logger: ['error', 'fatal'],
  });
  try {
    const print = (line: string) => process.stdout.write(line + '\n');
    if (isEventsCommand(positionals)) {
      return await runEventsCommand(app, positionals.slice(1), print);
    }
    if (isProjectionsCommand(positionals)) {
      return await runProjectionsCommand(app, positionals.slice(1), print);
    }
    const created = await app.get(CommandBus).execute(
      new CreateWorkspaceCommand({
        input: {
          ownerEmail: values.email!,
          name: values.name,
          workspaceName: values['workspace-name'],
        },
        requestId: 'cli',
      }),
    );
    process.stdout.write(
      JSON.stringify(success(created, WORKSPACE_CREATED_MESSAGE), null, 2) + '\n',
    );
    return 0;
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
    process.exit(1);
  },
);
