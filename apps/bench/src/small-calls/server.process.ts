// One server of the small-calls scenario in a process of its own (the project, or beside it the
// ceiling, the framework's floor or the stack's floor), so that the load generator and the
// other servers share no event loop with it. Its stdout (the request logs) goes nowhere; it
// speaks to the bench over IPC.
import { writeHeapSnapshot } from 'node:v8';
import { Client } from 'pg';
import { loadConfig } from '@app/platform';
import type { BenchServer } from '../bench-server';
import type { Ceiling } from './ceiling-server';

/** What the bench needs to call the project: its address, credentials and data. */
export interface ProjectReady {
  kind: 'project';
  url: string;
  databaseUrl?: string;
  encryptionKey: string;
  apiKeyHeaders: Record<string, string>;
  workspaceHeaders: Record<string, string>;
  apiKey: string;
  organizationId: string;
  documentIds: string[];
}

/** The ceiling (bare Fastify), the framework's floor (bare Nest) or the stack's, same routes. */
export interface CeilingReady {
  kind: 'ceiling' | 'floor' | 'stack';
  url: string;
}

/** The bench asks a server for its memory with `{ memory: true }`. */
export type MemoryAnswer = NodeJS.MemoryUsage;

/** The CPU time the process has used (user + system), asked for with `{ cpu: true }`. */
export interface CpuAnswer {
  cpuMicros: number;
}

/** What the bench may ask a server process over IPC. */
export interface ServerMessage {
  memory?: boolean;
  cpu?: boolean;
  snapshot?: string;
  /** true: record every statement sent to Postgres from now; false: stop, answer them. */
  statements?: boolean;
  close?: boolean;
}

/** The statements recorded since `{ statements: true }` (none on the embedded engine). */
export interface StatementsAnswer {
  statements: string[];
}

let recorded: string[] | undefined;
// Every statement of the process goes through pg's Client (the pool's clients included).
const query = Client.prototype.query as (...args: unknown[]) => unknown;
Client.prototype.query = function (this: Client, ...args: unknown[]) {
  const [first] = args;
  const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
  if (recorded && text) recorded.push(text.replace(/\s+/g, ' ').trim());
  return query.apply(this, args);
} as typeof Client.prototype.query;

const DOCUMENTS = 20;

/** A workspace, its API key's and workspace's headers, an organization with 20 documents. */
async function seed(server: BenchServer): Promise<Omit<ProjectReady, 'kind' | 'url'>> {
  const { benchWorkspace } = await import('../bench-server.js');
  const { apiKey, apiKeyHeaders, workspaceHeaders } = await benchWorkspace(server);
  const organizationId = 'small-calls';
  const documentIds = Array.from({ length: DOCUMENTS }, (_, i) => `doc-${i}`);
  await server.post(
    '/v2/organizations/documents/add',
    {
      organizationId,
      createOrganization: true,
      documents: documentIds.map((documentId, i) => ({
        documentId,
        documentName: `Document ${i}`,
        team: 'bench',
      })),
    },
    apiKeyHeaders,
  );
  return {
    databaseUrl: server.config.databaseUrl,
    encryptionKey: server.config.encryptionKey!.toString('hex'),
    apiKeyHeaders,
    workspaceHeaders,
    apiKey,
    organizationId,
    documentIds,
  };
}

async function main(): Promise<void> {
  const [kind, databaseUrl] = process.argv.slice(2);
  let close: () => Promise<void>;
  // No floor loads the project's modules or DTOs (all load @app/platform): with them, the
  // stack's class-validator would scan every project DTO's rules on each validation.
  const beside = {
    ceiling: async () => (await import('./ceiling-server.js')).startCeiling,
    floor: async () => (await import('./nest-floor-server.js')).startNestFloor,
    stack: async () => (await import('./stack-floor-server.js')).startStackFloor,
  };
  if (kind === 'ceiling' || kind === 'floor' || kind === 'stack') {
    // Given in the environment, not on the command line other users of the machine can read.
    const encryptionKey = Buffer.from(process.env.BENCH_CEILING_ENCRYPTION_KEY ?? '', 'hex');
    const start = await beside[kind]();
    const ceiling: Ceiling = await start(databaseUrl, encryptionKey);
    close = () => ceiling.close();
    process.send!({ kind, url: ceiling.url } satisfies CeilingReady);
  } else {
    const { startBenchServer } = await import('../bench-server.js');
    // Request logs at the level the environment gives (info by default), as users run it.
    const server = await startBenchServer({ logLevel: loadConfig(process.env).logLevel });
    close = () => server.close();
    const seeded = await seed(server);
    process.send!({ kind: 'project', url: server.baseUrl, ...seeded } satisfies ProjectReady);
  }
  process.on('message', (message: ServerMessage) => {
    if (message.statements === true) recorded = [];
    if (message.statements === false) {
      process.send!({ statements: recorded ?? [] } satisfies StatementsAnswer);
      recorded = undefined;
    }
    if (message.cpu) {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuMicros: user + system } satisfies CpuAnswer);
    }
    if (message.memory) {
      const usage: MemoryAnswer = process.memoryUsage();
      // Measured before the snapshot, which makes the process grow.
      if (message.snapshot) writeHeapSnapshot(message.snapshot);
      process.send!(usage);
    }
    if (message.close) {
      void close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
