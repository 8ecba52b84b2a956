import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobQueue } from '@app/platform';
import { createTestApp, dropTestDatabase, waitFor, type TestAppOptions } from '@app/testing';

/** Where the next app finds the same data: the same embedded directory or the same database. */
async function sameStorage(): Promise<{ options: TestAppOptions; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'collab-restart-'));
  const queuePrefix = `restart_${process.pid}_${Date.now()}`;
  if (!process.env.DATABASE_URL) {
    return {
      options: { dataDir, config: { queuePrefix } },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  // Make the database once, then let every app reuse it.
  const first = await createTestApp({ keepDatabase: true });
  const databaseUrl = first.config.databaseUrl!;
  await first.close();
  return {
    options: { databaseUrl, config: { queuePrefix } },
    cleanup: () => dropTestDatabase(databaseUrl),
  };
}

describe('restart', () => {
  it('keeps every workspace, key and token across a stop and a start on the same data', async () => {
    const storage = await sameStorage();
    try {
      const first = await createTestApp(storage.options);
      const ws = await first.createWorkspace('keep@example.com');
      await first.post(
        '/v2/workspace/domains/add',
        { domains: ['kept.example.com'] },
        first.apiKeyHeaders(ws),
      );
      await first.post(
        '/v2/workspace/aimodelconfig/update',
        { providers: { gemini: { apiKey: 'g-key-4321' } } },
        first.workspaceHeaders(ws),
      );
      await first.close();

      const second = await createTestApp({
        ...storage.options,
        config: { ...storage.options.config, adminToken: first.adminToken },
      });
      try {
        const tokens = await second.post(
          '/v2/workspace/authtokens/get',
          { apiKey: ws.apiKey },
          second.workspaceHeaders(ws),
        );
        expect(tokens.status).toBe(200);
        expect(tokens.body.result.data.authTokens[0].token).toBe(ws.authToken);
        const again = await second.post(
          '/v2/workspace/domains/add',
          { domains: ['kept.example.com'] },
          second.apiKeyHeaders(ws),
        );
        expect(again.body.error.details.skippedDomains).toEqual(['kept.example.com']);
        const ai = await second.post(
          '/v2/workspace/aimodelconfig/get',
          {},
          second.workspaceHeaders(ws),
        );
        expect(ai.body.result.data).toEqual({ providers: { gemini: { apiKeyLast4: '4321' } } });
      } finally {
        await second.close();
      }
    } finally {
      await storage.cleanup();
    }
  });
});

// The queue port: a job recorded before a stop runs after the next start, exactly once.
const ran: string[] = [];

@Injectable()
class ProbeHandler implements OnModuleInit {
  constructor(private readonly queue: JobQueue) {}
  onModuleInit(): void {
    this.queue.handle<{ label: string }>('test.probe', async (job) => {
      ran.push(job.data.label);
    });
  }
}

@Module({ providers: [ProbeHandler] })
class ProbeModule {}

describe('queue across a restart', () => {
  it('runs work left unfinished at stop when the app starts again, once, with deterministic ids', async () => {
    const storage = await sameStorage();
    try {
      const first = await createTestApp(storage.options); // no handler: nothing runs here
      const queue = first.app.get(JobQueue);
      await queue.enqueue([{ id: 'probe-1', name: 'test.probe', data: { label: 'one' } }]);
      await queue.enqueue([{ id: 'probe-1', name: 'test.probe', data: { label: 'duplicate' } }]);
      await first.close();
      expect(ran).toEqual([]);

      const second = await createTestApp({ ...storage.options, modules: [ProbeModule] });
      try {
        const queue = second.app.get(JobQueue);
        await waitFor(async () =>
          (await queue.status('probe-1')) === 'completed' ? true : undefined,
        );
        expect(ran).toEqual(['one']);
        await second.app.get(JobQueue).sweep(); // a second dispatch of a finished job does nothing
        expect(ran).toEqual(['one']);
      } finally {
        await second.close();
      }
    } finally {
      await storage.cleanup();
    }
  });
});
