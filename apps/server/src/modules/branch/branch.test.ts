/**
 * Branches (BUSINESS.md WP5, the branch lines of its acceptance) over the API: hjlDividend's `DELETE remove` with a
 * body and `PUT update` (POST to them is 404/405); a branch leader sees only their branch in lists, totals, details
 * and exports, and every record kind through it; investment history (three submits → three snapshots, the middle one
 * exactly); dividend = profit × ratio to the fen, paid once into the ledger; withdrawals approved into the ledger; a
 * branch with business data is not removed; bad input is a Chinese 400 that writes nothing; another tenant; codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { expectEvery } from '../../testing/expect.ts';
import { decide, FORBIDDEN, ok, refusal, users } from '../../testing/http.ts';

const A = '000000';
const F = '/api/business/hjlFiliale';
const DIV = '/api/business/hjlDividend';
const MGMT = '/api/business/hjlFilialeMgmt';
const DEP = '/api/business/hjlFilialeDeposit';
const INV = '/api/business/hjlInvestInfo';
const WD = '/api/business/hjlWithdrawShare';
let t: TestApp;
const { tok, get, post, put, call, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
const branch = { suzhou: '', wuxi: '', mine: '' };
let account = '';

const rows = (q: string, v: unknown[] = []) => t.database.raw(q, v);
const data = async (r: Promise<{ status: number; body: any }>) => ok(await r).body.data;
const ledgerOf = (bizType: string, bizId: string) =>
  rows(`SELECT income_or_expend, trade_amount::text AS amount, account_info_id::text AS account FROM hjl_income_expend WHERE biz_type = $1 AND biz_id = $2`, [
    bizType,
    bizId,
  ]);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'lihong', 'sunlei', 'wangjianguo', 'zhaomin', 'zhangwei');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  const named = async (name: string) =>
    String((await rows(`SELECT id::text AS id FROM hjl_filiale WHERE tenant_id = $1 AND filiale_name = $2`, [A, name]))[0]!.id);
  branch.suzhou = await named('苏州分公司');
  branch.wuxi = await named('无锡分公司');
  account = String(
    (await rows(`SELECT id::text AS id FROM hjl_account_info WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY balance DESC LIMIT 1`, [A]))[0]!.id,
  );
  // A branch of the test's own, on a company-type dept made for it (nothing of the demo's depends on it).
  const dept = String(
    (
      await rows(
        `INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name, sort, dept_category, is_deleted)
         SELECT 1900000000000000001, d.tenant_id, d.id, '0,' || d.id, '测试分公司', '华建工程咨询有限公司测试分公司', 99, 1, 0 FROM blade_dept d
         WHERE d.tenant_id = $1 AND d.parent_id = 0 LIMIT 1 RETURNING id::text AS id`,
        [A],
      )
    )[0]!.id,
  );
  ok(await post('lihong', `${F}/save`, { filialeName: '测试分公司', deptId: dept, leaderUser: ids.zhangwei, shareRatio: '60', filialeStatus: 1 }));
  branch.mine = String((await rows(`SELECT id::text AS id FROM hjl_filiale WHERE filiale_name = '测试分公司'`))[0]!.id);
}, 180_000);
afterAll(() => t.close());

describe('dividends: PUT update and DELETE remove with a body, to the fen', () => {
  const items = [
    { itemName: '咨询收入', itemType: 1, amount: '1500.05' },
    { itemName: '人工成本', itemType: 2, amount: '500.00' },
  ];

  it('computes profit and dividend from the items to the fen; PUT update recomputes; DELETE remove with {ids} removes; POST to them is 404/405', async () => {
    ok(
      await post('lihong', `${DIV}/save`, {
        filialeId: branch.mine,
        dividendYear: 2026,
        ratio: '50',
        components: items,
        profit: '999999',
        dividendAmount: '1',
      }),
    );
    const [row] = (await data(get('lihong', `${DIV}/list`, { filialeId: branch.mine }))).records;
    // profit 1000.05 × 50 % = 500.025 → 500.03 (half up); what the body said of them is ignored.
    expect(row).toMatchObject({ profit: '1000.05', dividendAmount: '500.03', payState: 0, filialeName: '测试分公司' });
    const detail = await data(get('lihong', `${DIV}/detail`, { id: row.id }));
    expect(detail.components.map((c: { itemName: string; amount: string }) => [c.itemName, c.amount])).toEqual([
      ['咨询收入', '1500.05'],
      ['人工成本', '500.00'],
    ]);

    expect([404, 405]).toContain((await post('lihong', `${DIV}/update`, { id: row.id, ratio: '33.33' })).status);
    ok(await put('lihong', `${DIV}/update`, { id: row.id, ratio: '33.33' }));
    // 1000.05 × 33.33 % = 333.316665 → 333.32
    expect(await data(get('lihong', `${DIV}/detail`, { id: row.id }))).toMatchObject({ ratio: '33.33', dividendAmount: '333.32', profit: '1000.05' });
    ok(await put('lihong', `${DIV}/update`, { id: row.id, components: [{ itemName: '咨询收入', itemType: 1, amount: '0.03' }] }));
    expect(await data(get('lihong', `${DIV}/detail`, { id: row.id }))).toMatchObject({ profit: '0.03', dividendAmount: '0.01' });

    expect([404, 405]).toContain((await post('lihong', `${DIV}/remove`, { ids: [row.id] }, { ids: row.id })).status);
    expect(await countRows(t.database, 'hjl_dividend', 'id = $1 AND is_deleted = 0', [row.id])).toBe(1);
    ok(await call('lihong', 'DELETE', `${DIV}/remove`, { ids: [row.id] }));
    expect(await countRows(t.database, 'hjl_dividend', 'id = $1 AND is_deleted = 0', [row.id])).toBe(0);
  });

  it('a paid dividend posts one expense on its account and is then neither paid again, changed nor removed', async () => {
    ok(await post('lihong', `${DIV}/save`, { filialeId: branch.mine, dividendYear: 2025, ratio: '70', components: items }));
    const [row] = (await data(get('lihong', `${DIV}/list`, { filialeId: branch.mine, dividendYear: '2025' }))).records;
    expect(row.dividendAmount).toBe('700.04'); // 1000.05 × 70 % = 700.035 → 700.04
    ok(await post('lihong', `${DIV}/pay`, { id: row.id, accountInfoId: account, payDate: '2026-05-10' }));
    expect(await ledgerOf('hjl_dividend', row.id)).toEqual([{ income_or_expend: 1, amount: '700.04', account }]);
    expect(await post('lihong', `${DIV}/pay`, { id: row.id, accountInfoId: account, payDate: '2026-05-11' })).toMatchObject(refusal('该分红已发放'));
    expect(await put('lihong', `${DIV}/update`, { id: row.id, ratio: '10' })).toMatchObject(refusal('已发放的分红不能修改'));
    expect(await call('lihong', 'DELETE', `${DIV}/remove`, { ids: [row.id] })).toMatchObject(refusal('已发放的分红不能删除'));
    expect(await ledgerOf('hjl_dividend', row.id)).toHaveLength(1);
  });

  it('bad input is a Chinese 400 and writes nothing', async () => {
    const before = await countRows(t.database, 'hjl_dividend');
    expect(await post('lihong', `${DIV}/save`, { filialeId: branch.mine, dividendYear: 2026, ratio: '50' })).toMatchObject(refusal('请添加利润项目'));
    expect(await post('lihong', `${DIV}/save`, { filialeId: branch.mine, dividendYear: 2026, ratio: '120', components: items })).toMatchObject(
      refusal('分红比例(%)应在0至100之间'),
    );
    expect(
      await post('lihong', `${DIV}/save`, {
        filialeId: branch.mine,
        dividendYear: 2026,
        ratio: '50',
        components: [{ itemName: '成本', itemType: 2, amount: '10' }],
      }),
    ).toMatchObject(refusal('分红金额必须大于0'));
    expect(
      await post('lihong', `${DIV}/save`, { filialeId: branch.mine, dividendYear: 2026, ratio: '50', components: [{ itemType: 1, amount: '10' }] }),
    ).toMatchObject(refusal('请输入项目名称'));
    expect(await post('lihong', `${DIV}/save`, { dividendYear: 2026, ratio: '50', components: items })).toMatchObject(refusal('请选择分公司'));
    expect(await call('lihong', 'DELETE', `${DIV}/remove`, {})).toMatchObject({ status: 400 });
    expect(await post('lihong', `${DIV}/pay`, { id: '1', accountInfoId: account, payDate: '2026-13-01' })).toMatchObject(refusal('发放日期格式应为yyyy-MM-dd'));
    expect(await countRows(t.database, 'hjl_dividend')).toBe(before);
  });
});

describe('a branch leader sees only their branch', () => {
  it('in the list and its total, the detail, the export and every record kind', async () => {
    const list = await data(get('sunlei', `${F}/list`, { size: '100' }));
    expect(list.total).toBe(1);
    expect(list.records.map((r: { id: string }) => r.id)).toEqual([branch.suzhou]);
    expect((await get('sunlei', `${F}/detail`, { id: branch.wuxi })).status).toBe(404);
    expect((await data(get('sunlei', `${F}/detail`, { id: branch.suzhou }))).filialeName).toBe('苏州分公司');
    expect((await data(get('lihong', `${F}/list`, { size: '100' }))).total).toBe(3);
    // The head office's project staff hold the same grants and see no branch.
    expect((await data(get('zhangwei', `${F}/list`))).total).toBe(0);
    for (const api of [MGMT, DEP, '/api/business/hjlFilialeContract', '/api/business/hjlFilialeAccount', DIV, WD, INV]) {
      const mine = await data(get('sunlei', `${api}/list`, { size: '100' }));
      expect(mine.total, api).toBeGreaterThan(0);
      expectEvery(mine.records, (r: { filialeId: string }) => r.filialeId === branch.suzhou, api);
      const all = await data(get('lihong', `${api}/list`, { size: '100' }));
      expect(all.total, api).toBeGreaterThan(mine.total);
      expect((await data(get('sunlei', `${api}/list`, { filialeId: branch.wuxi }))).total, api).toBe(0);
    }
    const wuxiMgmt = (await data(get('lihong', `${MGMT}/list`, { filialeId: branch.wuxi }))).records[0];
    expect((await get('sunlei', `${MGMT}/detail`, { id: wuxiMgmt.id })).status).toBe(404);
    expect(await post('sunlei', `${MGMT}/save`, { filialeId: branch.wuxi, mgmtType: 2, period: '2026-03', content: '检查' })).toMatchObject(
      refusal('分公司不存在或无权访问'),
    );
    const sheet = await t.call(tok.sunlei, { method: 'GET', url: `${MGMT}/export` });
    expect(sheet.status).toBe(200);
    expect((await get('sunlei', `${F}/statement/${branch.wuxi}`)).body).toMatchObject({ code: 400, msg: '分公司不存在或无权访问' });
    ok(await get('sunlei', `${F}/statement/${branch.suzhou}`));
  });
});

describe('investment information keeps a snapshot per submit', () => {
  it('three submits → his/page total 3, his/detail the middle snapshot exactly', async () => {
    const body = { filialeId: branch.mine, investor: '测试投资人', investAmount: '100000.00', investRatio: '10', investDate: '2026-01-05' };
    ok(await post('lihong', `${INV}/submit`, body));
    const id = String((await rows(`SELECT id::text AS id FROM hjl_invest_info WHERE investor = '测试投资人'`))[0]!.id);
    ok(await post('lihong', `${INV}/submit`, { id, investAmount: '150000.50', investRatio: '15', remark: '增资' }));
    ok(await post('lihong', `${INV}/submit`, { id, investAmount: '90000.00', investRatio: '9' }));
    const his = await data(get('lihong', `${INV}/his/page`, { investInfoId: id }));
    expect(his.total).toBe(3);
    expect(his.records.map((r: { version: number }) => r.version)).toEqual([3, 2, 1]);
    const middle = his.records[1];
    const snap = await data(get('lihong', `${INV}/his/detail`, { id: middle.id }));
    expect(snap).toMatchObject({
      investInfoId: id,
      version: 2,
      filialeId: branch.mine,
      investor: '测试投资人',
      investAmount: '150000.50',
      investRatio: '15.00',
      investDate: '2026-01-05',
      remark: '增资',
    });
    expect(await data(get('lihong', `${INV}/detail`, { id }))).toMatchObject({ investAmount: '90000.00', investRatio: '9.00' });
    // The leader of another branch reads none of it.
    expect((await get('sunlei', `${INV}/his/detail`, { id: middle.id })).status).toBe(404);
    expect((await data(get('sunlei', `${INV}/his/page`, { investInfoId: id }))).total).toBe(0);
    // A bad submit writes no snapshot.
    expect(await post('lihong', `${INV}/submit`, { id, investRatio: 'abc' })).toMatchObject({ status: 400 });
    expect((await data(get('lihong', `${INV}/his/page`, { investInfoId: id }))).total).toBe(3);
  });
});

describe('withdrawals, management fees and deposits reach the ledger once', () => {
  it('an approved withdrawal is paid: one expense of base × ratio on its account', async () => {
    const started = await data(
      post('lihong', `${WD}/start`, {
        withdrawType: 2,
        filialeId: branch.mine,
        userId: ids.zhangwei,
        period: '2026-04',
        baseAmount: '33333.33',
        ratio: '3',
        accountInfoId: account,
      }),
    );
    expect(started.amount).toBe('1000.00'); // 33333.33 × 3 % = 999.9999 → 1000.00
    await decide(t, tok, started.processInstanceId, true, ['sunlei', 'wangjianguo', 'lihong', 'admin']);
    expect((await data(get('lihong', `${WD}/detail`, { id: started.id }))).status).toBe(2);
    expect(await ledgerOf('hjl_withdraw_share', started.id)).toEqual([{ income_or_expend: 1, amount: '1000.00', account }]);
    expect(
      await post('lihong', `${WD}/save`, { withdrawType: 2, filialeId: branch.mine, period: '2026-04', baseAmount: '100', ratio: '3', accountInfoId: account }),
    ).toMatchObject(refusal('个人提成请选择提成人员'));
  });

  it('a management fee received posts its income and is then fixed; a deposit posts its payment and its refund', async () => {
    expect(
      await post('lihong', `${MGMT}/save`, {
        filialeId: branch.mine,
        mgmtType: 1,
        period: '2026-04',
        content: '管理费',
        amount: '100',
        receiveDate: '2026-05-10',
      }),
    ).toMatchObject(refusal('已收款的管理记录请选择收款账户'));
    expect(await post('lihong', `${MGMT}/save`, { filialeId: branch.mine, mgmtType: 1, period: '2026-4', content: '管理费' })).toMatchObject(
      refusal('期间格式应为yyyy-MM'),
    );
    ok(
      await post('lihong', `${MGMT}/save`, {
        filialeId: branch.mine,
        mgmtType: 1,
        period: '2026-04',
        content: '四月管理费',
        amount: '1234.56',
        receiveDate: '2026-05-10',
        accountInfoId: account,
      }),
    );
    const mgmt = (await data(get('lihong', `${MGMT}/list`, { filialeId: branch.mine }))).records[0];
    expect(await ledgerOf('hjl_filiale_mgmt', mgmt.id)).toEqual([{ income_or_expend: 0, amount: '1234.56', account }]);
    expect(await post('lihong', `${MGMT}/update`, { id: mgmt.id, amount: '1' })).toMatchObject(refusal('已入账的记录不能修改'));
    expect(await post('lihong', `${MGMT}/remove`, undefined, { ids: mgmt.id })).toMatchObject(refusal('已入账的记录不能删除'));

    ok(await post('lihong', `${DEP}/submit`, { filialeId: branch.mine, amount: '5000', payDate: '2026-02-01', accountInfoId: account }));
    const dep = (await data(get('lihong', `${DEP}/list`, { filialeId: branch.mine }))).records[0];
    expect(dep).toMatchObject({ depositStatus: 1, amount: '5000.00' });
    expect(await post('lihong', `${DEP}/submit`, { id: dep.id, amount: '6000' })).toMatchObject(refusal('已入账的记录不能修改'));
    expect(await post('lihong', `${DEP}/submit`, { id: dep.id, refundDate: '2026-01-01' })).toMatchObject(refusal('退还日期不能早于缴纳日期'));
    ok(await post('lihong', `${DEP}/submit`, { id: dep.id, refundDate: '2026-06-30' }));
    expect(await data(get('lihong', `${DEP}/detail`, { id: dep.id }))).toMatchObject({ depositStatus: 2 });
    expect(await ledgerOf('hjl_filiale_deposit', dep.id)).toEqual([{ income_or_expend: 0, amount: '5000.00', account }]);
    expect(await ledgerOf('hjl_filiale_deposit_refund', dep.id)).toEqual([{ income_or_expend: 1, amount: '5000.00', account }]);
  });
});

describe('branch register rules', () => {
  it('a branch with business data is not removed; one without is; bad input writes nothing', async () => {
    expect(await post('lihong', `${F}/remove`, undefined, { ids: branch.suzhou })).toMatchObject(refusal('该分公司存在业务数据,不能删除'));
    expect(await post('lihong', `${F}/remove`, undefined, { ids: branch.mine })).toMatchObject(refusal('该分公司存在业务数据,不能删除'));
    const before = await countRows(t.database, 'hjl_filiale');
    expect(await post('lihong', `${F}/save`, { deptId: ids.finance ?? '1', shareRatio: '50', filialeStatus: 1 })).toMatchObject(refusal('请输入分公司名称'));
    expect(
      await post('lihong', `${F}/save`, { filialeName: '苏州分公司', deptId: '1', leaderUser: ids.sunlei, shareRatio: '50', filialeStatus: 1 }),
    ).toMatchObject({ status: 400 });
    const dept = String((await rows(`SELECT id::text AS id FROM blade_dept WHERE tenant_id = $1 AND dept_name = '造价部'`, [A]))[0]!.id);
    expect(
      await post('lihong', `${F}/save`, { filialeName: '造价分公司', deptId: dept, leaderUser: ids.sunlei, shareRatio: '50', filialeStatus: 1 }),
    ).toMatchObject(refusal('所属机构须为公司类型的机构'));
    expect(await countRows(t.database, 'hjl_filiale')).toBe(before);
    // A branch without records or projects goes.
    const empty = String(
      (
        await rows(
          `INSERT INTO hjl_filiale (id, tenant_id, filiale_name, dept_id, share_ratio, filiale_status, status, is_deleted)
           VALUES (1900000000000000002, $1, '空分公司', 1900000000000000001, 10, 1, 1, 0) RETURNING id::text AS id`,
          [A],
        )
      )[0]!.id,
    );
    ok(await post('lihong', `${F}/remove`, undefined, { ids: empty }));
    expect(await countRows(t.database, 'hjl_filiale', 'id = $1 AND is_deleted = 0', [empty])).toBe(0);
  });

  it('another tenant sees nothing and changes nothing; references to our branch are refused', async () => {
    expect((await data(get('b', `${F}/list`))).total).toBe(0);
    expect((await get('b', `${F}/detail`, { id: branch.suzhou })).status).toBe(404);
    expect((await data(get('b', `${DIV}/list`))).total).toBe(0);
    expect(await post('b', `${F}/remove`, undefined, { ids: branch.mine })).toMatchObject({ status: 400 });
    expect(await call('b', 'DELETE', `${DIV}/remove`, { ids: [branch.mine] })).toMatchObject({ status: 400 });
    expect(await post('b', `${MGMT}/save`, { filialeId: branch.suzhou, mgmtType: 2, period: '2026-03', content: '检查' })).toMatchObject(
      refusal('分公司不存在或无权访问'),
    );
    expect((await data(get('b', `${INV}/his/page`))).total).toBe(0);
    expect((await get('b', `${F}/statement/${branch.suzhou}`)).body).toMatchObject({ code: 400, msg: '分公司不存在或无权访问' });
    expect(await countRows(t.database, 'hjl_filiale', 'id = $1 AND is_deleted = 0', [branch.mine])).toBe(1);
  });

  it('every route checks its permission code', async () => {
    expect(await get('zhaomin', `${F}/list`)).toMatchObject(FORBIDDEN);
    expect(await post('zhaomin', `${F}/save`, { filialeName: 'x' })).toMatchObject(FORBIDDEN);
    expect(await call('zhaomin', 'DELETE', `${DIV}/remove`, { ids: ['1'] })).toMatchObject(FORBIDDEN);
    expect(await put('zhaomin', `${DIV}/update`, { id: '1' })).toMatchObject(FORBIDDEN);
    expect(await get('zhaomin', `${INV}/his/page`)).toMatchObject(FORBIDDEN);
    expect(await get('zhaomin', `${F}/statement/${branch.suzhou}`)).toMatchObject(FORBIDDEN);
    // The leader reads dividends but does not pay or change them, nor change the branch.
    expect(await post('sunlei', `${DIV}/pay`, { id: '1', accountInfoId: account, payDate: '2026-05-10' })).toMatchObject(FORBIDDEN);
    expect(await put('sunlei', `${DIV}/update`, { id: '1', ratio: '1' })).toMatchObject(FORBIDDEN);
    expect(await post('sunlei', `${F}/update`, { id: branch.suzhou, filialeName: 'x' })).toMatchObject(FORBIDDEN);
  });
});
