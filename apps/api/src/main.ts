import './compile-cache';
import 'reflect-metadata';
import { ConfigError, installGracefulShutdown, loadConfig } from '@app/platform';
import { createApp } from './create-app';
import { printFirstStart } from './first-start';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, secrets } = await createApp(config);
  // Not Nest's shutdown hooks: they end the process by re-raising the signal (exit 143).
  installGracefulShutdown(app, config);
  await app.listen(config.port, config.host);
  if (secrets.generatedAdminToken) printFirstStart(config, secrets.generatedAdminToken);
}

main().catch((err) => {
  // A bad configuration names the variable; anything else is a start-up failure.
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});
