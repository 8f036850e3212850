import fs from 'node:fs';
import path from 'node:path';
import { paramEntity } from '@hjl/core';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemAccess } from '../../modules/system/access.ts';
import { params } from '../../modules/system/schema.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { TokenService, type TokenClaims } from '../auth/tokens.ts';
import { EntityRepo } from '../crud/repo.ts';
import { migrationsFolder, runOnConnection, type Statement } from './index.ts';
import { TRIGRAM_OPS } from './trigram.ts';

/**
 * Trigram indexes (docs/performance.md "Substring filters"): the migrations create pg_trgm and every trigram index
 * the schema declares, on PGlite and (TEST_DATABASE_URL) PostgreSQL; a substring filter is served by them and still
 * finds and counts exactly what LIKE finds, `%` and `_` taken literally.
 */
let t: TestApp;
let token: string;
const LIST = '/api/blade-system/param/list';

/** The trigram indexes of the schema as drizzle-kit last saw it (the newest snapshot): table and index names. */
function declaredTrigramIndexes(): { table: string; index: string }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const last = String(journal.entries.at(-1)!.idx).padStart(4, '0');
  const snapshot = JSON.parse(fs.readFileSync(path.join(migrationsFolder, `meta/${last}_snapshot.json`), 'utf8')) as {
    tables: Record<string, { name: string; indexes: Record<string, { name: string; method: string; columns: { opclass?: string }[] }> }>;
  };
  return Object.values(snapshot.tables).flatMap((table) =>
    Object.values(table.indexes)
      .filter((i) => i.columns.some((c) => c.opclass === TRIGRAM_OPS))
      .map((i) => ({ table: table.name, index: i.name })),
  );
}

/** Parameters of the demo company with these names (keys `trgm.test.<n>`). */
async function addParams(names: string[]) {
  await t.database.raw(
    `INSERT INTO blade_param (id, tenant_id, create_user, create_dept, param_name, param_key, param_value)
     SELECT (SELECT coalesce(max(id), 0) FROM blade_param) + o, '000000', u.id, u.create_dept, n, 'trgm.test.' || o, 'v'
     FROM unnest($1::text[]) WITH ORDINALITY AS x(n, o), (SELECT id, create_dept FROM blade_user WHERE tenant_id = '000000' AND account = 'admin') u`,
    [names],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).access_token!;
  const range = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1));
  await addParams([
    ...range(1200, (i) => `trgm bulk ${i}`),
    ...range(30, (i) => `trgm few ${i}`),
    'trgm rate 50% off',
    'trgm rate 500 off',
    'trgm a_b',
    'trgm axb',
    'trgm back\\slash',
    '合同审批金额上限',
    '合同金额',
  ]);
  await t.database.raw('ANALYZE blade_param');
});
afterAll(() => t.close());

const list = async (query: Record<string, string>) => {
  const res = await t.call(token, { method: 'GET', url: LIST, query: { current: '1', size: '10', ...query } });
  expect(res.status).toBe(200);
  return res.body.data as { records: { paramName: string }[]; total: number; totalEstimated?: boolean };
};

