/**
 * The tax rules of the payroll over the API (BUSINESS.md §1 "Salary" and "Labour fee"), each on the figures the audit
 * found: the demo's labour fees to employees are wages (no labour-remuneration withholding; they join the payroll),
 * 赵敏's social-security base within the 4,879 floor (1,000.20 deducted, not 922.50), the basic deduction of the
 * months employed (a month unpaid in September: 60.00 withheld in October, not 210.00), itemised special deductions
 * within their caps (99,999.00 refused), an earlier month changed marking the later ones (refused until computed
 * again in one action), and paying a month recording its payables, cleared by a later payment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALARY_MSG, SPECIAL_DEDUCTION_MSG } from '@hjl/core';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, userIds } from '../../testing/db.ts';
import { expectEvery } from '../../testing/expect.ts';
import { ok, refused, users, WF } from '../../testing/http.ts';

const B = '/api/business';
const REC = `${B}/hjlSalaryRecord`;
const INFO = `${B}/hjlUserSalaryInfo`;
const A = '000000';
/** Next year: months nobody has records of. */
const Y = String(new Date(Date.now() + 8 * 3600_000).getUTCFullYear() + 1);
const m = (n: number) => `${Y}-${String(n).padStart(2, '0')}`;

let t: TestApp;
const { get, post, login } = users(() => t, { blankPayload: {} });
const ids: Record<string, string> = {};
const rows = (q: string, v: unknown[] = []) => t.database.raw(q, v);
const one = async (q: string, v: unknown[] = []) => (await rows(q, v))[0]!;
const infoOf = async (account: string) => ok(await get('zhaomin', `${INFO}/getUserInfoByAccount`, { account })).body.data;
const recordOf = async (account: string, month: string) => {
  const r = await one(`SELECT id::text AS id FROM hjl_salary_record WHERE tenant_id = $1 AND is_deleted = 0 AND user_id = $2 AND import_month = $3`, [
    A,
    ids[account],
    month,
  ]);
  return ok(await get('zhaomin', `${REC}/detail`, { id: String(r.id) })).body.data;
};
/** A month's attendance of the people (nothing payable or deducted), as an import stores it. */
let attendanceId = 993000000000000000n;
const attend = async (month: string, accounts: string[]) => {
  for (const a of accounts)
    await rows(`INSERT INTO hjl_attendance_import (id, tenant_id, import_month, user_id, attendance_values, batch_no) VALUES ($1, $2, $3, $4, '{}', 'test')`, [
      String(attendanceId++),
      A,
      month,
      ids[a],
    ]);
};
const compute = async (month: string, accounts: string[]) =>
  ok(await post('zhaomin', `${REC}/compute`, { importMonth: month, userIds: accounts.map((a) => ids[a]) })).body.data;

/** Approves an instance through its chain (人事 → 财务 → 总经理): whoever holds its task acts, until it ends. */
async function approveAll(processInstanceId: string) {
  for (let step = 0; step < 6; step++) {
    let acted = false;
    for (const who of ['zhaomin', 'lihong', 'wangjianguo']) {
      const todo = (await get(who, `${WF}/todo`, { size: '100' })).body.data.records as { taskId: string; processInstanceId: string }[];
      const task = todo.find((x) => x.processInstanceId === processInstanceId);
      if (task) {
        ok(await post(who, `${WF}/completeTask`, { taskId: task.taskId, pass: true, comment: '同意', variables: {} }));
        acted = true;
        break;
      }
    }
    if (!acted) return;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await login('admin', 'wangjianguo', 'zhaomin', 'lihong', 'chenjing');
  Object.assign(ids, await userIds(t.database));
}, 120_000);
afterAll(() => t.close());

