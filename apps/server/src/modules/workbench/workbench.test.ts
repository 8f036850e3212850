/** /api/business/userMenu: a user's home shortcuts, only among their granted menu pages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { users } from '../../testing/http.ts';
import { MAX_SHORTCUTS } from '@hjl/core';

let t: TestApp;
const { tok, login, loginAs } = users(() => t);
const menu: Record<string, string> = {};
const list = async (who: string) =>
  (await t.call(tok[who], { method: 'GET', url: '/api/business/userMenu/list' })).body.data as { menuId: string; code: string; name: string; path: string }[];
const update = (who: string, menuIds: unknown) => t.call(tok[who], { method: 'POST', url: '/api/business/userMenu/update', payload: { menuIds } });

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100004');
  await login('admin', 'zhangwei', 'lihong');
  await loginAs('b', 'admin', '100004');
  for (const r of await t.database.raw(`SELECT id::text AS id, code FROM blade_menu WHERE is_deleted = 0`)) menu[String(r.code)] = String(r.id);
});
afterAll(() => t.close());

describe('userMenu', () => {
  it('starts empty, saves in the given order and answers name and path', async () => {
    expect(await list('admin')).toEqual([]);
    expect(await update('admin', [menu.param, menu.notice])).toMatchObject({ status: 200, body: { msg: '保存成功' } });
    const saved = await list('admin');
    expect(saved.map((s) => s.code)).toEqual(['param', 'notice']);
    expect(saved[1]).toMatchObject({ menuId: menu.notice, name: '通知公告', path: '/desk/notice', sort: 1 });
    // Replaced as a whole.
    await update('admin', [menu.notice]);
    expect((await list('admin')).map((s) => s.code)).toEqual(['notice']);
    await update('admin', []);
    expect(await list('admin')).toEqual([]);
  });

  it('is per user', async () => {
    await update('zhangwei', [menu.notice]);
    expect((await list('zhangwei')).map((s) => s.code)).toEqual(['notice']);
    expect(await list('lihong')).toEqual([]);
  });

  it('refuses menus the user is not granted, buttons, unknown ids and too many, keeping the old list', async () => {
    const before = await countRows(t.database, 'blade_user_menu');
    expect(await update('zhangwei', [menu.param])).toMatchObject({ status: 400, body: { msg: `菜单不存在或未授权: ${menu.param}` } });
    expect(await update('zhangwei', [menu.notice_add])).toMatchObject({ status: 400 });
    expect(await update('zhangwei', ['123'])).toMatchObject({ status: 400 });
    expect(await update('zhangwei', 'x')).toMatchObject({ status: 400, body: { msg: '请选择快捷入口' } });
    expect(
      await update(
        'admin',
        Array.from({ length: MAX_SHORTCUTS + 1 }, () => menu.notice),
      ),
    ).toMatchObject({ status: 400 });
    expect(await t.call(tok.zhangwei, { method: 'POST', url: '/api/business/userMenu/update', payload: [] })).toMatchObject({ status: 400 });
    expect(await countRows(t.database, 'blade_user_menu')).toBe(before);
    expect((await list('zhangwei')).map((s) => s.code)).toEqual(['notice']);
  });

  it('another tenant keeps its own shortcuts (menus are platform-wide, shortcuts are not)', async () => {
    await update('admin', [menu.notice]);
    expect(await list('b')).toEqual([]);
    await update('b', [menu.param]);
    expect((await list('b')).map((s) => s.code)).toEqual(['param']);
    expect((await list('admin')).map((s) => s.code)).toEqual(['notice']);
    expect(await countRows(t.database, 'blade_user_menu', `tenant_id = '100004'`)).toBe(1);
  });

  it('a shortcut whose menu is no longer granted drops out of the list', async () => {
    await update('admin', [menu.notice, menu.param]);
    await t.database.raw(`UPDATE blade_menu SET is_deleted = 1 WHERE code = 'param'`);
    await t.call(tok.admin, { method: 'GET', url: '/api/blade-auth/oauth/clear-cache' });
    expect((await list('admin')).map((s) => s.code)).toEqual(['notice']);
  });
});
