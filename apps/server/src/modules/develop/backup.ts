/**
 * "Backup now": every row of every table that carries a tenant_id, for one tenant, as one JSON document.
 * Tables are found in the catalog, so tables added later are included without a change here. Log tables are
 * left out (they are large and not business data).
 */
import type { Database } from '../../platform/db/index.ts';

const SKIP = /^blade_log_/;

export async function dumpTenant(database: Database, tenantId: string): Promise<{ json: Buffer; tables: number; rows: number }> {
  const names = (
    await database.raw(
      `SELECT table_name AS t FROM information_schema.columns WHERE column_name = 'tenant_id' AND table_schema = current_schema() ORDER BY table_name`,
    )
  )
    .map((r) => String(r.t))
    .filter((t) => /^[a-z_][a-z0-9_]*$/.test(t) && !SKIP.test(t));
  // The document is written table by table: only one table's rows are held as objects at a time, beside the text
  // written so far (the whole tenant as rows, then as one string, was three to five times the file in memory).
  const bigints = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);
  const parts: Buffer[] = [Buffer.from(`${JSON.stringify({ tenantId, createdAt: new Date().toISOString() }).slice(0, -1)},"tables":{`)];
  let rows = 0;
  for (const [i, t] of names.entries()) {
    // The name comes from the catalog and is checked above; the tenant is a bound parameter.
    const data = await database.raw(`SELECT * FROM "${t}" WHERE tenant_id = $1 ORDER BY 1`, [tenantId]);
    parts.push(Buffer.from(`${i ? ',' : ''}${JSON.stringify(t)}:${JSON.stringify(data, bigints)}`));
    rows += data.length;
  }
  parts.push(Buffer.from('}}'));
  const json = Buffer.concat(parts);
  return { json, tables: names.length, rows };
}