describe('trigram indexes', () => {
  it('the migrations created pg_trgm and every trigram index the schema declares', async () => {
    const declared = declaredTrigramIndexes();
    // The list decided in docs/performance.md ("Substring filters"): changed there and here together.
    expect(declared.map((d) => `${d.table}.${d.index.slice(d.table.length + 1, -'_trgm_idx'.length)}`).sort()).toEqual([
      'blade_log_api.request_uri',
      'blade_log_error.request_uri',
      'blade_log_usual.request_uri',
      'blade_param.param_key',
      'blade_param.param_name',
      'blade_wf_hi_procinst.serial_number',
      'blade_wf_hi_procinst.title',
      'hjl_contract.contract_name',
      'hjl_contract.contract_num',
      'hjl_customer.customer_name',
      'hjl_income_expend.payee_name',
      'hjl_income_expend.payer_name',
      'hjl_income_expend.project_name',
      'hjl_income_expend.transaction_reference_number',
      'hjl_invoice.invoice_title',
      'hjl_invoice.project_name',
      'hjl_payment_his.biz_title',
      'hjl_payment_his.payee_name',
      'hjl_project.project_name',
      'hjl_project.project_num',
    ]);
    expect(await t.database.raw(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)).toHaveLength(1);
    const rows = (await t.database.raw(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%'`)) as {
      tablename: string;
      indexname: string;
      indexdef: string;
    }[];
    const found = new Map(rows.map((r) => [r.indexname, r]));
    for (const d of declared) {
      expect(found.get(d.index), d.index).toBeDefined();
      expect(found.get(d.index)!.tablename).toBe(d.table);
      expect(found.get(d.index)!.indexdef).toMatch(/USING gin \(\w+ (\w+\.)?gin_trgm_ops\)/);
    }
  });

  it('every column with a trigram index keeps a 1000-entry histogram (migration 0030): substring filters are estimated near the truth', async () => {
    const rows = (await t.database.raw(
      `SELECT c.relname AS "table", a.attname AS "column", a.attstattarget AS target
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND a.attnum > 0 AND NOT a.attisdropped AND a.attstattarget > 0`,
    )) as { table: string; column: string; target: number }[];
    const targets = new Map(rows.map((r) => [`${r.table}.${r.column}`, Number(r.target)]));
    const declared = declaredTrigramIndexes().map((d) => `${d.table}.${d.index.slice(d.table.length + 1, -'_trgm_idx'.length)}`);
    expect(declared.length).toBeGreaterThan(0);
    for (const column of declared) expect(targets.get(column), column).toBe(1000);
  });

  it('every migration creating a trigram index does so inside a block guarded on pg_trgm (a server without contrib still migrates)', () => {
    const statements = fs
      .readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .flatMap((f) => fs.readFileSync(path.join(migrationsFolder, f), 'utf8').split('--> statement-breakpoint'));
    const trigram = statements.filter((st) => st.includes(TRIGRAM_OPS));
    expect(trigram.length).toBeGreaterThan(0);
    for (const st of trigram) {
      const code = st.replace(/^\s*--.*$/gm, '').trim();
      expect(code, code.slice(0, 200)).toMatch(/^DO \$\$[\s\S]*pg_available_extensions[\s\S]*END \$\$;?$/);
    }
  });

  it('a substring filter finds and counts what LIKE finds: exact under the threshold, estimated above it', async () => {
    expect(await list({ paramName: 'trgm few' })).toMatchObject({ total: 30 });
    expect('totalEstimated' in (await list({ paramName: 'trgm few' }))).toBe(false);
    const bulk = await list({ paramName: 'trgm bulk' });
    expect(bulk.records).toHaveLength(10);
    expect(bulk.totalEstimated).toBe(true);
    expect(bulk.total).toBeGreaterThan(1000);
    expect(await list({ paramName: 'few 3' })).toMatchObject({ total: 2 }); // few 3, few 30
    expect((await list({ paramName: '金额' })).records.map((r) => r.paramName).sort()).toEqual(['合同审批金额上限', '合同金额']);
  });

  it('% and _ are taken literally, and so is a backslash', async () => {
    expect((await list({ paramName: '50%' })).records.map((r) => r.paramName)).toEqual(['trgm rate 50% off']);
    expect((await list({ paramName: 'a_b' })).records.map((r) => r.paramName)).toEqual(['trgm a_b']);
    expect((await list({ paramName: 'k\\s' })).records.map((r) => r.paramName)).toEqual(['trgm back\\slash']);
    expect(await list({ paramName: '%' })).toMatchObject({ total: 1 });
  });

  it('the capped count and the page rows of a substring filter can use the trigram index, with the same answers', async () => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as TokenClaims & { exp: number; jti: string };
    const repo = new EntityRepo(paramEntity, params, t.database, new SystemAccess(t.database), async () => 1000);
    const user = TokenService.userOf(claims);
    // The plan and the answer of a statement with only the trigram index to serve it: the list index (which the
    // planner rightly prefers on a table this small) dropped inside a transaction that is rolled back, sequential
    // scans off. The statements are the list's own (escaped pattern, bound values).
    const planned = async (s: Statement) => {
      let out: { plan: string; rows: Record<string, unknown>[] } | undefined;
      await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`DROP INDEX blade_param_list_idx`);
          await tx.execute(sql`SET LOCAL enable_seqscan = off`);
          const plan = (await runOnConnection(tx, { sql: `EXPLAIN ${s.sql}`, params: s.params })).map((r) => String(r['QUERY PLAN'])).join('\n');
          out = { plan, rows: await runOnConnection(tx, s) };
          tx.rollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof TransactionRollbackError)) throw e;
        });
      return out!;
    };
    for (const [value, names] of [
      ['50%', ['trgm rate 50% off']],
      ['a_b', ['trgm a_b']],
      ['合同金额', ['合同金额']],
    ] as const) {
      const { capped, rows } = await repo.pageQueries(user, { paramName: value, current: '1', size: '10' });
      const count = await planned(capped);
      expect(count.plan).toContain('blade_param_param_name_trgm_idx');
      expect(Number(count.rows[0]!.n)).toBe(names.length);
      const page = await planned(rows);
      expect(page.plan).toContain('blade_param_param_name_trgm_idx');
      expect(page.rows.map((r) => r.param_name)).toEqual(names);
    }
  });
});
