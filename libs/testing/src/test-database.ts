import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** A database of its own on the server in DATABASE_URL, for one test app (STACK.md). */
export async function createTestDatabase(baseUrl: string): Promise<string> {
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^t_\d+_[0-9a-f]+$/.test(name)) return; // only databases this helper made
  await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function adminQuery(anyUrl: string, sql: string): Promise<void> {
  const url = new URL(anyUrl);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
