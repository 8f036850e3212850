import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, type TestApp } from '../../testing/app.ts';
import { callsByToken, FORBIDDEN } from '../../testing/http.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { menus } from '../system/schema.ts';
import { tenantPackages, tenants } from './schema.ts';

let t: TestApp;
let admin: string; // platform administrator
let user: string; // zhangwei: no tenant codes
let other: string; // administrator of tenant 100002 (every code, but not the platform)
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token!;
  user = (await t.login('zhangwei', '123456')).access_token!;
  await createTenant(t.database, '100002');
  other = (await t.login('admin', 'admin', '100002')).access_token!;
});
afterAll(() => t.close());

/**
 * The first login of a new tenant's administrator: the generated password (answered once by tenant/submit) must be
 * changed before anything else; answers a token after the change.
 */
async function firstLogin(tenantId: string, password: string) {
  const first = await t.login('admin', password, tenantId);
  expect(first.detail).toEqual({ type: 'web', mustChangePassword: true });
  const refused = await t.call(first.access_token!, { method: 'GET', url: '/api/blade-system/menu/routes' });
  expect(refused).toMatchObject({ status: 403, body: { msg: '初始密码必须修改后才能使用系统,请先修改密码' } });
  const changed = await t.call(first.access_token!, {
    method: 'POST',
    url: '/api/blade-user/update-password',
    payload: { oldPassword: password, newPassword: 'chang3d', newPassword1: 'chang3d' },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  const again = await t.login('admin', 'chang3d', tenantId);
  expect(again.detail).toEqual({ type: 'web' });
  return again.access_token!;
}
const { get, post } = callsByToken(() => t, { prefix: '/api/blade-system/' });

/** The token call as a raw answer (status and body), to see refusals. */
async function tokenCall(tenantId: string, account = 'admin', password = 'admin') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { tenantId, username: account, password: md5(password), grant_type: 'password', scope: 'all' },
    headers: { authorization: `Basic ${t.basic}`, 'tenant-id': tenantId },
  });
  return { status: res.statusCode, body: res.json() };
}

interface Node {
  code: string;
  children?: Node[];
}
const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
const menuIds = async (...menuCodes: string[]) => {
  const rows = await t.database.db.select({ id: menus.id, code: menus.code }).from(menus);
  return menuCodes.map((c) => rows.find((r) => r.code === c)!.id);
};

const company = {
  tenantName: '江苏华建造价咨询分公司',
  linkman: '周敏',
  contactNumber: '025-86661234',
  address: '南京市鼓楼区中山北路88号',
  accountNumber: 20,
};

describe('tenant packages', () => {
  it('list (page size 10 by default), with the seeded packages', async () => {
    const r = await get(admin, 'tenant-package/list');
    expect(r.status).toBe(200);
    expect(r.body.data.size).toBe(10);
    expect(r.body.data.records.map((p: { packageName: string }) => p.packageName).sort()).toEqual(['基础版', '标准版']);
  });

  it("submit: the specs' messages, menus that exist, then detail", async () => {
    const [desk, notice] = await menuIds('desk', 'notice');
    expect((await post(admin, 'tenant-package/submit', { menuId: desk })).body.msg).toBe('请输入产品包名称');
    expect((await post(admin, 'tenant-package/submit', { packageName: '试用版' })).body.msg).toBe('请选择菜单');
    expect((await post(admin, 'tenant-package/submit', { packageName: '试用版', menuId: 'a,b' })).body.msg).toBe('菜单格式不正确');
    expect((await post(admin, 'tenant-package/submit', { packageName: '试用版', menuId: '123456' })).body.msg).toBe('所选菜单不存在');
    expect(await countRows(t.database, 'blade_tenant_package', "package_name = '试用版'")).toBe(0);
    expect((await post(admin, 'tenant-package/submit', { packageName: '试用版', menuId: `${desk},${notice}`, remark: '仅工作台' })).status).toBe(200);
    const [row] = await t.database.db.select().from(tenantPackages).where(eq(tenantPackages.packageName, '试用版'));
    expect((await get(admin, 'tenant-package/detail', { id: row!.id })).body.data).toMatchObject({
      packageName: '试用版',
      menuId: `${desk},${notice}`,
      remark: '仅工作台',
    });
  });

  it('only the platform administrator; codes are checked', async () => {
    expect(await get(other, 'tenant-package/list')).toMatchObject(FORBIDDEN);
    expect(await post(other, 'tenant-package/submit', { packageName: '越权', menuId: (await menuIds('desk'))[0] })).toMatchObject(FORBIDDEN);
    expect(await get(user, 'tenant-package/list')).toMatchObject(FORBIDDEN);
    expect(await countRows(t.database, 'blade_tenant_package', "package_name = '越权'")).toBe(0);
  });
});

