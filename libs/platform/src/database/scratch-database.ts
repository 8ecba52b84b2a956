import { randomBytes } from 'node:crypto';
import pg from 'pg';

// pg is CommonJS: its classes are not named exports for Node's ESM loader (the ESM build).
const { Client } = pg;

/**
 * A database of its own on the server of `baseUrl`, named `<prefix>_<pid>_<random>`: for a
 * test app or a benchmark run; a copy of the database `template` when given. Answers its URL.
 */
export async function createScratchDatabase(
  baseUrl: string,
  prefix: string,
  template?: string,
): Promise<string> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (template !== undefined && !/^\w+$/.test(template))
    throw new Error(`Not a template database name: ${template}`);
  await adminQuery(baseUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database `createScratchDatabase` made with `prefix`; any other name is left alone. */
export async function dropScratchDatabase(databaseUrl: string, prefix: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!new RegExp(`^${prefix}_\\d+_[0-9a-f]+$`).test(name)) return;
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
