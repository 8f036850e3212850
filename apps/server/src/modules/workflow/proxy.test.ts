import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { proxyOf } from './proxy.ts';

let t: TestApp;
let admin: string;
let b: string;
const ids: Record<string, string> = {};
const API = '/api/blade-workflow/ops/proxy';

const submit = (payload: Record<string, unknown>, token = admin) => t.call(token, { method: 'POST', url: `${API}/submit`, payload });

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  admin = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
  Object.assign(ids, await userIds(t.database));
});
afterAll(() => t.close());

describe('out-of-office proxies', () => {
  it('refuses what cannot be a proxy, with clear messages, and saves nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ proxyUserId: ids.lihong, type: 1 }, '请选择被代理人'],
      [{ userId: ids.zhangwei, type: 1 }, '请选择代理人'],
      [{ userId: ids.zhangwei, proxyUserId: ids.zhangwei, type: 1 }, '代理人不能是被代理人本人'],
      [{ userId: ids.zhangwei, proxyUserId: '123', type: 1 }, '代理人不存在'],
      [{ userId: ids.zhangwei, proxyUserId: ids.lihong, type: 2 }, '请选择代理的开始时间和结束时间'],
      [
        { userId: ids.zhangwei, proxyUserId: ids.lihong, type: 2, startTime: '2026-12-02 00:00:00', endTime: '2026-12-01 00:00:00' },
        '结束时间必须晚于开始时间',
      ],
      [
        { userId: ids.zhangwei, proxyUserId: ids.lihong, type: 2, startTime: '2026-02-30 00:00:00', endTime: '2026-12-01 00:00:00' },
        '开始时间格式应为yyyy-MM-dd HH:mm:ss',
      ],
    ];
    for (const [payload, msg] of bad) expect((await submit(payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect(await countRows(t.database, 'blade_wf_proxy')).toBe(0);
  });

  it('lists proxies with the names of both users; detail too; another tenant sees none of them', async () => {
    expect((await submit({ userId: ids.zhangwei, proxyUserId: ids.chenjing, type: 1, remark: '长期出差' })).status).toBe(200);
    expect(
      (
        await submit({
          userId: ids.zhangwei,
          proxyUserId: ids.lihong,
          type: 2,
          processDefKey: 'leave',
          startTime: '2026-12-01 08:00:00',
          endTime: '2026-12-08 18:00:00',
        })
      ).status,
    ).toBe(200);
    const list = await t.call(admin, { method: 'GET', url: `${API}/list`, query: { processDefKey: 'leave' } });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.records[0]).toMatchObject({ userName: '张伟', proxyUserName: '李红', type: 2, processDefKey: 'leave' });
    const id = list.body.data.records[0].id;
    expect((await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id } })).body.data).toMatchObject({ userName: '张伟', proxyUserName: '李红' });
    expect((await t.call(b, { method: 'GET', url: `${API}/list` })).body.data.total).toBe(0);
    expect((await submit({ id, remark: '改' }, b)).status).toBe(400);
  });

  it('a permanent proxy keeps no time window', async () => {
    const [row] = await t.database.raw(`SELECT id::text AS id FROM blade_wf_proxy WHERE process_def_key = 'leave'`);
    expect((await submit({ id: row!.id, type: 1 })).status).toBe(200);
    const [after] = await t.database.raw(`SELECT start_time, end_time FROM blade_wf_proxy WHERE id = $1`, [row!.id]);
    expect(after).toEqual({ start_time: null, end_time: null });
    expect((await submit({ id: row!.id, type: 2, startTime: '2026-12-01 08:00:00', endTime: '2026-12-08 18:00:00' })).status).toBe(200);
  });

  it('proxyOf: the proxy for the process key wins, within its window; otherwise the one for every process', async () => {
    const db = t.database.db;
    expect(await proxyOf(db, '000000', ids.zhangwei!, 'leave', '2026-12-03 09:00:00')).toBe(ids.lihong);
    expect(await proxyOf(db, '000000', ids.zhangwei!, 'leave', '2026-12-09 09:00:00')).toBe(ids.chenjing);
    expect(await proxyOf(db, '000000', ids.zhangwei!, 'expense', '2026-12-03 09:00:00')).toBe(ids.chenjing);
    expect(await proxyOf(db, '000000', ids.lihong!, 'leave', '2026-12-03 09:00:00')).toBeUndefined();
    expect(await proxyOf(db, '100001', ids.zhangwei!, 'leave', '2026-12-03 09:00:00')).toBeUndefined();
  });
});
