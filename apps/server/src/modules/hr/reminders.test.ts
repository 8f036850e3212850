/**
 * HR expiry reminders (BUSINESS.md WP6) at a fixed time: a certificate expiring within the tenant's window
 * (`hr.expireNoticeDays`), a labour contract ending and a probation ending raise one reminder for the holder and one
 * for HR, once per person, record and date; outside the window, already past, a contract replaced by a later one
 * raise none; a renewed certificate is reminded again when its new date comes near; the window follows the
 * parameter; the job is the runner's (daily, 08:00).
 */
import { EXPIRE_BIZ_TYPE } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, userIds } from '../../testing/db.ts';
import { ok, users } from '../../testing/http.ts';
import { HR_EXPIRE_JOB } from './reminders.ts';

const B = '/api/business';
/** 2027-03-01 10:00 in the server's zone (Asia/Shanghai). */
const NOW = new Date('2027-03-01T02:00:00Z');
const at = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

let t: TestApp;
const { tok, login, ...calls } = users(() => t);
const ids: Record<string, string> = {};
/** A write that must succeed. */
const post = async (who: string, url: string, payload: object) => ok(await calls.post(who, url, payload));
/** The reminders of `bizId` in the database: [account of the person, kind, date, title]. */
const remindersOf = async (bizId: string) =>
  (
    await t.database.raw(
      `SELECT u.account, n.biz_type AS kind, n.expire_date::text AS day, n.title FROM hjl_expire_notice n JOIN blade_user u ON u.id = n.user_id
       WHERE n.biz_id = $1 AND n.is_deleted = 0 ORDER BY u.account, n.biz_type, n.expire_date`,
      [bizId],
    )
  ).map((r) => [String(r.account), Number(r.kind), String(r.day), String(r.title)]);
const idOf = async (table: string, where: string, values: unknown[]) =>
  String((await t.database.raw(`SELECT id::text AS id FROM ${table} WHERE tenant_id = '000000' AND is_deleted = 0 AND ${where}`, values))[0]!.id);

const certs = {} as Record<'soon' | 'later' | 'past', string>;
const contracts = {} as Record<'ending' | 'probation' | 'replaced', string>;

beforeAll(async () => {
  t = await createTestApp();
  await login('admin', 'zhaomin', 'chenjing', 'zhangwei');
  Object.assign(ids, await userIds(t.database));
  // HR (赵敏) keeps the records: chenjing's certificates, three labour contracts.
  const cert = (certNum: string, expireDate: string) =>
    post('zhaomin', `${B}/hjlUserCertificate/submit`, {
      userId: ids.chenjing,
      certName: '一级造价工程师',
      certType: 1,
      certNum,
      issueDate: '2020-01-01',
      expireDate,
      affiliation: 1,
    });
  await cert('RM-SOON', '2027-03-20');
  await cert('RM-LATER', '2027-05-01');
  await cert('RM-PAST', '2027-02-01');
  certs.soon = await idOf('hjl_user_certificate', 'cert_num = $1', ['RM-SOON']);
  certs.later = await idOf('hjl_user_certificate', 'cert_num = $1', ['RM-LATER']);
  certs.past = await idOf('hjl_user_certificate', 'cert_num = $1', ['RM-PAST']);
  const contract = (userId: string, contractNum: string, startDate: string, endDate: string, probationEnd?: string) =>
    post('zhaomin', `${B}/hjlWorkContract/save`, { userId, contractNum, contractType: 1, startDate, endDate, probationEnd });
  // liuyang's contract ends in 9 days; wufang's new contract has its probation ending in 14 days; zhengli's old
  // contract ends in 5 days but a renewal follows it.
  await contract(ids.liuyang!, 'RM-END', '2026-03-10', '2027-03-10');
  await contract(ids.wufang!, 'RM-PROB', '2027-01-15', '2030-01-14', '2027-03-15');
  await contract(ids.zhengli!, 'RM-OLD', '2024-03-06', '2027-03-06');
  await contract(ids.zhengli!, 'RM-NEW', '2027-03-07', '2032-03-06', '2027-03-07');
  contracts.ending = await idOf('hjl_work_contract', 'contract_num = $1', ['RM-END']);
  contracts.probation = await idOf('hjl_work_contract', 'contract_num = $1', ['RM-PROB']);
  contracts.replaced = await idOf('hjl_work_contract', 'contract_num = $1', ['RM-OLD']);
}, 120_000);
afterAll(() => t.close());