describe('the demo data obeys the rules', () => {
  it('labour fees to employees withhold nothing and join the payroll of their month', async () => {
    const persons = (await rows(
      `SELECT p.user_id::text AS u, p.salary_month AS m, p.amount::text AS a, p.tax_amount::text AS tax, p.net_amount::text AS net, f.pay_status AS paid
         FROM hjl_project_labour_person p JOIN hjl_project_collect_labour_from f ON f.id = p.labour_id
        WHERE p.tenant_id = $1 AND p.is_deleted = 0 AND f.is_deleted = 0`,
      [A],
    )) as { u: string | null; m: string | null; a: string; tax: string; net: string; paid: number }[];
    expect(persons.length).toBeGreaterThan(40);
    // All the demo's persons are employees: no labour-remuneration table (it withheld 465,672.63 before).
    expectEvery(persons, (p) => p.u !== null && p.tax === '0.00' && p.net === p.a);
    expect((await one(`SELECT coalesce(sum(tax_amount), 0)::text AS s FROM hjl_project_collect_labour_from WHERE tenant_id = $1`, [A])).s).toBe('0.00');
    expectEvery(
      persons.filter((p) => p.paid === 1),
      (p) => p.m !== null,
    );
    // Where a paid fee's month has a salary record of the person, the record carries it as wages.
    const joined = (await rows(
      `SELECT r.labour_pay::text AS l, (SELECT sum(p.amount) FROM hjl_project_labour_person p JOIN hjl_project_collect_labour_from f ON f.id = p.labour_id
                 WHERE p.user_id = r.user_id AND p.salary_month = r.import_month AND p.is_deleted = 0 AND f.pay_status = 1)::text AS s
         FROM hjl_salary_record r WHERE r.tenant_id = $1 AND r.is_deleted = 0`,
      [A],
    )) as { l: string; s: string | null }[];
    expectEvery(joined, (x) => x.l === (x.s ?? '0.00'));
  });

  it('赵敏’s base within the 4,879 floor: 1,000.20 deducted, not 922.50; clamped on computation too', async () => {
    expect(await infoOf('zhaomin')).toMatchObject({ socialBase: '4879.00' });
    const [current] = await rows(`SELECT max(import_month) AS m FROM hjl_salary_record WHERE tenant_id = $1`, [A]);
    const month = String(current!.m);
    expect(await recordOf('zhaomin', month)).toMatchObject({ socialPersonal: '1000.20', fundPersonal: '487.90' });
    // A base stored below the floor (an installation from before) is still taken at the floor.
    await rows(`UPDATE hjl_user_salary_info SET social_base = 4500 WHERE tenant_id = $1 AND user_id = $2`, [A, ids.zhaomin]);
    await compute(month, ['zhaomin']);
    const r = await recordOf('zhaomin', month);
    expect(r.socialPersonal).toBe('1000.20');
    expect(r.calculation.steps.find((s: { label: string }) => s.label === '个人社保公积金').formula).toContain('基数 4500.00 按方案上下限计为 4879.00');
    // Written on the standard, a base outside the scheme's limits is refused.
    const info = await infoOf('zhaomin');
    refused(await post('zhaomin', `${INFO}/submit`, { id: info.id, socialBase: '4500.00' }), `${SALARY_MSG.socialBaseRange}(4879.00~24396.00)`);
    refused(await post('zhaomin', `${INFO}/submit`, { id: info.id, socialBase: '24396.01' }), `${SALARY_MSG.socialBaseRange}(4879.00~24396.00)`);
    ok(await post('zhaomin', `${INFO}/submit`, { id: info.id, socialBase: '4879.00' }));
  });
});

describe('special additional deductions, itemised with the 2023 caps', () => {
  it('refuses one free amount and what is over a cap, writing nothing; items make the monthly total', async () => {
    const info = await infoOf('chenjing');
    const bad: [Record<string, unknown>, string][] = [
      [{ specialDeduction: '99999.00' }, SPECIAL_DEDUCTION_MSG.freeAmount],
      [{ elderlySupport: 2, elderlyShare: '1600.00' }, SPECIAL_DEDUCTION_MSG.elderlyShareMax],
      [{ housingLoan: 1 }, SPECIAL_DEDUCTION_MSG.housingBoth],
      [{ childrenCount: 10 }, '子女教育(子女人数)应在0至9之间'],
      [{ seriousIllness: '90000.00' }, SPECIAL_DEDUCTION_MSG.seriousIllnessMax],
    ];
    for (const [body, message] of bad) refused(await post('zhaomin', `${INFO}/submit`, { id: info.id, ...body }), message);
    // 陈静 rents in 南京 (1,500 a month): unchanged by the refusals.
    expect(await infoOf('chenjing')).toMatchObject({ housingRent: 1, specialDeduction: '1500.00' });
    ok(await post('zhaomin', `${INFO}/submit`, { id: info.id, childrenCount: 2, elderlySupport: 2, elderlyShare: '1500.00' }));
    // 2 × 2,000 + 1,500 + 1,500 = 7,000.00; the total sent back as it is is accepted.
    expect(await infoOf('chenjing')).toMatchObject({ specialDeduction: '7000.00' });
    ok(await post('zhaomin', `${INFO}/submit`, { id: info.id, specialDeduction: '7000.00' }));
  });
});

