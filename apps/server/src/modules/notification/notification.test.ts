/**
 * Notifications from real rows: the tenant's notices, a to-do assigned by starting a leave process, an urge
 * and a copy — with unread counts and read state per user, confined to the caller's tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { users } from '../../testing/http.ts';

let t: TestApp;
const { tok, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
const API = '/api/blade-desk/notification';
let procInstId = '';

const list = async (who: string, query: Record<string, string> = {}) => t.call(tok[who], { method: 'GET', url: `${API}/list`, query });
const counts = async (who: string) => (await t.call(tok[who], { method: 'GET', url: `${API}/unread-count` })).body.data;
const read = (who: string, ids: string) => t.call(tok[who], { method: 'POST', url: `${API}/read`, query: { ids } });
const readAll = (who: string, query: Record<string, string> = {}) => t.call(tok[who], { method: 'POST', url: `${API}/read-all`, query });
const NOTICES = 6;

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100002');
  await login('zhangwei', 'lihong', 'chenjing');
  await loginAs('b', 'admin', '100002');
  Object.assign(ids, await userIds(t.database));
  const started = await t.call(tok.zhangwei, {
    method: 'POST',
    url: '/api/blade-desk/process/leave/start',
    payload: { leaveType: 1, startTime: '2026-12-01', endTime: '2026-12-02', reason: '家中有事', taskUser: ids.lihong },
  });
  expect(started.body).toMatchObject({ code: 200 });
  procInstId = started.body.data.processInstanceId;
});
afterAll(() => t.close());

describe('notifications', () => {
  it('notices: every user of the tenant has the notices, unread, newest first', async () => {
    expect(await counts('chenjing')).toEqual({ mail: 0, message: 0, notice: NOTICES, total: NOTICES });
    const r = await list('chenjing', { category: 'notice', size: '2' });
    expect(r.body.data).toMatchObject({ total: NOTICES, size: 2, current: 1 });
    const first = r.body.data.records[0];
    expect(first).toMatchObject({ type: 'notice', category: 'notice', title: '关于2026年度项目质量检查工作的通知', read: false, time: '2026-11-18 00:00:00' });
    expect(first.id).toBe(`notice:${first.sourceId}`);
  });

  it('a to-do assigned is a message of the assignee; an urge too; a copy is mail', async () => {
    const todo = (await list('lihong', { category: 'message' })).body.data;
    expect(todo.total).toBe(1);
    expect(todo.records[0]).toMatchObject({ type: 'todo', category: 'message', processInstanceId: procInstId, fromUserName: '张伟', read: false });
    expect(todo.records[0].title).toContain('请假');

    expect(
      (
        await t.call(tok.zhangwei, {
          method: 'POST',
          url: '/api/blade-workflow/process/urge',
          payload: { processInstanceId: procInstId, message: '请尽快审批' },
        })
      ).body.code,
    ).toBe(200);
    expect(
      (
        await t.call(tok.zhangwei, {
          method: 'POST',
          url: '/api/blade-workflow/process/copy',
          payload: { processInstanceId: procInstId, copyUser: ids.chenjing },
        })
      ).body.code,
    ).toBe(200);

    const messages = (await list('lihong', { category: 'message' })).body.data.records;
    expect(messages.map((m: { type: string }) => m.type).sort()).toEqual(['todo', 'urge']);
    expect(messages.find((m: { type: string }) => m.type === 'urge')).toMatchObject({ content: '请尽快审批', fromUserName: '张伟' });
    expect(await counts('lihong')).toEqual({ mail: 0, message: 2, notice: NOTICES, total: NOTICES + 2 });

    const mail = (await list('chenjing', { category: 'mail' })).body.data.records;
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ type: 'copy', category: 'mail', fromUserName: '张伟', processInstanceId: procInstId });
    // The starter got none of these.
    expect(await counts('zhangwei')).toMatchObject({ mail: 0, message: 0 });
  });

  it("read state is per user: marking read lowers only that user's count", async () => {
    const [urge] = (await list('lihong', { category: 'message' })).body.data.records.filter((m: { type: string }) => m.type === 'urge');
    expect(await read('lihong', urge.id)).toMatchObject({ status: 200, body: { msg: '操作成功' } });
    expect(await read('lihong', urge.id)).toMatchObject({ status: 200 }); // twice is fine
    expect((await counts('lihong')).message).toBe(1);
    expect((await list('lihong', { category: 'message', unread: 'true' })).body.data.records.map((m: { type: string }) => m.type)).toEqual(['todo']);

    expect(await readAll('lihong', { category: 'notice' })).toMatchObject({ status: 200 });
    expect(await counts('lihong')).toEqual({ mail: 0, message: 1, notice: 0, total: 1 });
    expect((await counts('chenjing')).notice).toBe(NOTICES);
    await readAll('chenjing');
    expect(await counts('chenjing')).toEqual({ mail: 0, message: 0, notice: 0, total: 0 });
  });

  it("refuses ids that are malformed or not the caller's, and marks nothing", async () => {
    const before = await countRows(t.database, 'blade_notification_read');
    const [todo] = (await list('lihong', { category: 'message' })).body.data.records.filter((m: { type: string }) => m.type === 'todo');
    expect(await read('chenjing', todo.id)).toMatchObject({ status: 400, body: { msg: `通知不存在: ${todo.id}` } });
    expect(await read('chenjing', 'bogus')).toMatchObject({ status: 400, body: { msg: '通知编号不正确: bogus' } });
    expect(await read('chenjing', `todo:${todo.sourceId},x:1`)).toMatchObject({ status: 400 });
    expect((await list('chenjing', { category: 'spam' })).status).toBe(400);
    expect((await list('chenjing', { current: '0' })).status).toBe(400);
    expect(await countRows(t.database, 'blade_notification_read')).toBe(before);
  });

  it('another tenant sees none of it', async () => {
    expect(await counts('b')).toEqual({ mail: 0, message: 0, notice: 0, total: 0 });
    const [notice] = (await list('lihong', { category: 'notice' })).body.data.records;
    expect(await read('b', notice.id)).toMatchObject({ status: 400 });
  });
});
