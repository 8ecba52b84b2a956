// The built server, except that every job removing a deleted organization's data (D6.9), once
// started, makes one step (one chunk, committed) and is then held and never finishes: a
// worker to kill in the middle of a deletion (organization-deletion-killed test).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const { createApp } = require('../../dist/apps/api/src/create-app.js');
const { JobQueue, loadConfig } = require('../../dist/libs/platform/src/index.js');
const { ORGANIZATION_DATA_JOB } = require('../../dist/libs/event-store/src/index.js');

const config = loadConfig();
const { app } = await createApp(config);
const queue = app.get(JobQueue);
const original = queue.handlerOf(ORGANIZATION_DATA_JOB);
queue.handle(ORGANIZATION_DATA_JOB, async (job) => {
  let asked = 0;
  const afterOneStep = {
    get aborted() {
      return asked++ > 0;
    },
  };
  await original({ ...job, signal: afterOneStep }).catch(() => undefined);
  console.log(`organization deletion step done: ${job.id}`);
  await new Promise(() => undefined);
});
await app.listen(config.port, config.host);
