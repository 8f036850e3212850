/**
 * Recorded requests of a BladeX Saber 2.9 client (docs/compatibility.md): the exact query strings and bodies its API modules
 * build (axios `params` keep empty values as `key=`; ids travel as strings or numbers; passwords as md5 hex),
 * sent to our server as that client sends them, with what the client then reads from the answer. A failure
 * here is a Saber screen that breaks. docs/compatibility.md lists what still differs.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, type TestApp } from '../testing/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await saberLogin('admin', 'admin')).access_token;
});
afterAll(() => t.close());

/** Saber's login (src/api/user.js loginByUsername): captcha grant, parameters in the query, headers as Saber sets them. */
async function saberLogin(account: string, password: string) {
  const captcha = (await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json() as { key: string; testCode: string };
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?tenantId=000000&username=${account}&password=${md5(password)}&grant_type=captcha&scope=all&type=account`,
    headers: { authorization: `Basic ${t.basic}`, 'tenant-id': '000000', 'captcha-key': captcha.key, 'captcha-code': captcha.testCode },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access_token: string; refresh_token: string; user_id: string };
}

/** A recorded call: the URL exactly as Saber writes it, the body as it posts it. */
async function saber(method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Basic ${t.basic}`, 'blade-auth': `bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  let json: any;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, body: json, res };
}
const ok = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
  const r = await saber(method, url, body);
  expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(200);
  expect(r.body).toMatchObject({ code: 200, success: true });
  return r.body.data;
};
const idOf = async (sqlText: string, values: unknown[] = []) => String((await t.database.raw(sqlText, values))[0]!.id);

describe('pickers and lists Saber pages load', () => {
  it('tenant/select, tenant-package/select, datasource/select (tenant columns and dialogs)', async () => {
    const tenants = await ok('GET', '/api/blade-system/tenant/select');
    expect(tenants).toEqual(expect.arrayContaining([expect.objectContaining({ tenantId: '000000', tenantName: expect.any(String) })]));
    expect(Array.isArray(await ok('GET', '/api/blade-system/tenant-package/select'))).toBe(true);
    const sources = await ok('GET', '/api/blade-develop/datasource/select');
    expect(Array.isArray(sources)).toBe(true);
    for (const s of sources) expect(Object.keys(s).sort()).toEqual(['id', 'name']);
  });

  it('region/select?code=00 answers the provinces, region/select?code=320000 its cities', async () => {
    const provinces = await ok('GET', '/api/blade-system/region/select?code=00');
    expect(provinces.map((r: { code: string }) => r.code)).toContain('320000');
    const cities = await ok('GET', '/api/blade-system/region/select?code=320000');
    expect(cities.length).toBeGreaterThan(0);
    expect(cities.every((c: { parentCode: string }) => c.parentCode === '320000')).toBe(true);
  });

  it('blade-user/user-list answers the users unpaged, with names and tenantName', async () => {
    const users = await ok('GET', '/api/blade-user/user-list?account=admin');
    expect(users).toEqual([expect.objectContaining({ account: 'admin', tenantName: expect.any(String), deptName: expect.any(String) })]);
    expect(users[0]).not.toHaveProperty('password');
  });

  it('user page carries tenantName; post and notice lists carry categoryName', async () => {
    const users = await ok('GET', '/api/blade-user/page?current=1&size=10&deptId=');
    expect(users.records[0].tenantName).toBeTruthy();
    const postList = await ok('GET', '/api/blade-system/post/list?current=1&size=10');
    expect(postList.records.every((p: { categoryName: string }) => typeof p.categoryName === 'string' && p.categoryName)).toBe(true);
    const notices = await ok('GET', '/api/blade-desk/notice/list?current=1&size=10&releaseTimeRange=');
    expect(notices.records[0]).toMatchObject({ categoryName: expect.any(String), releaseTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
  });

  it('unknown query keys are ignored (Saber sends its search form and cache busters as they are)', async () => {
    const all = await ok('GET', '/api/blade-system/param/list?current=1&size=10');
    const withExtras = await ok('GET', '/api/blade-system/param/list?current=1&size=10&paramName=&paramKey=&_t=1700000000000&foo=bar&password_like=x');
    expect(withExtras.total).toBe(all.total);
  });

  it('dept/lazy-list and menu/lazy-list with parentId= (empty) search the whole tree', async () => {
    const depts = await ok('GET', `/api/blade-system/dept/lazy-list?parentId=&deptName=${encodeURIComponent('招标')}`);
    expect(depts.map((d: { deptName: string }) => d.deptName)).toContain('招标部');
    const everyDept = await ok('GET', '/api/blade-system/dept/lazy-list?parentId=');
    expect(everyDept.some((d: { parentId: string }) => d.parentId !== '0')).toBe(true);
    const menus = await ok('GET', `/api/blade-system/menu/lazy-list?parentId=&name=${encodeURIComponent('用户管理')}`);
    expect(menus.map((m: { name: string }) => m.name)).toContain('用户管理');
    // the first load of the page (parentId=0) stays the roots
    expect((await ok('GET', '/api/blade-system/dept/lazy-list?parentId=0')).every((d: { parentId: string }) => d.parentId === '0')).toBe(true);
  });

  it('role/tree-by-id without roleId (a new role’s grant dialog) answers the tenant’s role tree', async () => {
    const tree = await ok('GET', '/api/blade-system/role/tree-by-id');
    expect(tree.length).toBeGreaterThan(0);
    expect(await ok('GET', '/api/blade-system/role/tree-by-id?roleId=')).toEqual(tree);
  });

  it('dict/child-list?parentId=-1 (no dictionary chosen yet) answers an empty list', async () => {
    expect(await ok('GET', '/api/blade-system/dict/child-list?current=1&size=10&parentId=-1')).toEqual([]);
    expect(await ok('GET', '/api/blade-system/dict-biz/child-list?current=1&size=10&parentId=-1')).toEqual([]);
  });

  it('search/role, search/dept, search/post (workflow pickers) answer pages', async () => {
    expect((await ok('GET', '/api/blade-system/search/role?current=1&size=10&roleName=')).total).toBeGreaterThan(0);
    const dept = await ok('GET', `/api/blade-system/search/dept?current=1&size=10&deptName=${encodeURIComponent('招标')}`);
    expect(dept.records.map((d: { deptName: string }) => d.deptName)).toContain('招标部');
    expect((await ok('GET', '/api/blade-system/search/post?current=1&size=10')).records[0]).toHaveProperty('postName');
  });
});

describe('writes Saber makes and what it reads back', () => {
  it('dept/submit answers id, tenantId and deptCategoryName; menu/submit answers id', async () => {
    const dept = await ok('POST', '/api/blade-system/dept/submit', {
      parentId: '',
      deptName: 'Saber部门',
      fullName: 'Saber部门',
      deptCategory: 2,
      sort: 9,
      remark: '',
    });
    expect(dept).toEqual({ id: expect.stringMatching(/^\d+$/), tenantId: '000000', deptCategoryName: expect.any(String) });
    expect(dept.deptCategoryName).not.toBe('');
    const menu = await ok('POST', '/api/blade-system/menu/submit', {
      parentId: 0,
      name: 'Saber菜单',
      code: 'saber_menu',
      alias: 'saber',
      path: '/saber',
      source: 'iconfont icon-caidan',
      sort: 99,
      category: 1,
      action: 1,
      isOpen: 1,
      remark: '',
    });
    expect(menu).toEqual({ id: expect.stringMatching(/^\d+$/) });
    expect(await ok('GET', `/api/blade-system/menu/detail?id=${menu.id}`)).toMatchObject({ name: 'Saber菜单' });
  });

  it('dict/submit and dict-biz/submit take dictKey -1 as a number (a top-level dictionary)', async () => {
    await ok('POST', '/api/blade-system/dict/submit', {
      code: 'saber_dict',
      dictValue: 'Saber字典',
      dictKey: -1,
      sort: 1,
      isSealed: 0,
      remark: '',
      parentId: 0,
    });
    await ok('POST', '/api/blade-system/dict-biz/submit', { code: 'saber_biz', dictValue: 'Saber业务字典', dictKey: -1, sort: 1, isSealed: 0, remark: '' });
    const root = await idOf(`SELECT id::text AS id FROM blade_dict WHERE code = 'saber_dict' AND parent_id = 0`);
    await ok('POST', '/api/blade-system/dict/submit', { parentId: root, code: 'saber_dict', dictValue: '一', dictKey: 1, sort: 1, isSealed: 0 });
    expect((await ok('GET', `/api/blade-system/dict/child-list?current=1&size=10&parentId=${root}`)).map((d: { dictKey: string }) => d.dictKey)).toEqual(['1']);
  });

  it('notice/submit takes releaseTime as yyyy-MM-dd HH:mm:ss and answers it so', async () => {
    await ok('POST', '/api/blade-desk/notice/submit', { title: 'Saber通知', category: 1, releaseTime: '2026-12-01 10:30:00', content: '<p>正文</p>' });
    const list = await ok('GET', `/api/blade-desk/notice/list?current=1&size=10&title=${encodeURIComponent('Saber通知')}`);
    expect(list.records[0]).toMatchObject({ releaseTime: '2026-12-01 10:30:00', content: '<p>正文</p>' });
  });

  it('blade-user/submit without a phone; unlock with an empty userIds does nothing', async () => {
    const role = await idOf(`SELECT id::text AS id FROM blade_role WHERE role_alias = 'user' AND tenant_id = '000000' LIMIT 1`);
    const dept = await idOf(`SELECT id::text AS id FROM blade_dept WHERE tenant_id = '000000' AND parent_id = 0 LIMIT 1`);
    await ok('POST', '/api/blade-user/submit', {
      account: 'saber_user',
      name: 'saber',
      realName: '萨博',
      password: '123456',
      password2: '123456',
      roleId: role,
      deptId: dept,
      postId: '',
      phone: '',
      email: '',
      sex: '',
      birthday: '',
      code: '',
      userType: 1,
    });
    const [u] = await t.database.raw(`SELECT phone FROM blade_user WHERE account = 'saber_user'`);
    expect(u!.phone).toBeNull();
    expect(await ok('POST', '/api/blade-user/unlock?userIds=')).toEqual({});
  });

  it('attach/submit changes an attachment record', async () => {
    await ok('POST', '/api/blade-resource/attach/submit', {
      link: '/api/blade-resource/oss/endpoint/file/local/20261201/0123456789abcdef0123456789abcdef.pdf',
      domain: '/api/blade-resource/oss/endpoint/file',
      name: 'local/20261201/0123456789abcdef0123456789abcdef.pdf',
      originalName: '合同.pdf',
      extension: 'pdf',
      attachSize: 1024,
    });
    const id = await idOf(`SELECT id::text AS id FROM blade_attach WHERE original_name = '合同.pdf'`);
    await ok('POST', '/api/blade-resource/attach/submit', { id, originalName: '合同(盖章).pdf' });
    expect((await ok('GET', `/api/blade-resource/attach/detail?id=${id}`)).originalName).toBe('合同(盖章).pdf');
  });

  it('a region submitted under the root 00 appears in lazy-tree?parentCode=00', async () => {
    await ok('POST', '/api/blade-system/region/submit', { parentCode: '00', code: '990000', name: 'Saber省', regionLevel: 1, sort: 99, remark: '' });
    const roots = await ok('GET', '/api/blade-system/region/lazy-tree?parentCode=00');
    expect(roots.map((r: { code: string }) => r.code)).toContain('990000');
  });

  it('client/submit with the secret left empty keeps it', async () => {
    const created = await ok('POST', '/api/blade-system/client/submit', {
      clientId: 'saber2',
      clientSecret: 'saber2_secret',
      scope: 'all',
      authorizedGrantTypes: 'refresh_token,password,captcha',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    });
    await ok('POST', '/api/blade-system/client/submit', { id: created.id, clientId: 'saber2', clientSecret: '', accessTokenValidity: 7200 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&username=lihong&password=${md5('123456')}&grant_type=password&scope=all`,
      headers: { authorization: `Basic ${Buffer.from('saber2:saber2_secret').toString('base64')}`, 'tenant-id': '000000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().expires_in).toBe(7200);
  });
});