describe('tenants', () => {
  it("creating a tenant seeds its company; its administrator logs in and sees the package's menus only", async () => {
    const [basic] = await t.database.db.select().from(tenantPackages).where(eq(tenantPackages.packageName, '基础版'));
    const r = await post(admin, 'tenant/submit', { ...company, packageId: basic!.id, domainUrl: 'https://sz.huajian.example' });
    expect(r.status).toBe(200);
    const { tenantId } = r.body.data;
    expect(tenantId).toMatch(/^\d{6}$/);
    expect(await countRows(t.database, 'blade_dept', 'tenant_id = $1 AND parent_id = 0 AND dept_name = $2', [tenantId, company.tenantName])).toBe(1);
    expect(await countRows(t.database, 'blade_role', 'tenant_id = $1', [tenantId])).toBe(2);
    expect(await countRows(t.database, 'blade_user', "tenant_id = $1 AND account = 'admin'", [tenantId])).toBe(1);
    // copies of the platform's parameters (not its tenant.* settings) and business dictionaries
    expect(await countRows(t.database, 'blade_param', "tenant_id = $1 AND param_key = 'file.maxSize'", [tenantId])).toBe(1);
    expect(await countRows(t.database, 'blade_param', "tenant_id = $1 AND param_key LIKE 'tenant.%'", [tenantId])).toBe(0);
    expect(await countRows(t.database, 'blade_dict_biz', 'tenant_id = $1', [tenantId])).toBe(
      await countRows(t.database, 'blade_dict_biz', "tenant_id = '000000' AND is_deleted = 0"),
    );

    // its administrator's password is generated, answered only here, and must be changed at the first login
    expect(r.body.data).toMatchObject({ account: 'admin', password: expect.stringMatching(/^(?=.*[a-z])(?=.*\d)[A-Za-z\d]{12}$/) });
    expect((await get(admin, 'tenant/detail', { id: r.body.data.id })).body.data).not.toHaveProperty('password');
    expect((await tokenCall(tenantId, 'admin', 'admin')).body.error_description).toBe('用户名或密码错误');
    const token = await firstLogin(tenantId, r.body.data.password);
    const mine = codes((await t.call(token, { method: 'GET', url: '/api/blade-system/menu/routes' })).body.data);
    expect(mine).toEqual(expect.arrayContaining(['desk', 'notice', 'system', 'user', 'dept', 'param']));
    expect(mine).not.toContain('tenant');
    expect(mine).not.toContain('menu');
    expect(mine).not.toContain('log_usual');
    // its own business dictionary answers, its own parameters are listed
    const dict = await t.call(token, { method: 'GET', url: '/api/blade-system/dict-biz/dictionary', query: { code: 'customer_type' } });
    expect(dict.body.data).toHaveLength(5);
    const params = await t.call(token, { method: 'GET', url: '/api/blade-system/param/list', query: { paramKey: 'account.initPassword' } });
    expect(params.body.data.total).toBe(1);
    // and it is not the platform: tenants stay closed to it (the package also leaves the menu out)
    expect((await t.call(token, { method: 'GET', url: '/api/blade-system/tenant/list' })).status).toBe(403);

    // a new package for the tenant changes its menus at once
    const [standard] = await t.database.db.select().from(tenantPackages).where(eq(tenantPackages.packageName, '标准版'));
    expect((await post(admin, 'tenant/package-setting', undefined, { tenantId, packageId: standard!.id })).status).toBe(200);
    const after = codes((await t.call(token, { method: 'GET', url: '/api/blade-system/menu/routes' })).body.data);
    expect(after).toContain('log_usual');
    expect((await get(admin, 'tenant/package-detail', { tenantId })).body.data).toMatchObject({ id: standard!.id, packageName: '标准版' });
    // and a changed package too
    const [desk] = await menuIds('desk');
    expect((await post(admin, 'tenant-package/submit', { id: standard!.id, menuId: desk })).status).toBe(200);
    expect(codes((await t.call(token, { method: 'GET', url: '/api/blade-system/menu/routes' })).body.data)).toEqual(['desk']);
    // a package in use cannot be removed
    expect((await post(admin, 'tenant-package/remove', undefined, { ids: standard!.id })).body.msg).toBe(
      `产品包正在被租户 [${company.tenantName}] 使用,请先更换其产品包`,
    );
  });

  it('without a package the new administrator has every menu; the quota and expiry come through', async () => {
    const r = await post(admin, 'tenant/submit', {
      tenantName: '无锡华建项目管理有限公司',
      linkman: '钱进',
      contactNumber: '0510-82345678',
      expireTime: '2099-12-31 23:59:59',
    });
    const { tenantId, id } = r.body.data;
    const token = await firstLogin(tenantId, r.body.data.password);
    const mine = codes((await t.call(token, { method: 'GET', url: '/api/blade-system/menu/routes' })).body.data);
    expect(mine).toEqual(expect.arrayContaining(['desk', 'system', 'authority', 'resource']));
    const detail = (await get(admin, 'tenant/detail', { id })).body.data;
    expect(detail).toMatchObject({ tenantId, accountNumber: -1, expireTime: '2099-12-31 23:59:59', packageName: '' });
    expect((await get(admin, 'tenant/package-detail', { tenantId })).body.data).toEqual({});
  });

  it('submit: messages, a package that exists, a domain bound once, an update', async () => {
    expect((await post(admin, 'tenant/submit', { ...company, tenantName: '' })).body.msg).toBe('请输入租户名称');
    expect((await post(admin, 'tenant/submit', { ...company, linkman: '' })).body.msg).toBe('请输入联系人');
    expect((await post(admin, 'tenant/submit', { ...company, packageId: '999' })).body.msg).toBe('产品包不存在');
    expect((await post(admin, 'tenant/submit', { ...company, accountNumber: -5 })).body.msg).toBe('账号额度不能小于-1(-1表示不限制)');
    expect((await post(admin, 'tenant/submit', { ...company, expireTime: '2025-02-30 00:00:00' })).body.msg).toBe('过期时间格式应为yyyy-MM-dd HH:mm:ss');
    expect((await post(admin, 'tenant/submit', { ...company, domainUrl: 'http://SZ.huajian.example/login' })).body.msg).toBe('该域名已绑定其他租户');
    expect(await countRows(t.database, 'blade_tenant', 'tenant_name = $1', [company.tenantName])).toBe(1);

    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.tenantName, company.tenantName));
    expect((await post(admin, 'tenant/submit', { id: row!.id, linkman: '周建', tenantId: '000000' })).status).toBe(200);
    const detail = (await get(admin, 'tenant/detail', { id: row!.id })).body.data;
    expect(detail).toMatchObject({ linkman: '周建', tenantId: row!.tenantId, packageName: '标准版' });
  });

  it('list: paged, searchable, with package names', async () => {
    const r = await get(admin, 'tenant/list', { tenantName: '华建' });
    expect(r.body.data.records.map((x: { tenantName: string }) => x.tenantName)).toEqual(expect.arrayContaining(['华建工程咨询有限公司', company.tenantName]));
    expect(r.body.data.records.find((x: { tenantName: string }) => x.tenantName === company.tenantName).packageName).toBe('标准版');
    expect((await get(admin, 'tenant/list', { tenantId: '000000' })).body.data.total).toBe(1);
  });

  it('info by domain is public and answers the tenant id (or nothing)', async () => {
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.tenantName, company.tenantName));
    for (const domain of ['https://sz.huajian.example', 'sz.huajian.example', 'http://sz.huajian.example/#/login']) {
      const r = await t.call(undefined, { method: 'GET', url: '/api/blade-system/tenant/info', query: { domain } });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ tenantId: row!.tenantId, domain: 'https://sz.huajian.example' });
    }
    expect((await t.call(undefined, { method: 'GET', url: '/api/blade-system/tenant/info', query: { domain: 'unknown.example' } })).body.data).toEqual({});
    expect((await t.call(undefined, { method: 'GET', url: '/api/blade-system/tenant/info' })).body.msg).toBe('缺少必要的请求参数: domain');
  });

  it('an expired tenant cannot log in; 授权配置 extends it (quota and expiry for several tenants)', async () => {
    const r = await post(admin, 'tenant/submit', {
      tenantName: '常州华建监理有限公司',
      linkman: '孙立',
      contactNumber: '0519-86001234',
      expireTime: '2020-01-01 00:00:00',
    });
    const { tenantId, id, password } = r.body.data;
    expect(await tokenCall(tenantId, 'admin', password)).toEqual({
      status: 400,
      body: { error_code: 400, error: 'invalid_grant', error_description: '租户授权已过期,请联系管理员' },
    });

    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.tenantName, company.tenantName));
    const set = await post(admin, 'tenant/setting', undefined, { ids: `${id},${row!.id}`, accountNumber: '50', expireTime: '2099-01-01 00:00:00' });
    expect(set.status).toBe(200);
    expect((await tokenCall(tenantId, 'admin', password)).status).toBe(200);
    expect((await get(admin, 'tenant/detail', { id: row!.id })).body.data).toMatchObject({ accountNumber: 50, expireTime: '2099-01-01 00:00:00' });

    expect((await post(admin, 'tenant/setting', undefined, { ids: id, accountNumber: '-2' })).body.msg).toBe('账号额度不能小于-1(-1表示不限制)');
    expect((await post(admin, 'tenant/setting', undefined, { ids: id })).body.msg).toBe('请输入账号额度');
    const [platform] = await t.database.db.select().from(tenants).where(eq(tenants.tenantId, '000000'));
    expect((await post(admin, 'tenant/setting', undefined, { ids: platform!.id, accountNumber: '-1', expireTime: '2020-01-01 00:00:00' })).body.msg).toBe(
      '平台租户不能设置过期时间',
    );
    expect((await tokenCall('000000')).status).toBe(200);
    // expiring again through the setting call refuses the next login
    expect((await post(admin, 'tenant/setting', undefined, { ids: id, accountNumber: '-1', expireTime: '2021-06-30 00:00:00' })).status).toBe(200);
    expect((await tokenCall(tenantId, 'admin', password)).body.error_description).toBe('租户授权已过期,请联系管理员');
  });

  it('datasource: a stored setting', async () => {
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.tenantName, company.tenantName));
    expect((await post(admin, 'tenant/datasource', undefined, { tenantId: row!.tenantId, datasourceId: '1123598821738675201' })).status).toBe(200);
    expect((await get(admin, 'tenant/detail', { id: row!.id })).body.data.datasourceId).toBe('1123598821738675201');
    expect((await post(admin, 'tenant/datasource', undefined, { tenantId: row!.tenantId, datasourceId: 'x' })).body.msg).toBe('数据源格式不正确');
    expect((await post(admin, 'tenant/datasource', undefined, { datasourceId: '1' })).body.msg).toBe('缺少必要的请求参数: tenantId');
    expect((await post(admin, 'tenant/datasource', undefined, { tenantId: '654321' })).body.msg).toBe('租户不存在');
  });

  it('only the platform administrator manages tenants; codes are checked', async () => {
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.tenantName, company.tenantName));
    for (const token of [other, user]) {
      expect(await get(token, 'tenant/list')).toMatchObject(FORBIDDEN);
      expect(await get(token, 'tenant/detail', { id: row!.id })).toMatchObject(FORBIDDEN);
      expect(await post(token, 'tenant/submit', { ...company, tenantName: '越权租户' })).toMatchObject(FORBIDDEN);
      expect(await post(token, 'tenant/remove', undefined, { ids: row!.id })).toMatchObject(FORBIDDEN);
      expect(await post(token, 'tenant/setting', undefined, { ids: row!.id, accountNumber: '1' })).toMatchObject(FORBIDDEN);
      expect(await post(token, 'tenant/package-setting', undefined, { tenantId: row!.tenantId })).toMatchObject(FORBIDDEN);
      expect(await post(token, 'tenant/datasource', undefined, { tenantId: row!.tenantId })).toMatchObject(FORBIDDEN);
      expect(await get(token, 'tenant/package-detail', { tenantId: row!.tenantId })).toMatchObject(FORBIDDEN);
    }
    expect(await countRows(t.database, 'blade_tenant', "tenant_name = '越权租户'")).toBe(0);
    expect((await get(admin, 'tenant/detail', { id: row!.id })).body.data.accountNumber).toBe(50);
  });

  it('remove: never the platform tenant; a removed tenant cannot log in', async () => {
    const [platform] = await t.database.db.select().from(tenants).where(eq(tenants.tenantId, '000000'));
    expect((await post(admin, 'tenant/remove', undefined, { ids: platform!.id })).body.msg).toBe('平台租户不能删除');
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.tenantName, company.tenantName));
    // (its administrator changed the generated password at the first login)
    expect((await tokenCall(row!.tenantId, 'admin', 'chang3d')).status).toBe(200);
    expect((await post(admin, 'tenant/remove', undefined, { ids: row!.id })).status).toBe(200);
    expect((await tokenCall(row!.tenantId, 'admin', 'chang3d')).body.error_description).toBe('租户ID未找到');
  });
});