describe('HR expiry reminders (fixed clock 2027-03-01)', () => {
  it('a certificate expiring within 30 days: one reminder for the holder and one for HR, nobody else', async () => {
    expect(await t.app.hrReminders.run(NOW)).toBeGreaterThan(0);
    expect(await remindersOf(certs.soon)).toEqual([
      ['chenjing', EXPIRE_BIZ_TYPE.certificate, '2027-03-20', '您的证书【一级造价工程师】(RM-SOON)将于2027-03-20到期'],
      ['zhaomin', EXPIRE_BIZ_TYPE.certificate, '2027-03-20', '陈静的证书【一级造价工程师】(RM-SOON)将于2027-03-20到期'],
    ]);
    // Outside the window, or already past: nothing.
    expect(await remindersOf(certs.later)).toEqual([]);
    expect(await remindersOf(certs.past)).toEqual([]);
    // The holder sees it in 我的到期提醒, another employee does not.
    const mine = async (who: string) =>
      ((await t.call(tok[who], { method: 'GET', url: `${B}/hjlExpireNotice/my`, query: { size: '200' } })).body.data.records as { bizId: string }[]).some(
        (n) => n.bizId === certs.soon,
      );
    expect(await mine('chenjing')).toBe(true);
    expect(await mine('zhaomin')).toBe(true);
    expect(await mine('zhangwei')).toBe(false);
  });

  it('a labour contract ending and a probation ending; a contract followed by a renewal is not reminded', async () => {
    expect(await remindersOf(contracts.ending)).toEqual([
      ['liuyang', EXPIRE_BIZ_TYPE.workContract, '2027-03-10', '您的劳动合同(RM-END)将于2027-03-10到期'],
      ['zhaomin', EXPIRE_BIZ_TYPE.workContract, '2027-03-10', '刘洋的劳动合同(RM-END)将于2027-03-10到期'],
    ]);
    expect(await remindersOf(contracts.probation)).toEqual([
      ['wufang', EXPIRE_BIZ_TYPE.probation, '2027-03-15', '您的试用期将于2027-03-15截止(劳动合同RM-PROB)'],
      ['zhaomin', EXPIRE_BIZ_TYPE.probation, '2027-03-15', '吴芳的试用期将于2027-03-15截止(劳动合同RM-PROB)'],
    ]);
    expect(await remindersOf(contracts.replaced)).toEqual([]);
  });

  it('once per person and record: the run again, the next days, add nothing', async () => {
    const before = await countRows(t.database, 'hjl_expire_notice');
    expect(await t.app.hrReminders.run(NOW)).toBe(0);
    expect(await t.app.hrReminders.run(at(1))).toBe(0);
    expect(await t.app.hrReminders.run(at(5))).toBe(0);
    expect(await countRows(t.database, 'hjl_expire_notice')).toBe(before);
  });

  it('the window is the tenant parameter hr.expireNoticeDays', async () => {
    const [param] = await t.database.raw(
      `SELECT id::text AS id, param_value FROM blade_param WHERE tenant_id = '000000' AND param_key = 'hr.expireNoticeDays'`,
    );
    expect(param).toMatchObject({ param_value: '30' });
    await post('admin', '/api/blade-system/param/submit', { id: param!.id, paramValue: '90' });
    expect(await t.app.hrReminders.run(NOW)).toBeGreaterThan(0);
    expect((await remindersOf(certs.later)).map((r) => r[0])).toEqual(['chenjing', 'zhaomin']);
    await post('admin', '/api/blade-system/param/submit', { id: param!.id, paramValue: '30' });
  });

  it('a renewed certificate is reminded again when its new date comes near', async () => {
    await post('zhaomin', `${B}/hjlUserCertificate/submit`, { id: certs.soon, expireDate: '2028-03-20' });
    expect(await t.app.hrReminders.run(new Date('2028-03-01T02:00:00Z'))).toBeGreaterThan(0);
    expect((await remindersOf(certs.soon)).map((r) => `${r[0]} ${r[2]}`)).toEqual([
      'chenjing 2027-03-20',
      'chenjing 2028-03-20',
      'zhaomin 2027-03-20',
      'zhaomin 2028-03-20',
    ]);
  });

  it('runs as the daily job of the runner (08:00)', async () => {
    expect(t.app.jobs.names()).toContain(HR_EXPIRE_JOB);
    const [job] = await t.database.raw(`SELECT daily_at FROM blade_job WHERE name = $1`, [HR_EXPIRE_JOB]);
    expect(job).toMatchObject({ daily_at: '08:00' });
    await t.database.raw(`UPDATE blade_job SET run_at = now() - interval '1 second' WHERE name = $1 AND status = 'pending'`, [HR_EXPIRE_JOB]);
    expect(await t.app.jobs.runDue()).toBeGreaterThan(0);
    const [log] = await t.database.raw(`SELECT last_error FROM blade_job WHERE name = $1`, [HR_EXPIRE_JOB]);
    expect(log).toMatchObject({ last_error: null });
  });
});
