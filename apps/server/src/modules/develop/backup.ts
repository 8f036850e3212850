/**
 * "Backup now": every row of every table that carries a tenant_id, for one tenant, as one JSON document.
 * Tables are found in the catalog, so tables added later are included without a change here. Log tables are
 * left out (they are large and not business data).
 */
import type { Writable } from 'node:stream';
import { rawOnTransaction, type Database } from '../../platform/db/index.ts';

const SKIP = /^blade_log_/;

/** Rows fetched from a table's cursor at a time: what the dump holds as objects at once. */
const BATCH = 1000;

/** Waits until `out` takes more; rejects when it is destroyed instead (its consumer failed), never waits forever. */
function roomIn(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      out.off('drain', settle);
      out.off('close', settle);
      if (out.destroyed) reject(out.errored ?? new Error('backup output closed'));
      else resolve();
    };
    out.on('drain', settle);
    out.on('close', settle);
  });
}

/**
 * Writes the tenant's document to `out` (not ended here) and answers what it holds. The document is written as it is
 * read, a batch of rows at a time through a cursor per table, waiting while `out` is full: a tenant of any size is
 * backed up in bounded memory. All tables are read in one read-only, repeatable-read transaction, so the document
 * is one moment of the tenant's data (a change committed meanwhile is in none of its tables, not in some).
 *
 * On the embedded database the transaction holds the database until the dump ends: whatever consumes `out` must not
 * need it (TenantFiles.saver chooses the store first).
 */
export async function dumpTenant(
  database: Database,
  tenantId: string,
  out: Writable,
  opts: { batch?: number } = {},
): Promise<{ tables: number; rows: number; bytes: number }> {
  const batch = opts.batch ?? BATCH;
  let bytes = 0;
  const write = async (text: string) => {
    if (out.destroyed) throw out.errored ?? new Error('backup output closed');
    const chunk = Buffer.from(text);
    bytes += chunk.length;
    if (!out.write(chunk)) await roomIn(out);
  };
  const bigints = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);
  return database.db.transaction(
    async (tx) => {
      const query = (text: string, params?: unknown[]) => rawOnTransaction(tx, text, params);
      const names = (
        await query(
          `SELECT table_name AS t FROM information_schema.columns WHERE column_name = 'tenant_id' AND table_schema = current_schema() ORDER BY table_name`,
        )
      )
        .map((r) => String(r.t))
        .filter((t) => /^[a-z_][a-z0-9_]*$/.test(t) && !SKIP.test(t));
      await write(`${JSON.stringify({ tenantId, createdAt: new Date().toISOString() }).slice(0, -1)},"tables":{`);
      let rows = 0;
      for (const [i, t] of names.entries()) {
        // The name comes from the catalog and is checked above; the tenant is a bound parameter.
        await query(`DECLARE tenant_dump NO SCROLL CURSOR FOR SELECT * FROM "${t}" WHERE tenant_id = $1 ORDER BY 1`, [tenantId]);
        await write(`${i ? ',' : ''}${JSON.stringify(t)}:[`);
        for (let n = 0; ;) {
          const data = await query(`FETCH ${batch} FROM tenant_dump`);
          if (data.length) await write(`${n ? ',' : ''}${JSON.stringify(data, bigints).slice(1, -1)}`);
          n += data.length;
          rows += data.length;
          if (data.length < batch) break;
        }
        await query('CLOSE tenant_dump');
        await write(']');
      }
      await write('}}');
      return { tables: names.length, rows, bytes };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
