/**
 * Salary and attendance over the API (BUSINESS.md WP6): configuration, the attendance import with its dry run, the month's
 * payroll equal to hand calculations (a bracket crossed in February, deductions above the payable items), a month
 * submitted as one instance and approved (records locked, re-import and recompute refused), one record submitted on
 * its own, payslips (one's own only), paying a month into the ledger once, statistics, another tenant, button codes.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { sheetOf } from '../../testing/excel.ts';
import { expectEvery } from '../../testing/expect.ts';
import { ok, refused, users, WF } from '../../testing/http.ts';
import { multipart } from '../../testing/multipart.ts';

const B = '/api/business';
const REC = `${B}/hjlSalaryRecord`;
const INFO = `${B}/hjlUserSalaryInfo`;
const LEVEL = `${B}/hjlSalaryConfig`;
const FIELD = `${B}/attendance-field-config`;
const ATT = `${B}/hjlAttendanceImport`;
const STAT = `${B}/hjlSalaryStatistics`;

let t: TestApp;
const { tok, get, post, login, loginAs } = users(() => t, { blankPayload: {} });
const ids: Record<string, string> = {};
const TABLES = [
  'hjl_attendance_import',
  'hjl_salary_record',
  'hjl_user_salary_info',
  'hjl_salary_config',
  'hjl_attendance_field_config',
  'hjl_salary_pay',
  'hjl_income_expend',
];
const counts = async () => Promise.all(TABLES.map((x) => countRows(t.database, x, 'is_deleted = 0')));

/** Next year: months nobody has records of. */
const Y = String(new Date(Date.now() + 8 * 3600_000).getUTCFullYear() + 1);
const JAN = `${Y}-01`;
const FEB = `${Y}-02`;
const HEAD = ['登录账号', '姓名', '出勤天数(天)', '加班(小时)', '出差补助(天)', '事假(天)', '病假(天)', '迟到(次)'];

async function workbook(rows: (string | number | null)[][], head = HEAD): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('考勤数据');
  ws.addRow(head);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = async (who: string, content: Buffer, query: Record<string, string>, fields: Record<string, string> = {}) => {
  const { payload, headers } = multipart(fields, [{ filename: '考勤.xlsx', content }]);
  return t.call(tok[who], { method: 'POST', url: `${ATT}/importAttendance`, query, payload, headers });
};

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
    if (!acted) return step;
  }
  return 6;
}
const recordOf = async (userId: string, month: string) =>
  (
    await t.database.raw(
      `SELECT id::text AS id, status FROM hjl_salary_record WHERE tenant_id = '000000' AND is_deleted = 0 AND user_id = $1 AND import_month = $2`,
      [userId, month],
    )
  )[0] as { id: string; status: number } | undefined;

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'wangjianguo', 'zhaomin', 'lihong', 'zhangwei', 'chenjing', 'wufang');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
}, 120_000);
afterAll(() => t.close());

describe('demo data', () => {
  it('twelve approved months before the current one and the current month imported, not approved', async () => {
    const months = (await t.database.raw(
      `SELECT import_month AS m, min(status) AS lo, max(status) AS hi, count(*)::int AS n FROM hjl_salary_record WHERE tenant_id = '000000' AND is_deleted = 0 GROUP BY import_month ORDER BY import_month`,
    )) as { m: string; lo: number; hi: number; n: number }[];
    expect(months).toHaveLength(13);
    expectEvery(months.slice(0, 12), (m) => m.lo === 2 && m.hi === 2 && m.n === 9);
    expect(months[12]).toMatchObject({ lo: 0, hi: 0, n: 9 });
    expect(await countRows(t.database, 'hjl_attendance_import', `tenant_id = '000000' AND import_month = $1`, [months[12]!.m])).toBe(9);
    // A month with a contribution record of 社保缴纳 takes its personal amount.
    const [social] = await t.database.raw(
      `SELECT s.personal_amount::text AS a, r.social_personal::text AS b FROM hjl_user_social_security s JOIN hjl_salary_record r
         ON r.user_id = s.user_id AND r.import_month = s.pay_month AND r.is_deleted = 0 WHERE s.tenant_id = '000000' AND s.is_deleted = 0 LIMIT 1`,
    );
    expect(social).toBeTruthy();
    expect(social!.b).toBe(social!.a);
  });
});

