/**
 * 项目收支 (BUSINESS.md WP3) over the API: the project 360 view's figures are sums of the ledger rows the drawer
 * lists, to the cent (a fixture of ledger rows of every kind added to a project moves each figure by exactly its
 * amounts); the cross-project report (sorted, paged, grouped, totals over all rows, Excel); a project expense
 * entered by finance; bad input (400, nothing written), another tenant, permission codes and data scope (project
 * staff: their projects' rows and totals; finance: all).
 */
import { DEPOSIT_LEDGER_BIZ, PROJECT_LEDGER_BIZ, addMoney, subtractMoney, sumMoney, toFen } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../platform/db/ids.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { basicAccountId, createTenant, userIds } from '../../testing/db.ts';
import { users } from '../../testing/http.ts';
import { postLedgerEntry } from '../finance/api.ts';

const A = '000000';
const PRJ = '/api/business/hjlProject';
const IE = '/api/business/hjlIncomeExpends';
let t: TestApp;
const { tok, get, post, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
const prj = { main: '', others: '' };

const rows = (q: string, v: unknown[] = []) => t.database.raw(q, v);
const money = (who: string, id: string) => get(who, `${PRJ}/statistics/project/money/${id}`).then((r) => r.body.data);

/** Every row of a figure, paged through the drawer's call; their amounts' sum and the call's `sum`. */
async function drawer(who: string, projectId: string, figure: string) {
  const amounts: string[] = [];
  let sum = '';
  let total = 0;
  for (let current = 1; ; current++) {
    const r = await get(who, `${IE}/get/project-money/list`, { projectId, figure, current: String(current), size: '200' });
    expect(r.body.code).toBe(200);
    const d = r.body.data;
    sum = d.sum;
    total = d.total;
    amounts.push(...d.records.map((x: { tradeAmount?: string; invoiceAmount?: string }) => String(x.tradeAmount ?? x.invoiceAmount)));
    if (d.records.length < 200) break;
  }
  expect(amounts).toHaveLength(total);
  return { rowsSum: sumMoney(amounts), sum, total };
}

/** The fixture: ledger rows of every kind on a project, as the money events of other modules write them. */
const FIXTURE = [
  { io: 0, biz: PROJECT_LEDGER_BIZ.collect, amount: '100000.00', date: '2026-03-05' },
  { io: 0, biz: PROJECT_LEDGER_BIZ.collect, amount: '33333.33', date: '2026-04-10' },
  { io: 0, biz: null, amount: '0.01', date: '2026-04-11' },
  { io: 1, biz: PROJECT_LEDGER_BIZ.labour, amount: '26296.30', date: '2026-04-20' },
  { io: 1, biz: PROJECT_LEDGER_BIZ.settlement, amount: '1234.56', date: '2026-04-21' },
  { io: 1, biz: PROJECT_LEDGER_BIZ.expense, cost: 1, amount: '12345.67', date: '2026-03-15' },
  { io: 1, biz: PROJECT_LEDGER_BIZ.expense, cost: 1, amount: '0.33', date: '2026-03-16' },
  { io: 1, biz: PROJECT_LEDGER_BIZ.expense, cost: 3, amount: '999.99', date: '2026-04-02' },
  { io: 1, biz: null, amount: '88.88', date: '2026-04-03' },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'zhangwei', 'lihong', 'zhaomin');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  const member = async (yes: boolean) =>
    (
      await rows(
        `SELECT p.id::text AS id FROM hjl_project p WHERE p.tenant_id = $1 AND p.is_deleted = 0 AND p.contract_id IS NOT NULL
           AND ($2::text = ANY(string_to_array(p.member_users, ','))) = $3 ORDER BY p.id LIMIT 1`,
        [A, ids.zhangwei, yes],
      )
    )[0]!.id as string;
  prj.main = await member(true);
  prj.others = await member(false);
}, 180_000);
afterAll(() => t.close());

