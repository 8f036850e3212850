/**
 * Data scope of the finance applications (BUSINESS.md WP4; ApplicantScope of modules/approval) with the demo roles: a
 * department manager (孙磊, post 部门经理 of 苏州分公司) sees the applications of his departments and those below
 * — in lists, `my` (his own only), details and the totals of `statistics/money` — and none of another department;
 * an applicant (张伟) sees only his own; finance (李红) sees all. 陈静 is moved to 苏州造价部 (below 苏州分公司) for
 * this file, so the manager has a colleague's claim to see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { userIds } from '../../testing/db.ts';
import { users } from '../../testing/http.ts';

let t: TestApp;
const { tok, get, login } = users(() => t);
const ids: Record<string, string> = {};
const B = '/api/business';
const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
/** The application kinds checked, with their tables. */
const KINDS = [
  ['hjlApplyExpense', 'hjl_apply_expense'],
  ['hjlApplyPayment', 'hjl_apply_payment'],
  ['hjlApplyLendReturnMoney', 'hjl_apply_lend_return_money'],
] as const;

let tree: string[] = [];
const claims: Record<string, string> = {};
/** A claim of 张伟 with no process (imported history): only scope can let someone read it. */
let zhangweiHistory = '';

beforeAll(async () => {
  t = await createTestApp();
  const [sz] = await t.database.raw(`SELECT id::text AS id FROM blade_dept WHERE tenant_id = '000000' AND dept_name = '苏州造价部'`);
  await t.database.raw(`UPDATE blade_user SET dept_id = $1 WHERE tenant_id = '000000' AND account = 'chenjing'`, [sz!.id]);
  await login('sunlei', 'zhangwei', 'chenjing', 'lihong');
  Object.assign(ids, await userIds(t.database));
  tree = (
    await t.database.raw(
      `SELECT d.id::text AS id FROM blade_dept d, blade_dept s WHERE s.tenant_id = '000000' AND s.dept_name = '苏州分公司' AND d.is_deleted = 0
        AND (d.id = s.id OR s.id::text = ANY(string_to_array(d.ancestors, ',')))`,
    )
  ).map((r) => String(r.id));
  for (const who of ['chenjing', 'zhangwei', 'sunlei']) {
    const r = await t.call(tok[who], {
      method: 'POST',
      url: `${B}/hjlApplyExpense/start`,
      payload: { title: `${who}的差旅报销`, lines: [{ expenseDate: `${year}-02-10`, expenseType: 1, amount: '123.45' }] },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    claims[who] = r.body.data.id;
  }
  const [h] = await t.database.raw(
    `SELECT id::text AS id FROM hjl_apply_expense WHERE tenant_id = '000000' AND apply_user = $1 AND process_instance_id IS NULL AND is_deleted = 0 LIMIT 1`,
    [ids.zhangwei],
  );
  zhangweiHistory = String(h!.id);
}, 120_000);
afterAll(() => t.close());

/** Every id of a list, page by page. */
const allIds = async (who: string, url: string) => {
  const out: { id: string; applyUser: string; applyDept: string | null }[] = [];
  for (let current = 1; ; current++) {
    const r = await get(who, url, { current: String(current), size: '100' });
    expect(r.body.code, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    out.push(
      ...r.body.data.records.map((x: { id: string; applyUser: string; applyDept: string | null }) => ({
        id: x.id,
        applyUser: x.applyUser,
        applyDept: x.applyDept,
      })),
    );
    if (current * 100 >= r.body.data.total) return { rows: out, total: r.body.data.total as number };
  }
};
const countWhere = async (table: string, where: string, values: unknown[]) =>
  Number((await t.database.raw(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = '000000' AND is_deleted = 0 AND ${where}`, values))[0]!.n);

describe('a department manager', () => {
  it('lists his departments’ applications (and his own), none of another department', async () => {
    for (const [api, table] of KINDS) {
      const { rows, total } = await allIds('sunlei', `${B}/${api}/list`);
      expect(total, api).toBe(await countWhere(table, `(apply_user = $1 OR apply_dept::text = ANY($2::text[]))`, [ids.sunlei, tree]));
      expect(rows.length, api).toBe(total);
      for (const r of rows) expect(r.applyUser === ids.sunlei || tree.includes(String(r.applyDept)), `${api} ${r.id}`).toBe(true);
    }
    const { rows } = await allIds('sunlei', `${B}/hjlApplyExpense/list`);
    expect(rows.map((r) => r.id)).toContain(claims.chenjing);
    expect(rows.map((r) => r.id)).not.toContain(zhangweiHistory);
  });

  it('my: his own only; detail: his department’s, not another’s; totals: his departments’ only', async () => {
    const { rows } = await allIds('sunlei', `${B}/hjlApplyExpense/my`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.applyUser === ids.sunlei)).toBe(true);
    expect((await get('sunlei', `${B}/hjlApplyExpense/detail`, { id: claims.chenjing! })).body.data.id).toBe(claims.chenjing);
    expect((await get('sunlei', `${B}/hjlApplyExpense/detail`, { id: zhangweiHistory })).status).toBe(403);
    const stats = (await get('sunlei', `${B}/hjlApplyExpense/statistics/money`)).body.data;
    expect(stats.count).toBe(await countWhere('hjl_apply_expense', `(apply_user = $1 OR apply_dept::text = ANY($2::text[]))`, [ids.sunlei, tree]));
    const [sums] = await t.database.raw(
      `SELECT coalesce(sum(total_amount) FILTER (WHERE status IN (1, 2)), 0)::numeric(18,2)::text AS applied FROM hjl_apply_expense
        WHERE tenant_id = '000000' AND is_deleted = 0 AND (apply_user = $1 OR apply_dept::text = ANY($2::text[]))`,
      [ids.sunlei, tree],
    );
    expect(stats.applyMoney).toBe(sums!.applied);
    expect(stats.byUser.map((u: { applyUser: string }) => u.applyUser)).not.toContain(ids.zhangwei);
    expect(stats.byUser.map((u: { applyUser: string }) => u.applyUser)).toContain(ids.chenjing);
  });
});

describe('an applicant', () => {
  it('sees only his own applications in list, my, detail and totals', async () => {
    for (const [api, table] of KINDS) {
      const { rows, total } = await allIds('zhangwei', `${B}/${api}/list`);
      expect(total, api).toBe(await countWhere(table, `apply_user = $1`, [ids.zhangwei]));
      expect(rows.every((r) => r.applyUser === ids.zhangwei)).toBe(true);
    }
    const { rows } = await allIds('zhangwei', `${B}/hjlApplyExpense/my`);
    expect(rows.every((r) => r.applyUser === ids.zhangwei)).toBe(true);
    expect(rows.map((r) => r.id)).toContain(claims.zhangwei);
    expect((await get('zhangwei', `${B}/hjlApplyExpense/detail`, { id: claims.chenjing! })).status).toBe(403);
    expect((await get('zhangwei', `${B}/hjlApplyExpense/detail`, { id: claims.sunlei! })).status).toBe(403);
    const stats = (await get('zhangwei', `${B}/hjlApplyExpense/statistics/money`)).body.data;
    expect(stats.count).toBe(await countWhere('hjl_apply_expense', `apply_user = $1`, [ids.zhangwei]));
    expect(stats.byUser.map((u: { applyUser: string }) => u.applyUser)).toEqual([ids.zhangwei]);
  });

  it('sees only the lines of his own claims (报销明细), in the list and the detail', async () => {
    const lines = await t.call(tok.zhangwei, { method: 'GET', url: `${B}/hjlApplyExpenseInfo/list`, query: { current: '1', size: '100' } });
    expect(lines.body.code, JSON.stringify(lines.body).slice(0, 300)).toBe(200);
    const own = `apply_expense_id IN (SELECT id FROM hjl_apply_expense WHERE apply_user = $1 AND is_deleted = 0)`;
    expect(lines.body.data.total).toBe(await countWhere('hjl_apply_expense_info', own, [ids.zhangwei]));
    expect(lines.body.data.records.every((l: { applyExpenseId: string }) => l.applyExpenseId !== claims.chenjing)).toBe(true);
    const [other] = await t.database.raw(`SELECT id::text AS id FROM hjl_apply_expense_info WHERE apply_expense_id = $1`, [claims.chenjing]);
    expect((await get('zhangwei', `${B}/hjlApplyExpenseInfo/detail`, { id: String(other!.id) })).body.code).not.toBe(200);
  });

  it('finance sees every application', async () => {
    for (const [api, table] of KINDS) expect((await allIds('lihong', `${B}/${api}/list`)).total, api).toBe(await countWhere(table, 'true', []));
    const stats = (await get('lihong', `${B}/hjlApplyExpense/statistics/money`)).body.data;
    expect(stats.count).toBe(await countWhere('hjl_apply_expense', 'true', []));
  });
});
