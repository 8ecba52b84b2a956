import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { BenchServer } from './bench-server';

export interface SqlClient {
  query(sql: string, params: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * A plain `pg` connection to the server's database: a client of its own on Postgres; on the
 * embedded database, the server's own connection (PGlite through its pg adapter, the only
 * way in).
 */
export async function plainClient(server: BenchServer): Promise<SqlClient> {
  if (server.config.databaseUrl) {
    const client = new Client({ connectionString: server.config.databaseUrl });
    await client.connect();
    return { query: (sql, params) => client.query(sql, params), close: () => client.end() };
  }
  const dataSource = server.app.get(DataSource);
  return { query: (sql, params) => dataSource.query(sql, params), close: async () => undefined };
}

/** The floor: `rows` document rows written by one multi-row INSERT, nothing else. */
export async function insertDocumentRows(
  client: SqlClient,
  apiKey: string,
  organizationId: string,
  rows: number,
): Promise<void> {
  const now = Date.now();
  const params: unknown[] = [];
  const values: string[] = [];
  for (let i = 0; i < rows; i++) {
    const p = params.length;
    params.push(apiKey, organizationId, `doc-${i}`, `Document ${i}`, '{"team":"bench"}', now);
    values.push(
      `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, NULL, 'public', false, $${p + 5}::jsonb, $${p + 6}, $${p + 6}, 1)`,
    );
  }
  await client.query(
    `INSERT INTO documents (api_key, organization_id, document_id, document_name, folder_id,
       access_type, disabled, metadata, created_at, last_updated, version)
     VALUES ${values.join(', ')}`,
    params,
  );
}
