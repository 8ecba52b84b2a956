import './compile-cache';
import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import {
  closeWhatStartOpened,
  ConfigError,
  installGracefulShutdown,
  loadConfig,
} from '@app/platform';
import { createApp } from './create-app';
import { printFirstStart } from './first-start';

async function main(): Promise<void> {
  const config = loadConfig();
  let app: INestApplication | undefined;
  try {
    const created = await createApp(config);
    app = created.app;
    // Not Nest's shutdown hooks: they end the process by re-raising the signal (exit 143).
    installGracefulShutdown(created.app, config);
    await created.app.listen(config.port, config.host);
    if (created.secrets.generatedAdminToken)
      printFirstStart(config, created.secrets.generatedAdminToken);
  } catch (err) {
    // What the start opened (the embedded Postgres cluster above all) must not outlive it.
    if (app) await app.close().catch(() => undefined);
    else await closeWhatStartOpened(config);
    throw err;
  }
}

main().catch((err) => {
  // A bad configuration names the variable; anything else is a start-up failure.
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});
