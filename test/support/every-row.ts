import type { DataSource } from 'typeorm';

/** Every row of every table, the event table included, as text: for scans of what is stored. */
export async function everyRowAsText(dataSource: DataSource): Promise<string[]> {
  const tables: { table_name: string }[] = await dataSource.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const rows: string[] = [];
  for (const { table_name } of tables) {
    const found: { row: string }[] = await dataSource.query(
      `SELECT t::text AS row FROM "${table_name}" t`,
    );
    rows.push(...found.map((r) => `${table_name}: ${r.row}`));
  }
  return rows;
}
