// The built server, except that every user data deletion task, once started, is held and
// never finishes: a worker to kill in the middle of its jobs (worker-killed-mid-job test).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const { createApp } = require('../../dist/apps/api/src/create-app.js');
const { JobQueue, loadConfig } = require('../../dist/libs/platform/src/index.js');

const config = loadConfig();
const { app } = await createApp(config);
app.get(JobQueue).handle('gdpr.deletion-task', async (job) => {
  console.log(`deletion task started: ${job.id}`);
  await new Promise(() => undefined);
});
await app.listen(config.port, config.host);