describe('the basic deduction counts the months employed; an earlier month changed marks the later ones', () => {
  it('a month unpaid in September: October withholds 60.00 (not 210.00)', async () => {
    const info = await infoOf('zhengli');
    ok(
      await post('zhaomin', `${INFO}/submit`, {
        id: info.id,
        basePay: '6000.00',
        postPay: '0',
        performancePay: '0',
        allowance: '0',
        socialSchemeId: null,
        socialBase: null,
      }),
    );
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 10]) await attend(m(n), ['zhengli']);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) await compute(m(n), ['zhengli']);
    // January–August 6,000 a month: taxable 1,000 each month, 30.00 withheld each.
    expect(await recordOf('zhengli', m(8))).toMatchObject({ grossPay: '6000.00', incomeTax: '30.00' });
    await compute(m(10), ['zhengli']);
    const oct = await recordOf('zhengli', m(10));
    ok(await post('zhaomin', `${REC}/update`, { id: oct.id, otherPay: '6000.00' }));
    // October 12,000: 60,000 − 5,000 × 10 months employed = 10,000 × 3 % = 300 − 240 withheld = 60.00.
    const after = await recordOf('zhengli', m(10));
    expect(after).toMatchObject({ grossPay: '12000.00', cumulativeTaxable: '10000.00', incomeTax: '60.00', needsRecompute: 0 });
    expect(after.calculation).toMatchObject({ taxMonths: 10, cumulativeThreshold: '50000.00', priorTax: '240.00' });
  });

  it('February changed: March to October are marked, said so, refused, and computed again in one action', async () => {
    const feb = await recordOf('zhengli', m(2));
    ok(await post('zhaomin', `${REC}/update`, { id: feb.id, otherPay: '1000.00' }));
    const stale = ok(await get('zhaomin', `${REC}/staleMonths`, { year: Y })).body.data;
    expect(stale.map((s: { importMonth: string }) => s.importMonth)).toEqual([3, 4, 5, 6, 7, 8, 10].map(m));
    expect((await recordOf('zhengli', m(10))).needsRecompute).toBe(1);
    refused(await post('zhaomin', `${REC}/submitBatchApproval`, { importMonth: m(10) }), SALARY_MSG.stale);
    refused(await post('zhaomin', `${REC}/submitAudit`, { id: (await recordOf('zhengli', m(10))).id }), SALARY_MSG.stale);
    expect((await recordOf('zhengli', m(10))).status).toBe(0);
    refused(await get('zhaomin', `${REC}/staleMonths`, { year: '20x6' }), '年份格式应为yyyy');
    const again = ok(await post('zhaomin', `${REC}/recomputeStale`, { year: Y })).body.data;
    expect(again).toMatchObject({ computed: 7 });
    expect(ok(await get('zhaomin', `${REC}/staleMonths`, { year: Y })).body.data).toEqual([]);
    refused(await post('zhaomin', `${REC}/recomputeStale`, { year: Y }), SALARY_MSG.noStale);
    // February 7,000: 60.00 there, 30.00 each month after → 270.00 before October; October 61,000 − 50,000 = 11,000 × 3 % − 270 = 60.00.
    expect((await recordOf('zhengli', m(10))).calculation).toMatchObject({ priorTax: '270.00', cumulativeIncome: '61000.00' });
    expect(await recordOf('zhengli', m(10))).toMatchObject({ incomeTax: '60.00', needsRecompute: 0 });
    const ok10 = ok(await post('zhaomin', `${REC}/submitAudit`, { id: (await recordOf('zhengli', m(10))).id })).body.data;
    expect(ok10.recordCount).toBe(1);
  });
});