describe('clients', () => {
  it('create: the secret is answered once, works on the token call, and is never read back', async () => {
    const r = await post(admin, 'client/submit', {
      clientId: 'huajian_app',
      scope: 'all',
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 7200,
      refreshTokenValidity: 86400,
    });
    expect(r.status).toBe(200);
    const { id, clientSecret } = r.body.data;
    expect(clientSecret).toMatch(/^[0-9a-f]{48}$/);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all' },
      headers: { authorization: `Basic ${Buffer.from(`huajian_app:${clientSecret}`).toString('base64')}`, 'tenant-id': '000000' },
    });
    expect(res.statusCode).toBe(200);
    const detail = (await get(admin, 'client/detail', { id })).body.data;
    expect(detail).toMatchObject({ clientId: 'huajian_app', accessTokenValidity: 7200 });
    expect(detail).not.toHaveProperty('clientSecret');
    const list = (await get(admin, 'client/list', { clientId: 'huajian' })).body.data;
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).not.toHaveProperty('clientSecret');
    const tokenWith = async (secret: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/blade-auth/oauth/token',
          query: { tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all' },
          headers: { authorization: `Basic ${Buffer.from(`huajian_app:${secret}`).toString('base64')}`, 'tenant-id': '000000' },
        })
      ).statusCode;
    // an edit that leaves the secret empty (the form never shows it) keeps it
    for (const clientSecret of [undefined, '', '  ', null]) {
      expect((await post(admin, 'client/submit', { id, accessTokenValidity: 1800, clientSecret })).status).toBe(200);
      expect(await tokenWith(r.body.data.clientSecret)).toBe(200);
    }
    expect((await get(admin, 'client/detail', { id })).body.data.accessTokenValidity).toBe(1800);
    // a secret given on an edit replaces it
    expect((await post(admin, 'client/submit', { id, clientSecret: 'short' })).body.msg).toBe('客户端密钥至少6个字符');
    expect((await post(admin, 'client/submit', { id, clientSecret: 'chosen-secret' })).status).toBe(200);
    expect(await tokenWith(r.body.data.clientSecret)).toBe(401);
    expect(await tokenWith('chosen-secret')).toBe(200);
    expect((await get(admin, 'client/detail', { id })).body.data).not.toHaveProperty('clientSecret');
    // a client created with a chosen secret (as a BladeX form does) uses it; the answer does not repeat it
    const chosen = await post(admin, 'client/submit', {
      clientId: 'saber_old',
      clientSecret: 'saber_secret',
      scope: 'all',
      authorizedGrantTypes: 'password',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    });
    expect(chosen.body.data).not.toHaveProperty('clientSecret');
    // the web app's own client keeps the secret the server is configured with
    const [web] = (await get(admin, 'client/list', { clientId: 'saber' })).body.data.records.filter((c: { clientId: string }) => c.clientId === 'saber');
    expect((await post(admin, 'client/submit', { id: web.id, clientSecret: 'another-one' })).body.msg).toBe(
      '系统内置客户端的密钥由服务器配置(WEB_CLIENT_SECRET),不能在此修改',
    );
  });

  it('submit: messages and a unique client id', async () => {
    const base = { clientId: 'huajian_mobile', scope: 'all', authorizedGrantTypes: 'password', accessTokenValidity: 3600, refreshTokenValidity: 604800 };
    expect((await post(admin, 'client/submit', { ...base, clientId: '' })).body.msg).toBe('请输入客户端id');
    expect((await post(admin, 'client/submit', { ...base, authorizedGrantTypes: '' })).body.msg).toBe('请输入授权类型');
    expect((await post(admin, 'client/submit', { ...base, accessTokenValidity: 0 })).body.msg).toBe('令牌过期秒数必须大于0');
    expect((await post(admin, 'client/submit', { ...base, clientId: 'huajian_app' })).body.msg).toBe('当前客户端id已存在!');
    expect((await post(admin, 'client/submit', { ...base, clientId: 'bad id' })).body.msg).toBe('客户端id只能包含字母、数字、下划线和中划线');
    expect(await countRows(t.database, 'blade_client', "client_id = 'huajian_mobile'")).toBe(0);
  });

  it('the web client cannot be removed or renamed; others can be removed', async () => {
    const list = (await get(admin, 'client/list', { size: '50' })).body.data.records as { id: string; clientId: string }[];
    const web = list.find((c) => c.clientId === 'saber')!;
    expect((await post(admin, 'client/remove', undefined, { ids: web.id })).body.msg).toBe('系统内置客户端不能删除');
    expect((await post(admin, 'client/submit', { id: web.id, clientId: 'other' })).body.msg).toBe('系统内置客户端的客户端id不能修改');
    const app = list.find((c) => c.clientId === 'huajian_app')!;
    expect((await post(admin, 'client/remove', undefined, { ids: app.id })).status).toBe(200);
  });

  it('only the platform administrator; codes are checked', async () => {
    for (const token of [other, user]) {
      expect(await get(token, 'client/list')).toMatchObject(FORBIDDEN);
      expect(
        await post(token, 'client/submit', {
          clientId: 'evil',
          scope: 'all',
          authorizedGrantTypes: 'password',
          accessTokenValidity: 1,
          refreshTokenValidity: 1,
        }),
      ).toMatchObject(FORBIDDEN);
    }
    expect(await countRows(t.database, 'blade_client', "client_id = 'evil'")).toBe(0);
  });
});
