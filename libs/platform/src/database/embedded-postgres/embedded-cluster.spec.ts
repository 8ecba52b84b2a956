import {
  appendFileSync,
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedCluster } from './embedded-cluster';

const query = async (url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
};

describe('embedded Postgres cluster', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'collab-cluster-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is made once, reached on a socket in its directory, and keeps its data across a restart', async () => {
    const dir = join(dataDir, 'postgres');
    const first = await startEmbeddedCluster({ dir, durable: true });
    try {
      expect(new URL(first.url).searchParams.get('host')).toBe(dir);
      await query(first.url, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedCluster({ dir, durable: true });
    try {
      expect(await query(second.url, 'SELECT n FROM kept')).toEqual([{ n: 7 }]);
    } finally {
      await second.stop();
    }
  });

  it('listens on a loopback port with a password when the socket path would be too long', async () => {
    const dir = join(dataDir, 'a'.repeat(90), 'postgres');
    // As root the cluster runs as another user, who must pass through every directory above.
    chmodSync(dataDir, 0o711);
    const cluster = await startEmbeddedCluster({ dir, durable: false, removeOnStop: true });
    try {
      const url = new URL(cluster.url);
      expect(url.hostname).toBe('127.0.0.1');
      expect(url.password).not.toBe('');
      expect(await query(cluster.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      url.password = 'wrong';
      await expect(query(url.toString(), 'SELECT 1')).rejects.toThrow(/password/);
    } finally {
      await cluster.stop();
    }
  });

  it('refuses a second start on a directory a live server uses, which keeps answering', async () => {
    const dir = join(dataDir, 'postgres');
    const first = await startEmbeddedCluster({ dir, durable: false });
    try {
      await expect(startEmbeddedCluster({ dir, durable: false })).rejects.toThrow(
        /DATA_DIR is in use by another server/,
      );
      expect(await query(first.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await first.stop();
    }
  });

  it('is made beside its directory and renamed when whole; a start removes what an interrupted one left', async () => {
    const dir = join(dataDir, 'postgres');
    const left = join(dataDir, 'postgres.init-interrupted');
    mkdirSync(left);
    writeFileSync(join(left, 'PG_VERSION'), '18\n');
    const cluster = await startEmbeddedCluster({ dir, durable: false });
    try {
      expect(readdirSync(dataDir)).toEqual(['postgres']);
      expect(await query(cluster.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await cluster.stop();
    }
  });

  it("gives its programs none of the server's environment (secrets, PG* variables)", async () => {
    process.env.COLLAB_CLUSTER_SECRET_PROBE = 'secret';
    process.env.PGSSLMODE = 'require';
    const dir = join(dataDir, 'postgres');
    try {
      const cluster = await startEmbeddedCluster({ dir, durable: false });
      try {
        const pid = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0];
        const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        expect(environment.filter((line) => /SECRET_PROBE|^PGSSLMODE=/.test(line))).toEqual([]);
        expect(await query(cluster.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      } finally {
        await cluster.stop();
      }
    } finally {
      delete process.env.COLLAB_CLUSTER_SECRET_PROBE;
      delete process.env.PGSSLMODE;
    }
  });

  it("says why Postgres did not start: its log's last lines", async () => {
    const dir = join(dataDir, 'postgres');
    await (await startEmbeddedCluster({ dir, durable: false })).stop();
    appendFileSync(join(dir, 'postgresql.conf'), "\nshared_buffers = 'plenty'\n");
    await expect(startEmbeddedCluster({ dir, durable: false })).rejects.toThrow(
      /postgres\.log ends with:[\s\S]*shared_buffers/,
    );
  });
});