describe('paying a month records its payables; a later payment clears them', () => {
  it('income tax, social insurance and housing fund owed, each cleared once with its ledger row', async () => {
    // 吴芳 (南京, base 6,000): personal 20.5 % = 1,230.00 (fund 600.00), company 36.7 % = 2,202.00 (fund 600.00);
    // taxable 8,900 − 5,000 − 1,230 − 1,000 (housing loan) = 1,670 × 3 % = 50.10. 郑丽 (January above): 30.00.
    await attend(m(1), ['wufang']);
    await compute(m(1), ['wufang']);
    expect(await recordOf('wufang', m(1))).toMatchObject({
      socialPersonal: '1230.00',
      fundPersonal: '600.00',
      socialCompany: '2202.00',
      fundCompany: '600.00',
      incomeTax: '50.10',
    });
    const batch = ok(await post('zhaomin', `${REC}/submitBatchApproval`, { importMonth: m(1) })).body.data;
    await approveAll(batch.processInstanceId);
    expect(await countRows(t.database, 'hjl_salary_record', `import_month = $1 AND status = 2 AND is_deleted = 0`, [m(1)])).toBe(2);
    ok(await post('lihong', `${REC}/pay`, { importMonth: m(1), payDate: `${m(2)}-10` }));
    const owed = ok(await get('lihong', `${REC}/liabilityList`, { payMonth: m(1) })).body.data as Record<string, unknown>[];
    expect(owed.map((x) => [x.liabilityKindName, x.personalAmount, x.companyAmount, x.amount, x.clearStatus])).toEqual([
      ['代扣个人所得税', '80.10', '0.00', '80.10', 0],
      ['社会保险费', '630.00', '1602.00', '2232.00', 0],
      ['住房公积金', '600.00', '600.00', '1200.00', 0],
    ]);
    const ledger = () => countRows(t.database, 'hjl_income_expend', `biz_type = 'hjl_salary_liability'`);
    const before = await ledger();
    const account = String((await one(`SELECT id::text AS id FROM hjl_account_info WHERE tenant_id = $1 AND account_name = '华建咨询基本户'`, [A])).id);
    expect((await post('zhaomin', `${REC}/payLiability`, { ids: owed.map((x) => x.id) })).status).toBe(403);
    refused(await post('lihong', `${REC}/payLiability`, { ids: ['1'] }), SALARY_MSG.liabilityMissing);
    refused(await post('lihong', `${REC}/payLiability`, {}), SALARY_MSG.liabilityMissing);
    const paid = ok(await post('lihong', `${REC}/payLiability`, { ids: owed.map((x) => x.id), payDate: `${m(2)}-15`, accountInfoId: account })).body.data;
    expect(paid).toEqual({ cleared: 3, amount: '3512.10' });
    const posted = await rows(
      `SELECT trade_amount::text AS a, income_or_expend AS d, account_info_id::text AS acc FROM hjl_income_expend WHERE biz_type = 'hjl_salary_liability' ORDER BY trade_amount`,
    );
    expect(await ledger()).toBe(before + 3);
    expect(posted.filter((x) => ['80.10', '1200.00', '2232.00'].includes(String(x.a)) && x.acc === account && x.d === 1)).toHaveLength(3);
    refused(await post('lihong', `${REC}/payLiability`, { ids: owed.map((x) => x.id) }), SALARY_MSG.liabilityCleared);
    expect(await ledger()).toBe(before + 3);
    expectEvery(ok(await get('lihong', `${REC}/liabilityList`, { payMonth: m(1) })).body.data, (x: { clearStatus: number }) => x.clearStatus === 1);
  });

  it('the demo company’s paid months recorded their payables, the older ones paid', async () => {
    const months = (await rows(
      `SELECT p.pay_month AS m, (SELECT sum(r.income_tax) FROM hjl_salary_record r WHERE r.tenant_id = p.tenant_id AND r.import_month = p.pay_month AND r.is_deleted = 0)::text AS tax,
              (SELECT l.amount::text FROM hjl_salary_liability l WHERE l.tenant_id = p.tenant_id AND l.pay_month = p.pay_month AND l.liability_kind = 1 AND l.is_deleted = 0) AS owed
         FROM hjl_salary_pay p WHERE p.tenant_id = $1 AND p.is_deleted = 0 AND p.pay_month < $2`,
      [A, m(1)],
    )) as { m: string; tax: string; owed: string }[];
    expect(months).toHaveLength(12);
    // A month that withheld no tax owes none (its first month of a year employed since January: 12 × 5,000 deducted).
    expectEvery(months, (x) => (x.owed ?? '0.00') === x.tax);
    expect(await countRows(t.database, 'hjl_salary_liability', `tenant_id = $1 AND clear_status = 1 AND pay_month < $2`, [A, m(1)])).toBeGreaterThanOrEqual(30);
  });
});