describe('the project 360 view (statistics/project/money)', () => {
  it('every figure moves by exactly the fixture’s rows and equals the sum of the rows its drawer lists, to the cent', async () => {
    const before = await money('lihong', prj.main);
    const db = t.database.db;
    await db.transaction(async (tx) => {
      for (const f of FIXTURE)
        await postLedgerEntry(tx, {
          tenantId: A,
          bizType: f.biz ?? 'hjl_test_fixture',
          bizId: nextId(),
          incomeOrExpend: f.io as 0 | 1,
          tradeAmount: f.amount,
          transactionDate: f.date,
          costType: 'cost' in f ? f.cost : null,
          projectId: prj.main,
        });
    });
    // Rows of another project and rows not in effect count nowhere.
    await db.transaction((tx) =>
      postLedgerEntry(tx, {
        tenantId: A,
        bizType: PROJECT_LEDGER_BIZ.collect,
        bizId: nextId(),
        incomeOrExpend: 0,
        tradeAmount: '777.77',
        transactionDate: '2026-04-01',
        projectId: prj.others,
      }),
    );
    // A fixture row without a producing kind is a hand entry: drop the kind again (bizType null), as hand entries are.
    await rows(`UPDATE hjl_income_expend SET biz_type = NULL, biz_id = NULL WHERE biz_type = 'hjl_test_fixture'`);
    await rows(
      `INSERT INTO hjl_income_expend (id, tenant_id, status, income_or_expend, trade_amount, transaction_date, project_id, payer_name, payee_name, is_deleted)
       VALUES ($1, $2, 1, 1, 5000, '2026-04-01', $3, '', '', 0), ($4, $2, 2, 1, 6000, '2026-04-01', $3, '', '', 1)`,
      [nextId(), A, prj.main, nextId()],
    );
    const after = await money('lihong', prj.main);
    const delta = (k: string) => subtractMoney(after[k], before[k]);
    expect(delta('collect')).toBe('133333.33');
    expect(delta('otherIncome')).toBe('0.01');
    expect(delta('income')).toBe('133333.34');
    expect(delta('labour')).toBe('26296.30');
    expect(delta('settlement')).toBe('1234.56');
    expect(delta('cost')).toBe('13434.87');
    expect(delta('expend')).toBe('40965.73');
    expect(delta('profit')).toBe('92367.61');
    expect(delta('outstanding')).toBe('-133333.33');
    const cost = (d: typeof after, key: string) => d.costs.find((c: { key: string }) => c.key === key)?.amount ?? '0.00';
    expect(subtractMoney(cost(after, 'cost:1'), cost(before, 'cost:1'))).toBe('12346.00');
    expect(subtractMoney(cost(after, 'cost:3'), cost(before, 'cost:3'))).toBe('999.99');
    expect(subtractMoney(cost(after, 'cost:none'), cost(before, 'cost:none'))).toBe('88.88');
    expect(after.costs.find((c: { key: string }) => c.key === 'cost:1').name).toBe('人工成本');
    // The whole: profit = income − expend, expend = costs + labour + settlement, outstanding = contract − collected.
    expect(after.profit).toBe(subtractMoney(after.income, after.expend));
    expect(after.expend).toBe(sumMoney([after.cost, after.labour, after.settlement]));
    expect(after.income).toBe(addMoney(after.collect, after.otherIncome));
    expect(after.outstanding).toBe(subtractMoney(after.contractAmount, after.collect));
    const m = Number(toFen(after.profit) * 10000n) / Number(toFen(after.income));
    expect(Number(after.margin)).toBeCloseTo(Math.round(m) / 100, 2);
    // The months: April holds the fixture's April rows.
    const april = (d: typeof after) => d.months.find((x: { month: string }) => x.month === '2026-04') ?? { income: '0.00', expend: '0.00' };
    expect(subtractMoney(april(after).income, april(before).income)).toBe('33333.34');
    expect(subtractMoney(april(after).expend, april(before).expend)).toBe('28619.73');
    expect(after.chart.categories).toContain('2026-04');
    // Each figure is the sum of its rows (as listed by the drawer, all pages), and the sum the drawer answers.
    const figures = ['collect', 'otherIncome', 'labour', 'settlement', 'income', 'expend', ...after.costs.map((c: { key: string }) => c.key)];
    for (const figure of figures) {
      const d = await drawer('lihong', prj.main, figure);
      const shown = figure.startsWith('cost:') ? cost(after, figure) : after[figure];
      expect({ figure, sum: d.rowsSum }).toEqual({ figure, sum: shown });
      expect(d.sum).toBe(shown);
    }
    const inv = await drawer('lihong', prj.main, 'invoiced');
    expect(inv.rowsSum).toBe(after.invoiced);
    expect(inv.total).toBe(after.invoicedCount);
    // statistics/project/income_expend and project/get tell the same.
    const ie = (await get('zhangwei', `${PRJ}/statistics/project/income_expend/${prj.main}`)).body.data;
    expect(ie).toMatchObject({ income: after.income, expend: after.expend, balance: after.profit, labour: after.labour });
    expect((await post('zhangwei', `${IE}/project/get`, { projectId: prj.main })).body.data).toEqual(ie);
  });

  it('project staff see their projects only; another tenant sees nothing; bad input is a Chinese 400', async () => {
    expect((await get('zhangwei', `${PRJ}/statistics/project/money/${prj.others}`)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect((await get('zhangwei', `${IE}/get/project-money/list`, { projectId: prj.others, figure: 'collect' })).body).toMatchObject({
      code: 400,
      msg: '项目不存在或无权访问',
    });
    expect((await post('zhangwei', `${IE}/project/get`, { projectId: prj.others })).body.code).toBe(400);
    expect((await get('lihong', `${PRJ}/statistics/project/money/${prj.others}`)).body.code).toBe(200);
    expect((await get('b', `${PRJ}/statistics/project/money/${prj.main}`)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect((await get('lihong', `${IE}/get/project-money/list`, { projectId: prj.main, figure: 'cost:abc' })).body).toMatchObject({
      code: 400,
      msg: '收支项目不正确',
    });
    expect((await get('lihong', `${IE}/get/project-money/list`, { projectId: prj.main, figure: 'collect', size: '-1' })).body).toMatchObject({ code: 400 });
    expect((await get('lihong', `${PRJ}/statistics/project/money/abc`)).body.code).toBe(400);
    expect((await post('lihong', `${IE}/project/get`, {})).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: projectId' });
  });

  it('a user without 项目收支 is refused (403)', async () => {
    for (const [method, url] of [
      ['GET', `${PRJ}/statistics/project/money/${prj.main}`],
      ['GET', `${PRJ}/list/income_expend`],
      ['GET', `${IE}/get/project-money/list?projectId=${prj.main}&figure=collect`],
    ] as const)
      expect((await t.call(tok.zhaomin, { method, url })).status).toBe(403);
  });
});

describe('a project expense entered by finance (save/project/expend)', () => {
  it('writes one expense row of the project with its cost type; bad input writes nothing; project staff may not', async () => {
    const count = async () => Number((await rows(`SELECT count(*)::int AS n FROM hjl_income_expend WHERE tenant_id = $1`, [A]))[0]!.n);
    const before = await money('lihong', prj.main);
    const n0 = await count();
    const accountInfoId = await basicAccountId(t.database);
    const body = { projectId: prj.main, costType: 2, tradeAmount: '4321.09', transactionDate: '2026-05-06', payeeName: '某外包单位', accountInfoId };
    for (const [bad, msg] of [
      [{ ...body, tradeAmount: '-1' }, '金额必须大于0'],
      [{ ...body, tradeAmount: '1.001' }, '金额必须大于0'],
      [{ ...body, costType: 77 }, '成本类型不存在'],
      [{ ...body, costType: '' }, '请选择成本类型'],
      [{ ...body, transactionDate: '2026-13-01' }, '交易日期格式应为yyyy-MM-dd'],
      [{ ...body, projectId: prj.others, accountInfoId: '1' }, undefined],
    ] as const) {
      const r = await post('lihong', `${IE}/save/project/expend`, bad);
      expect(r.body.code).toBe(400);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    expect(await count()).toBe(n0);
    expect((await t.call(tok.zhangwei, { method: 'POST', url: `${IE}/save/project/expend`, payload: body })).status).toBe(403);
    expect((await post('b', `${IE}/save/project/expend`, body)).body.code).toBe(400);
    const r = await post('lihong', `${IE}/save/project/expend`, body);
    expect(r.body.code).toBe(200);
    expect(await count()).toBe(n0 + 1);
    const after = await money('lihong', prj.main);
    expect(subtractMoney(after.cost, before.cost)).toBe('4321.09');
    const row = (await rows(`SELECT biz_type, cost_type, income_or_expend, project_id::text AS p FROM hjl_income_expend WHERE id = $1`, [r.body.data.id]))[0]!;
    expect(row).toMatchObject({ biz_type: PROJECT_LEDGER_BIZ.direct, cost_type: 2, income_or_expend: 1, p: prj.main });
  });
});

describe('the cross-project report (list/income_expend)', () => {
  const report = (who: string, q: Record<string, string> = {}) => get(who, `${PRJ}/list/income_expend`, q).then((r) => r.body);

  it('finance sees every project, project staff theirs; rows and totals alike', async () => {
    const all = await report('lihong', { size: '500' });
    expect(all.code).toBe(200);
    const live = Number((await rows(`SELECT count(*)::int AS n FROM hjl_project WHERE tenant_id = $1 AND is_deleted = 0`, [A]))[0]!.n);
    expect(all.data.total).toBe(live);
    const mine = await report('zhangwei', { size: '500' });
    const members = (
      await rows(`SELECT id::text AS id FROM hjl_project WHERE tenant_id = $1 AND is_deleted = 0 AND $2::text = ANY(string_to_array(member_users, ','))`, [
        A,
        ids.zhangwei,
      ])
    ).map((r) => String(r.id));
    expect(mine.data.records.map((r: { id: string }) => r.id).sort()).toEqual(members.sort());
    expect(mine.data.records.map((r: { id: string }) => r.id)).not.toContain(prj.others);
    // Totals: the sum of the rows; the income total is the ledger's income of those projects, to the cent.
    for (const d of [mine.data, all.data]) {
      for (const f of ['contractAmount', 'invoiced', 'collect', 'outstanding', 'cost', 'labour', 'settlement', 'income', 'expend', 'profit'])
        expect({ f, v: sumMoney(d.records.map((r: Record<string, string>) => r[f])) }).toEqual({ f, v: d.totals[f] });
    }
    const ledgerIncome = (
      await rows(
        `SELECT coalesce(sum(trade_amount), 0)::numeric(18,2)::text AS s FROM hjl_income_expend
          WHERE tenant_id = $1 AND is_deleted = 0 AND status = 2 AND income_or_expend = 0 AND project_id::text = ANY($2::text[])
            AND coalesce(biz_type, '') <> ALL($3::text[])`,
        // Guarantee money is held, not earned: the 360 view keeps it apart (BUSINESS.md §1 Accounts and the ledger).
        [A, members, [...DEPOSIT_LEDGER_BIZ]],
      )
    )[0]!.s;
    expect(mine.data.totals.income).toBe(ledgerIncome);
    // A project's row tells what its 360 view tells.
    const row = mine.data.records.find((r: { id: string }) => r.id === prj.main);
    const st = await money('zhangwei', prj.main);
    expect(row).toMatchObject({
      collect: st.collect,
      invoiced: st.invoiced,
      profit: st.profit,
      labour: st.labour,
      cost: st.cost,
      margin: st.margin,
      contractAmount: st.contractAmount,
    });
    expect(row.projectName).toBeTruthy();
  });

  it('sorts, pages and groups on the server', async () => {
    const byProfit = await report('lihong', { descs: 'profit', size: '10' });
    const p = byProfit.data.records.map((r: { profit: string }) => toFen(r.profit));
    for (let i = 1; i < p.length; i++) expect(p[i - 1] >= p[i]).toBe(true);
    const page2 = await report('lihong', { descs: 'profit', size: '10', current: '2' });
    expect(page2.data.current).toBe(2);
    if (page2.data.records.length) expect(toFen(page2.data.records[0].profit) <= p[p.length - 1]!).toBe(true);
    const asc = await report('lihong', { ascs: 'margin', size: '500' });
    const margins = asc.data.records.filter((r: { margin: string | null }) => r.margin !== null).map((r: { margin: string }) => Number(r.margin));
    for (let i = 1; i < margins.length; i++) expect(margins[i - 1]! <= margins[i]!).toBe(true);
    for (const groupBy of ['dept', 'leader', 'customer']) {
      const g = await report('lihong', { groupBy, size: '500' });
      expect(g.code).toBe(200);
      expect(sumMoney(g.data.records.map((r: { profit: string }) => r.profit))).toBe(g.data.totals.profit);
      expect(g.data.records.reduce((a: number, r: { projectCount: number }) => a + r.projectCount, 0)).toBe(byProfit.data.total);
    }
    const dept = await report('lihong', { groupBy: 'dept', size: '500' });
    expect(dept.data.records[0].deptName).toBeTruthy();
    const filtered = await report('lihong', { deptId: String(dept.data.records[0].deptId), size: '500' });
    expect(filtered.data.total).toBe(dept.data.records[0].projectCount);
    expect(filtered.data.totals.profit).toBe(dept.data.records[0].profit);
  });

  it('bad input is a Chinese 400; exports an Excel workbook to holders of 导出', async () => {
    expect((await report('lihong', { groupBy: 'x' })).msg).toBe('分组方式只能是project、dept、leader或customer');
    expect((await report('lihong', { descs: 'nope' })).code).toBe(400);
    expect((await report('lihong', { current: 'x' })).code).toBe(400);
    const x = await t.call(tok.lihong, { method: 'GET', url: `${PRJ}/list/income_expend/export`, query: { groupBy: 'dept' } });
    expect(x.status).toBe(200);
    expect(String(x.res.headers['content-type'])).toContain('spreadsheetml');
    expect((await t.call(tok.zhaomin, { method: 'GET', url: `${PRJ}/list/income_expend/export` })).status).toBe(403);
  });
});