describe('session calls of the spec', () => {
  it('POST oauth/token/refresh as Saber refreshes', async () => {
    const login = await saberLogin('zhangwei', '123456');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token/refresh?tenantId=000000&refresh_token=${login.refresh_token}&grant_type=refresh_token&scope=all`,
      headers: { authorization: `Basic ${t.basic}`, 'tenant-id': '000000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: login.user_id, token_type: 'bearer' });
  });

  it('update-password with md5 passwords in the query (Saber’s userinfo page)', async () => {
    const login = await saberLogin('sunlei', '123456');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/blade-user/update-password?oldPassword=${md5('123456')}&newPassword=${md5('abc1234')}&newPassword1=${md5('abc1234')}`,
      headers: { authorization: `Basic ${t.basic}`, 'blade-auth': `bearer ${login.access_token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await saberLogin('sunlei', 'abc1234')).access_token).toBeTruthy();
  });

  it('get-token/{id} answers a clear refusal for an unknown ticket', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-auth/get-token/1234567890' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('令牌不存在或已过期');
  });

  it('dictType/export and dictData/export download workbooks (token in the query, as a download)', async () => {
    for (const url of ['/api/system/dictType/export?name=&type=', '/api/system/dictData/export?dictType=approval_status']) {
      const res = await t.app.inject({ method: 'GET', url: `${url}&blade-auth=${encodeURIComponent(`bearer ${token}`)}` });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/spreadsheetml/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0]!.rowCount).toBeGreaterThan(1);
    }
  });
});
