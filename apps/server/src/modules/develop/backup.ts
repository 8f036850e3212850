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
  const out: Record<string, unknown[]> = {};
  let rows = 0;
  for (const t of names) {
    // The name comes from the catalog and is checked above; the tenant is a bound parameter.
    const data = await database.raw(`SELECT * FROM "${t}" WHERE tenant_id = $1 ORDER BY 1`, [tenantId]);
    out[t] = data;
    rows += data.length;
  }
  const doc = { tenantId, createdAt: new Date().toISOString(), tables: out };
  const json = Buffer.from(JSON.stringify(doc, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
  return { json, tables: names.length, rows };
}