describe('configuration', () => {
  it('levels: levelList, unique code, a level in use is not removed', async () => {
    const levels = ok(await get('zhaomin', `${LEVEL}/levelList`)).body.data as { id: string; levelCode: string; basePay: string }[];
    expect(levels.map((l) => l.levelCode)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
    const before = await counts();
    refused(await post('zhaomin', `${LEVEL}/submit`, { levelCode: 'P1', levelName: '重复', basePay: '1000' }), '等级编码已存在');
    refused(await post('zhaomin', `${LEVEL}/remove`, undefined, { ids: levels[0]!.id }), '薪资等级已被员工使用,不能删除');
    expect(await counts()).toEqual(before);
    const page = ok(await get('zhaomin', `${LEVEL}/page`, { size: '10' })).body.data;
    expect(page.total).toBe(5);
  });

  it('standards: page by dept, by account and name, updateSalaryStandard takes the level amounts', async () => {
    const all = ok(await get('zhaomin', `${INFO}/page`, { size: '100' })).body.data;
    expect(all.total).toBe(9);
    const financeDept = String((await t.database.raw(`SELECT id::text AS id FROM blade_dept WHERE tenant_id = '000000' AND dept_name = '财务部'`))[0]!.id);
    const finance = ok(await get('zhaomin', `${INFO}/page`, { size: '100', deptId: financeDept })).body.data.records as { userName: string }[];
    expect(finance.map((r) => r.userName).sort()).toEqual(['吴芳', '李红'].sort());
    refused(await get('zhaomin', `${INFO}/page`, { deptId: 'abc' }), '部门不存在');
    const chen = ok(await get('zhaomin', `${INFO}/getUserInfoByAccount`, { account: 'chenjing' })).body.data;
    expect(chen).toMatchObject({ userId: ids.chenjing, salaryStandardName: '专员级', basePay: '6000.00', account: 'chenjing' });
    expect(ok(await get('zhaomin', `${INFO}/getUserInfoByName`, { realName: '陈静' })).body.data).toHaveLength(1);
    // Nobody: the envelope's empty data (routes answer {} for nothing).
    expect(ok(await get('zhaomin', `${INFO}/getUserInfoByAccount`, { account: 'nobody' })).body.data).toEqual({});
    refused(await get('zhaomin', `${INFO}/getUserInfoByAccount`), '请输入登录账号');
    const p3 = (ok(await get('zhaomin', `${LEVEL}/levelList`)).body.data as { id: string; levelCode: string }[]).find((l) => l.levelCode === 'P3')!;
    ok(await post('zhaomin', `${INFO}/updateSalaryStandard`, { id: chen.id, salaryStandard: p3.id }));
    expect(ok(await get('zhaomin', `${INFO}/detail`, { id: chen.id })).body.data).toMatchObject({
      basePay: '8000.00',
      postPay: '2500.00',
      salaryStandardName: '工程师级',
    });
    refused(await post('zhaomin', `${INFO}/updateSalaryStandard`, { id: chen.id, salaryStandard: '123' }), '薪资等级不存在');
    refused(await post('zhaomin', `${INFO}/submit`, { userId: ids.chenjing, salaryStandard: p3.id, basePay: '1' }), '该员工的薪资标准已存在');
    refused(await post('zhaomin', `${INFO}/submit`, { id: chen.id, basePay: '-1' }), '基本工资不能为负数');
  });

  it('attendance fields: displayable, hidden, payable or deduction; update checks each change', async () => {
    const shown = ok(await get('zhaomin', `${FIELD}/all-displayable`)).body.data as { fieldName: string }[];
    expect(shown.map((f) => f.fieldName)).toEqual(['出勤天数', '加班', '出差补助', '事假', '病假', '迟到']);
    expect((ok(await get('zhaomin', `${FIELD}/not-displayable-list`)).body.data as { fieldName: string }[]).map((f) => f.fieldName)).toEqual(['餐补']);
    expect(ok(await get('zhaomin', `${FIELD}/payable-deduction`)).body.data).toHaveLength(6);
    const meal = (ok(await get('zhaomin', `${FIELD}/not-displayable-list`)).body.data as { id: string }[])[0]!;
    refused(await post('zhaomin', `${FIELD}/update`, [{ id: meal.id, unitAmount: '-5' }]), '单价不能为负数');
    refused(await post('zhaomin', `${FIELD}/update`, [{ id: '99' }]), '考勤字段不存在');
    ok(await post('zhaomin', `${FIELD}/update`, [{ id: meal.id, unitAmount: '25.00', remark: '每日餐补' }]));
    ok(await post('zhaomin', `${FIELD}/update`, [{ id: meal.id, unitAmount: '20.00' }]));
    expect(ok(await get('zhaomin', `${FIELD}/detail`, { id: meal.id })).body.data).toMatchObject({ unitAmount: '20.00', remark: '每日餐补' });
  });
});

describe('attendance import', () => {
  it('the template lists the displayable fields', async () => {
    const r = await get('zhaomin', `${ATT}/template`);
    expect(r.status).toBe(200);
    expect((await sheetOf(r.res.rawPayload))[0]).toEqual(['登录账号*', ...HEAD.slice(1)]);
  });

  it('a dry run reports every bad row and cell and saves nothing; a real import with errors is refused', async () => {
    const file = await workbook([
      ['admin', '', 22, 4, 0, 1, 0, 2],
      ['nobody', '', 22, 0, 0, 0, 0, 0],
      ['zhangwei', '张伟', 22, 300, 0, 0, 0, 0],
      ['chenjing', '李四', 22, 'abc', 0, 0, 0, -1],
      ['admin', '', 21, 0, 0, 0, 0, 0],
    ]);
    ok(
      await post('admin', `${INFO}/submit`, {
        userId: ids.admin,
        basePay: '25000',
        postPay: '5000',
        // 2,000 of special deductions a month, itemised: one child in education.
        childrenCount: 1,
        salaryStandard: (await t.database.raw(`SELECT id::text AS id FROM hjl_salary_config WHERE level_code = 'P5' AND tenant_id = '000000'`))[0]!.id,
      }),
    );
    const before = await counts();
    const dry = ok(await upload('zhaomin', file, { importMonth: JAN, dryRun: '1' })).body.data as {
      total: number;
      imported: number;
      errors: { row: number; column: string; message: string }[];
    };
    expect(dry.total).toBe(5);
    expect(dry.imported).toBe(0);
    expect(dry.errors).toEqual([
      { row: 3, column: '登录账号', message: '登录账号不存在: nobody' },
      { row: 4, column: '加班(小时)', message: '加班不能大于200.00' },
      { row: 5, column: '加班(小时)', message: '考勤数值应为不小于0的数字,最多两位小数' },
      { row: 5, column: '迟到(次)', message: '考勤数值应为不小于0的数字,最多两位小数' },
      { row: 5, column: '姓名', message: '姓名与登录账号不符(chenjing 是 陈静)' },
      { row: 6, column: '登录账号', message: '人员重复: admin 已在第2行' },
    ]);
    refused(await upload('zhaomin', file, { importMonth: JAN }), '导入失败,共6处错误,第3行「登录账号」: 登录账号不存在: nobody');
    expect(await counts()).toEqual(before);
  });

  it('the month is required and well formed; fixed, the file stores one row per person for the month', async () => {
    const good = await workbook([
      ['admin', '', 22, 4, 0, 1, 0, 2],
      ['zhangwei', '张伟', 22, 0, 0, 0, 0, 0],
    ]);
    refused(await upload('zhaomin', good, {}), '请选择月份');
    refused(await upload('zhaomin', good, { importMonth: '2026-13' }), '月份格式应为yyyy-MM');
    const r = ok(await upload('zhaomin', good, {}, { importMonth: JAN })).body.data;
    expect(r).toMatchObject({ total: 2, imported: 2, errors: [] });
    const page = ok(await get('zhaomin', `${ATT}/page`, { importMonth: JAN })).body.data;
    expect(page.total).toBe(2);
    expect(ok(await get('zhaomin', `${ATT}/page`, { importMonth: JAN, realName: '张伟' })).body.data.total).toBe(1);
    expect(page.records.find((x: { account: string }) => x.account === 'admin')).toMatchObject({
      userName: expect.any(String),
      values: { overtime: '4', personalLeave: '1', late: '2' },
    });
    // A second import replaces the month.
    ok(await upload('zhaomin', await workbook([['admin', '', 22, 4, 0, 1, 0, 2]]), { importMonth: JAN }));
    expect(await countRows(t.database, 'hjl_attendance_import', `is_deleted = 0 AND import_month = $1`, [JAN])).toBe(1);
    ok(await upload('zhaomin', await workbook([['admin', '', 20, 0, 0, 0, 0, 0]]), { importMonth: FEB }));
  });

  it('an approved month is not imported again', async () => {
    const [approved] = await t.database.raw(`SELECT min(import_month) AS m FROM hjl_salary_record WHERE tenant_id = '000000' AND status = 2`);
    refused(await upload('zhaomin', await workbook([['admin', '', 22, 0, 0, 0, 0, 0]]), { importMonth: String(approved!.m) }), '该月工资已审批,不能重新导入');
  });
});

describe('payroll', () => {
  it('January and February equal the hand calculation: deductions above the payable items, then 3 % → 10 %', async () => {
    refused(await post('zhaomin', `${REC}/compute`, { importMonth: `${Y}-03` }), '该月尚未导入考勤');
    refused(await post('zhaomin', `${REC}/compute`, {}), '请选择月份');
    const jan = ok(await post('zhaomin', `${REC}/compute`, { importMonth: JAN })).body.data;
    expect(jan).toMatchObject({ computed: 10, skipped: 0 });
    const a1 = ok(await get('zhaomin', `${REC}/detail`, { id: (await recordOf(ids.admin!, JAN))!.id })).body.data;
    // standard 25000 + 5000 = 30000; payable 4 h × 50 = 200.00; deductions 1 d × 300 + 2 × 50 = 400.00 (> 200)
    // gross 30000 + 200 − 400 = 29800.00; social 0; taxable 29800 − 5000 − 2000 = 22800.00; tax 3 % = 684.00; net 29116.00
    expect(a1).toMatchObject({
      standardPay: '30000.00',
      payableAmount: '200.00',
      deductionAmount: '400.00',
      grossPay: '29800.00',
      socialPersonal: '0.00',
      cumulativeTaxable: '22800.00',
      incomeTax: '684.00',
      netPay: '29116.00',
      status: 0,
    });
    expect(a1.calculation.steps.map((s: { label: string }) => s.label)).toContain('累计应纳税所得额');
    expect(a1.calculation.items.find((i: { code: string }) => i.code === 'late')).toMatchObject({ value: '2', unitAmount: '50.00', amount: '100.00' });
    ok(await post('zhaomin', `${REC}/compute`, { importMonth: FEB }));
    const a2 = ok(await get('zhaomin', `${REC}/detail`, { id: (await recordOf(ids.admin!, FEB))!.id })).body.data;
    // cumulative 59800 − 10000 − 4000 = 45800.00 → 10 % − 2520 = 2060.00; minus 684 withheld = 1376.00; net 30000 − 1376 = 28624.00
    expect(a2).toMatchObject({ grossPay: '30000.00', cumulativeTaxable: '45800.00', incomeTax: '1376.00', netPay: '28624.00' });
    expect(a2.calculation).toMatchObject({ taxRate: '0.10', quickDeduction: '2520.00', priorTax: '684.00', taxMonths: 2 });
  });

  it('other pay and deductions recompute the record; computed figures sent are ignored; bad input writes nothing', async () => {
    const id = (await recordOf(ids.admin!, FEB))!.id;
    ok(await post('zhaomin', `${REC}/update`, { id, otherPay: '1000.00', netPay: '1.00' }));
    // gross 31000; taxable 46800 → 2160 − 684 = 1476.00; net 31000 − 1476 = 29524.00
    expect(ok(await get('zhaomin', `${REC}/detail`, { id })).body.data).toMatchObject({
      otherPay: '1000.00',
      grossPay: '31000.00',
      incomeTax: '1476.00',
      netPay: '29524.00',
    });
    const before = await counts();
    refused(await post('zhaomin', `${REC}/update`, { id, otherDeduction: '-1' }), '其他扣款不能为负数');
    refused(await post('zhaomin', `${REC}/update`, { id, importMonth: JAN }), '不能修改工资记录的员工或月份');
    refused(await post('zhaomin', `${REC}/save`, { userId: ids.admin, importMonth: FEB }), '该员工该月的工资记录已存在');
    refused(await post('zhaomin', `${REC}/save`, { userId: ids.admin, importMonth: '2026-1' }), '月份格式应为yyyy-MM');
    expect(await counts()).toEqual(before);
    ok(await post('zhaomin', `${REC}/update`, { id, otherPay: '0' }));
  });

  it('a month goes as ONE instance; approved, every record is locked; import and recompute refused', async () => {
    const records = await countRows(t.database, 'hjl_salary_record', `is_deleted = 0 AND import_month = $1`, [JAN]);
    refused(await post('zhaomin', `${REC}/submitBatchApproval`, { importMonth: `${Y}-05` }), '该月没有可提交的工资记录');
    const batch = ok(await post('zhaomin', `${REC}/submitBatchApproval`, { importMonth: JAN })).body.data;
    expect(batch.recordCount).toBe(records);
    expect(
      await countRows(t.database, 'hjl_salary_record', `is_deleted = 0 AND import_month = $1 AND status = 1 AND process_instance_id = $2`, [
        JAN,
        batch.processInstanceId,
      ]),
    ).toBe(records);
    const id = (await recordOf(ids.admin!, JAN))!.id;
    refused(await post('zhaomin', `${REC}/update`, { id, otherPay: '1' }), '审批中或已通过的数据不能修改');
    refused(await upload('zhaomin', await workbook([['admin', '', 22, 0, 0, 0, 0, 0]]), { importMonth: JAN }), '该月工资正在审批中,不能重新导入');
    const detail = ok(await get('lihong', `${REC}/detailByProcessInstanceId`, { processInstanceId: batch.processInstanceId })).body.data;
    expect(detail.records).toHaveLength(records);
    const sum = (xs: { netPay: string }[]) => xs.reduce((s, x) => s + BigInt(x.netPay.replace('.', '')), 0n);
    expect(sum(detail.deptTotals)).toBe(sum(detail.records));
    expect(detail.totals.netPay.replace('.', '')).toBe(String(sum(detail.records)));
    expect(detail.totals.netPay).toBe(batch.totalMoney);
    expect(detail.deptTotals.map((d: { count: number }) => d.count).reduce((a: number, b: number) => a + b, 0)).toBe(records);
    expect(await approveAll(batch.processInstanceId)).toBeGreaterThan(0);
    expect(await countRows(t.database, 'hjl_salary_record', `is_deleted = 0 AND import_month = $1 AND status = 2`, [JAN])).toBe(records);
    refused(await post('zhaomin', `${REC}/update`, { id, otherPay: '1' }), '审批中或已通过的数据不能修改');
    refused(await post('zhaomin', `${REC}/remove`, undefined, { ids: id }), '审批中或已通过的数据不能删除');
    refused(await upload('zhaomin', await workbook([['admin', '', 22, 0, 0, 0, 0, 0]]), { importMonth: JAN }), '该月工资已审批,不能重新导入');
    refused(await post('zhaomin', `${REC}/compute`, { importMonth: JAN }), '该月工资已审批,不能重新核算');
    // Its history lists the batch's instance.
    const his = ok(await get('zhaomin', `${REC}/get/process_his/${id}`)).body.data;
    expect(his.records[0].processInstanceId).toBe(batch.processInstanceId);
  });

  it('one record on its own (submitAudit); paying waits for the whole month', async () => {
    const id = (await recordOf(ids.admin!, FEB))!.id;
    refused(await post('zhaomin', `${REC}/submitAudit`, {}), '请选择要提交的数据');
    const one = ok(await post('zhaomin', `${REC}/submitAudit`, { id })).body.data;
    expect(one.recordCount).toBe(1);
    expect((await recordOf(ids.admin!, FEB))!.status).toBe(1);
    refused(await post('lihong', `${REC}/pay`, { importMonth: FEB }), '该月还有未审批通过的工资记录,不能发放');
  });
});

describe('payslips', () => {
  it('a person sees their own approved months only; another id is not found', async () => {
    const mine = ok(await get('zhangwei', `${REC}/my`, { size: '100' })).body.data;
    // Twelve demo months and January of next year (approved above).
    expect(mine.total).toBe(13);
    expectEvery(mine.records, (r: { userId: string; status: number }) => r.userId === ids.zhangwei && r.status === 2);
    const [own] = mine.records as { id: string; netPay: string }[];
    expect(mine.totals.netPay).toBe(
      (await t.database.raw(`SELECT sum(net_pay)::text AS s FROM hjl_salary_record WHERE user_id = $1 AND status = 2 AND is_deleted = 0`, [ids.zhangwei]))[0]!
        .s,
    );
    const slip = ok(await get('zhangwei', `${REC}/myDetail`, { id: own!.id })).body.data;
    expect(slip.calculation.steps.at(-1)).toMatchObject({ label: '实发工资', value: slip.netPay });
    const other = (await recordOf(ids.chenjing!, (await t.database.raw(`SELECT min(import_month) AS m FROM hjl_salary_record`))[0]!.m as string))!.id;
    expect((await get('zhangwei', `${REC}/myDetail`, { id: other })).status).toBe(404);
    expect((await get('zhaomin', `${REC}/myDetail`, { id: own!.id })).status).toBe(404);
    // A staff member has no payroll list, detail or export.
    expect((await get('zhangwei', `${REC}/page`)).status).toBe(403);
    expect((await get('zhangwei', `${REC}/detail`, { id: other })).status).toBe(403);
    const year = ok(await get('zhangwei', `${REC}/my`, { year: '1999' })).body.data;
    expect(year.total).toBe(0);
    refused(await get('zhangwei', `${REC}/my`, { year: '99' }), '年份格式应为yyyy');
  });
});

describe('paying a month', () => {
  it('the demo company paid each of its twelve past months as 发放 pays one; the current month is unpaid', async () => {
    const paid = (await t.database.raw(
      `SELECT p.pay_month AS month, p.total_net::text AS net, e.trade_amount::text AS ledger,
              (SELECT sum(r.net_pay)::text FROM hjl_salary_record r
                WHERE r.tenant_id = p.tenant_id AND r.import_month = p.pay_month AND r.is_deleted = 0 AND r.pay_status = 1) AS records
         FROM hjl_salary_pay p JOIN hjl_income_expend e ON e.id = p.income_expend_id
        WHERE p.tenant_id = '000000' AND p.is_deleted = 0 ORDER BY p.pay_month`,
    )) as { month: string; net: string; ledger: string; records: string }[];
    expect(paid).toHaveLength(12);
    for (const p of paid) expect([p.ledger, p.records], p.month).toEqual([p.net, p.net]);
    // (Months of this file's own records are next year's.)
    const unpaid = await t.database.raw(
      `SELECT DISTINCT import_month FROM hjl_salary_record WHERE tenant_id = '000000' AND is_deleted = 0 AND pay_status = 0 AND import_month < $1`,
      [JAN],
    );
    expect(unpaid).toHaveLength(1);
    expect(paid.map((p) => p.month)).not.toContain(unpaid[0]!.import_month);
  });

  it('writes the month into the ledger once: one expense row of the net total', async () => {
    const ledger = () => countRows(t.database, 'hjl_income_expend', `biz_type = 'hjl_salary_pay'`);
    // The demo's twelve past months were paid by the seed, each as one row.
    const before = await ledger();
    expect(before).toBe(12);
    refused(await post('lihong', `${REC}/pay`, { importMonth: JAN, payDate: '2026-02-30' }), '发放日期格式应为yyyy-MM-dd');
    expect((await post('zhaomin', `${REC}/pay`, { importMonth: JAN })).status).toBe(403);
    const paid = ok(await post('lihong', `${REC}/pay`, { importMonth: JAN, payDate: `${Y}-02-10` })).body.data;
    const [sum] = await t.database.raw(`SELECT sum(net_pay)::text AS s, count(*)::int AS n FROM hjl_salary_record WHERE import_month = $1 AND is_deleted = 0`, [
      JAN,
    ]);
    expect(paid).toMatchObject({ totalNet: sum!.s, recordCount: sum!.n });
    const [row] = await t.database.raw(
      `SELECT trade_amount::text AS a, income_or_expend AS d, transaction_date::text AS day FROM hjl_income_expend WHERE biz_type = 'hjl_salary_pay' AND biz_id = $1`,
      [paid.id],
    );
    expect(row).toMatchObject({ a: sum!.s, d: 1, day: `${Y}-02-10` });
    expect(await countRows(t.database, 'hjl_salary_record', `import_month = $1 AND pay_status = 1`, [JAN])).toBe(sum!.n);
    refused(await post('lihong', `${REC}/pay`, { importMonth: JAN }), '该月工资已发放');
    expect(await ledger()).toBe(before + 1);
    expect(ok(await get('lihong', `${REC}/payList`)).body.data[0]).toMatchObject({ payMonth: JAN, totalNet: sum!.s });
  });
});

describe('statistics', () => {
  it('yearly, monthly per dept, dept per year and per level, as charts and tables; export', async () => {
    const yearly = ok(await post('lihong', `${STAT}/yearlyStatistics`, { year: Y })).body.data;
    expect(yearly.rows).toHaveLength(12);
    const [sum] = await t.database.raw(`SELECT sum(net_pay)::text AS s FROM hjl_salary_record WHERE import_month = $1 AND status = 2 AND is_deleted = 0`, [
      JAN,
    ]);
    expect(yearly.rows[0]).toMatchObject({ month: JAN, netPay: sum!.s });
    expect(yearly.chart).toMatchObject({ kind: 'bar', categories: expect.arrayContaining(['1月']) });
    const monthly = ok(await post('lihong', `${STAT}/monthlySummary`, { importMonth: JAN })).body.data;
    expect((monthly.rows as { netPay: string }[]).reduce((s, r) => s + BigInt(r.netPay.replace('.', '')), 0n)).toBe(BigInt(String(sum!.s).replace('.', '')));
    expect(ok(await post('lihong', `${STAT}/departmentSummary`, { year: Y })).body.data.rows.length).toBeGreaterThan(1);
    const levels = ok(await post('wangjianguo', `${STAT}/averageLevel`, { year: Y })).body.data;
    expect(levels.rows.map((r: { levelName: string }) => r.levelName)).toContain('总监级');
    refused(await post('lihong', `${STAT}/yearlyStatistics`, { year: '20x6' }), '年份格式应为yyyy');
    refused(await post('lihong', `${STAT}/monthlySummary`, {}), '请选择月份');
    const x = await get('lihong', `${STAT}/export`, { kind: 'yearlyStatistics', year: Y });
    expect(x.status).toBe(200);
    const sheet = await sheetOf(x.res.rawPayload);
    expect(sheet[0]).toEqual(['月份', '人数', '应发合计', '个人社保合计', '个税合计', '实发合计']);
    expect(sheet[1]![5]).toBe(sum!.s);
    expect((await post('zhangwei', `${STAT}/yearlyStatistics`, { year: Y })).status).toBe(403);
  });
});

describe('another tenant and the button codes', () => {
  it('another tenant sees and changes nothing of the demo payroll', async () => {
    const id = (await recordOf(ids.zhangwei!, FEB))!.id;
    expect(ok(await get('b', `${REC}/page`)).body.data.total).toBe(0);
    expect(ok(await get('b', `${INFO}/page`)).body.data.total).toBe(0);
    expect((await get('b', `${REC}/detail`, { id })).status).toBe(404);
    const before = await counts();
    refused(await post('b', `${REC}/compute`, { importMonth: FEB }), '该月尚未导入考勤');
    refused(await post('b', `${REC}/submitAudit`, { id }), '不存在');
    refused(await post('b', `${REC}/submitBatchApproval`, { importMonth: FEB }), '该月没有可提交的工资记录');
    refused(await post('b', `${REC}/pay`, { importMonth: JAN }), '该月没有可提交的工资记录');
    expect(await counts()).toEqual(before);
    expect(ok(await post('b', `${STAT}/yearlyStatistics`, { year: Y })).body.data.rows[0].count).toBe(0);
  });

  it('without the codes: 403', async () => {
    for (const [url, method] of [
      [`${REC}/compute`, 'POST'],
      [`${REC}/submitBatchApproval`, 'POST'],
      [`${ATT}/importAttendance`, 'POST'],
      [`${ATT}/page`, 'GET'],
      [`${LEVEL}/submit`, 'POST'],
      [`${INFO}/page`, 'GET'],
      [`${FIELD}/update`, 'POST'],
    ] as const) {
      const r = await t.call(tok.chenjing, { method, url, payload: method === 'POST' ? {} : undefined });
      expect(r.status, url).toBe(403);
    }
    // Finance reads the payroll and standards but does not compute or import.
    expect((await post('lihong', `${REC}/compute`, { importMonth: FEB })).status).toBe(403);
    expect(ok(await get('lihong', `${REC}/page`)).body.data.total).toBeGreaterThan(0);
  });
});
