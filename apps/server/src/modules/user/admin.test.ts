import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, type TestApp } from '../../testing/app.ts';
import { refusal } from '../../testing/http.ts';
import { countRows, createTenant, type TestTenant } from '../../testing/db.ts';

let t: TestApp;
let admin: string;
let other: TestTenant;
let b: string; // admin of tenant 100001
const ids: Record<string, string> = {};

const idOf = async (sqlText: string, params: unknown[] = []) => String((await t.database.raw(sqlText, params))[0]!.id);
const userRow = async (account: string, tenant = '000000') =>
  (
    await t.database.raw(
      `SELECT id::text AS id, account, role_id, dept_id, post_id, status, is_deleted, fail_count, lock_until, password, approval_status, user_type, director_id::text AS director_id FROM blade_user WHERE account = $1 AND tenant_id = $2 ORDER BY is_deleted LIMIT 1`,
      [account, tenant],
    )
  )[0]!;
const userSnapshot = () =>
  t.database.raw(
    `SELECT id, account, name, real_name, phone, role_id, dept_id, post_id, status, is_deleted, fail_count, password, update_time::text FROM blade_user ORDER BY id`,
  );

async function loginFails(account: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { tenantId: '000000', username: account, password: md5(password), grant_type: 'password', scope: 'all' },
    headers: { authorization: `Basic ${t.basic}`, 'tenant-id': '000000' },
  });
  return res.statusCode === 200 ? undefined : (res.json().error_description as string);
}

beforeAll(async () => {
  t = await createTestApp();
  other = await createTenant(t.database, '100001');
  admin = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
  for (const [k, q] of [
    ['root', `SELECT id FROM blade_dept WHERE dept_name = '华建咨询'`],
    ['cost', `SELECT id FROM blade_dept WHERE dept_name = '造价部'`],
    ['finance', `SELECT id FROM blade_dept WHERE dept_name = '财务部'`],
    ['adminRole', `SELECT id FROM blade_role WHERE role_alias = 'administrator' AND tenant_id = '000000'`],
    ['userRole', `SELECT id FROM blade_role WHERE role_alias = 'user' AND tenant_id = '000000'`],
    ['projectRole', `SELECT id FROM blade_role WHERE role_alias = 'project' AND tenant_id = '000000'`],
    ['staffPost', `SELECT id FROM blade_post WHERE post_code = 'staff' AND tenant_id = '000000'`],
    ['pmPost', `SELECT id FROM blade_post WHERE post_code = 'pm' AND tenant_id = '000000'`],
    ['admin', `SELECT id FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'`],
    ['zhangwei', `SELECT id FROM blade_user WHERE account = 'zhangwei'`],
    ['chenjing', `SELECT id FROM blade_user WHERE account = 'chenjing'`],
    ['lihong', `SELECT id FROM blade_user WHERE account = 'lihong'`],
    ['zhaomin', `SELECT id FROM blade_user WHERE account = 'zhaomin'`],
  ] as const)
    ids[k] = await idOf(q);
});
afterAll(() => t.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  account: 'xiaoming',
  name: '小明',
  realName: '周小明',
  phone: '13912345678',
  email: 'xm@huajian.example',
  sex: 1,
  birthday: '1995-06-01',
  roleId: ids.userRole,
  deptId: ids.cost,
  postId: ids.staffPost,
  ...over,
});

describe('GET /api/blade-user/page', () => {
  it('lists the tenant’s users with dept, role and post names, never the password', async () => {
    const r = await t.call(admin, { method: 'GET', url: '/api/blade-user/page', query: { size: '100' } });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(10);
    const zw = r.body.data.records.find((u: { account: string }) => u.account === 'zhangwei');
    expect(zw).toMatchObject({
      id: ids.zhangwei,
      realName: '张伟',
      deptName: '造价部',
      roleName: '项目人员',
      postName: '项目负责人',
      sexName: '男',
      locked: false,
      tenantId: '000000',
    });
    expect(JSON.stringify(r.body.data)).not.toMatch(/\$2[aby]\$|"password"/);
  });

  it('filters by account, realName, status and deptId including the dept’s descendants', async () => {
    const list = async (query: Record<string, string>) =>
      (await t.call(admin, { method: 'GET', url: '/api/blade-user/page', query: { size: '100', ...query } })).body.data;
    expect((await list({ account: 'zhang' })).records.map((u: { account: string }) => u.account)).toEqual(['zhangwei']);
    expect((await list({ realName: '陈' })).records.map((u: { account: string }) => u.account)).toEqual(['chenjing']);
    expect((await list({ deptId: ids.cost! })).records.map((u: { account: string }) => u.account).sort()).toEqual(['chenjing', 'zhangwei']);
    expect((await list({ deptId: ids.root! })).total).toBe(10); // every dept is below the root
    expect((await list({ status: '1' })).total).toBe(10);
    expect((await list({ deptId: other.deptId })).total).toBe(0);
    const bad = await t.call(admin, { method: 'GET', url: '/api/blade-user/page', query: { deptId: 'x' } });
    expect(bad).toMatchObject(refusal('请求参数类型错误'));
  });

  it('another tenant sees only its own users', async () => {
    const r = await t.call(b, { method: 'GET', url: '/api/blade-user/page', query: { size: '100', deptId: ids.root! } });
    expect(r.body.data.total).toBe(0);
    const all = await t.call(b, { method: 'GET', url: '/api/blade-user/page' });
    expect(all.body.data.records.map((u: { id: string }) => u.id)).toEqual([other.adminUserId]);
  });
});

describe('detail and info', () => {
  it('detail answers the user with names; another tenant’s id is 404', async () => {
    const r = await t.call(admin, { method: 'GET', url: '/api/blade-user/detail', query: { id: ids.lihong! } });
    expect(r.body.data).toMatchObject({ account: 'lihong', deptName: '财务部', roleName: '财务人员', postName: '会计' });
    expect(r.body.data.password).toBeUndefined();
    expect(await t.call(b, { method: 'GET', url: '/api/blade-user/detail', query: { id: ids.lihong! } })).toMatchObject({ status: 404 });
    expect(await t.call(admin, { method: 'GET', url: '/api/blade-user/detail', query: { id: 'abc' } })).toMatchObject(refusal('请求参数类型错误'));
  });

  it('info is the caller', async () => {
    const zw = (await t.login('zhangwei', '123456')).access_token!;
    const r = await t.call(zw, { method: 'GET', url: '/api/blade-user/info' });
    expect(r.body.data).toMatchObject({ id: ids.zhangwei, account: 'zhangwei', deptName: '造价部' });
  });
});

describe('POST /api/blade-user/submit', () => {
  it('adds a user with the initial password and comma lists of roles, depts and posts', async () => {
    const r = await t.call(admin, {
      method: 'POST',
      url: '/api/blade-user/submit',
      payload: newUser({ roleId: [ids.userRole, ids.projectRole], deptId: `${ids.cost},${ids.finance}` }),
    });
    expect(r.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    const u = await userRow('xiaoming');
    expect(u).toMatchObject({
      role_id: `${ids.userRole},${ids.projectRole}`,
      dept_id: `${ids.cost},${ids.finance}`,
      post_id: ids.staffPost,
      approval_status: 1,
      status: 1,
    });
    expect(await t.login('xiaoming', '123456')).toHaveProperty('access_token');
  });

  it('takes a given password (md5 hex) on add', async () => {
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: '/api/blade-user/submit',
          payload: newUser({ account: 'xiaohong', password: md5('hong2024'), password2: md5('hong2024') }),
        })
      ).status,
    ).toBe(200);
    expect(await t.login('xiaohong', 'hong2024')).toHaveProperty('access_token');
  });

  it('refuses bad input with the specs’ messages and writes nothing', async () => {
    const before = await userSnapshot();
    const cases: [Record<string, unknown>, string][] = [
      [newUser({ account: 'admin' }), '当前用户 [admin] 已存在!'],
      [newUser({ account: 'xiaoming' }), '当前用户 [xiaoming] 已存在!'],
      [newUser({ account: 'p1', phone: '1391234567' }), '手机号码长度不为11位'],
      [newUser({ account: 'p1', phone: '139123456789' }), '手机号码长度不为11位'],
      [newUser({ account: 'p1', phone: '12912345678' }), '请输入正确的手机号或座机号'],
      [newUser({ account: 'p1', phone: '1391234567a' }), '请输入正确的手机号或座机号'],
      [newUser({ account: undefined }), '请输入登录账号'],
      [newUser({ account: '  ' }), '请输入登录账号'],
      [newUser({ account: 'p1', name: undefined }), '请输入用户昵称'],
      [newUser({ account: 'p1', realName: undefined }), '请输入用户姓名'],
      [newUser({ account: 'p1', roleId: '' }), '请选择所属角色'],
      [newUser({ account: 'p1', roleId: undefined }), '请选择所属角色'],
      [newUser({ account: 'p1', deptId: [] }), '请选择所属部门'],
      [newUser({ account: 'p1', roleId: 'abc' }), '请选择所属角色'],
      [newUser({ account: 'p1', email: 'not-mail' }), '请输入正确的邮箱地址'],
      [newUser({ account: 'p1', birthday: '2023-02-30' }), '用户生日格式应为yyyy-MM-dd'],
      [newUser({ account: 'p1', sex: 7 }), '用户性别不正确'],
      [newUser({ account: 'p1', password: 'a', password2: 'b' }), '两次密码输入不一致'],
      [newUser({ account: 'p1', roleId: other.adminRoleId }), '所选角色不存在'],
      [newUser({ account: 'p1', deptId: other.deptId }), '所选部门不存在'],
      [newUser({ account: 'p1', postId: other.postId }), '所选岗位不存在'],
      [newUser({ account: 'p1', directorId: other.adminUserId }), '所选部门领导不存在'],
    ];
    for (const [payload, msg] of cases) {
      expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/submit', payload }), msg).toMatchObject(refusal(msg));
    }
    expect(await userSnapshot()).toEqual(before);
  });

  it('the platform administrator adds a user to another tenant with that tenant’s role and department', async () => {
    const payload = newUser({ account: 'tenant-b-user', tenantId: '100001', roleId: other.adminRoleId, deptId: other.deptId, postId: undefined });
    const r = await t.call(admin, { method: 'POST', url: '/api/blade-user/submit', payload });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    const [row] = await t.database.raw(
      `SELECT tenant_id, role_id::text AS role, dept_id::text AS dept FROM blade_user WHERE account = 'tenant-b-user' AND is_deleted = 0`,
    );
    expect(row).toEqual({ tenant_id: '100001', role: other.adminRoleId, dept: other.deptId });
    // This tenant's role is not the other tenant's; an unknown tenant is refused; nothing written.
    const before = await userSnapshot();
    expect(
      await t.call(admin, {
        method: 'POST',
        url: '/api/blade-user/submit',
        payload: newUser({ account: 'tenant-b-2', tenantId: '100001', deptId: other.deptId }),
      }),
    ).toMatchObject(refusal('所选角色不存在'));
    expect(
      await t.call(admin, { method: 'POST', url: '/api/blade-user/submit', payload: newUser({ account: 'tenant-b-3', tenantId: '999999' }) }),
    ).toMatchObject(refusal('所选租户不存在'));
    // Another tenant's administrator names a tenant in vain: the user is of its own tenant, refs checked there.
    expect(
      await t.call(b, { method: 'POST', url: '/api/blade-user/submit', payload: newUser({ account: 'tenant-b-4', tenantId: '000000', deptId: other.deptId }) }),
    ).toMatchObject(refusal('所选角色不存在'));
    expect(await userSnapshot()).toEqual(before);
  });

  it('edits a user: partial, account unique, another tenant’s id refused', async () => {
    const id = (await userRow('xiaoming')).id as string;
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: '/api/blade-user/submit',
          payload: { id, realName: '周晓明', phone: '13700001111', directorId: ids.zhangwei, areaLeaderId: ids.lihong },
        })
      ).status,
    ).toBe(200);
    const d = (await t.call(admin, { method: 'GET', url: '/api/blade-user/detail', query: { id } })).body.data;
    expect(d).toMatchObject({
      account: 'xiaoming',
      realName: '周晓明',
      phone: '13700001111',
      name: '小明',
      deptName: '造价部,财务部',
      directorId: ids.zhangwei,
    });
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/submit', payload: { id, account: 'admin' } })).toMatchObject(
      refusal('当前用户 [admin] 已存在!'),
    );
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/submit', payload: { id, phone: '123' } })).toMatchObject(
      refusal('手机号码长度不为11位'),
    );
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/submit', payload: { id, directorId: id } })).toMatchObject(
      refusal('部门领导不能是本人'),
    );
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/update', payload: { realName: '无id' } })).toMatchObject(
      refusal('缺少必要的请求参数: id'),
    );
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-user/update', payload: { id, name: '晓明' } })).status).toBe(200);

    const before = await userSnapshot();
    expect(await t.call(b, { method: 'POST', url: '/api/blade-user/submit', payload: { id, realName: '劫持' } })).toMatchObject(
      refusal('数据不存在或已被删除'),
    );
    expect(await t.call(b, { method: 'POST', url: '/api/blade-user/update', payload: { id: ids.admin, realName: '劫持' } })).toMatchObject(
      refusal('数据不存在或已被删除'),
    );
    expect(await userSnapshot()).toEqual(before);
  });
});

describe('director/info and areaLeader/info', () => {
  it('answers the leaders of the caller or of another user, {} when none', async () => {
    const xm = (await t.login('xiaoming', '123456')).access_token!;
    expect((await t.call(xm, { method: 'GET', url: '/api/blade-user/director/info' })).body.data).toMatchObject({
      id: ids.zhangwei,
      realName: '张伟',
      deptName: '造价部',
    });
    expect((await t.call(xm, { method: 'GET', url: '/api/blade-user/areaLeader/info' })).body.data).toMatchObject({ id: ids.lihong, realName: '李红' });
    const xmId = (await userRow('xiaoming')).id as string;
    expect((await t.call(admin, { method: 'GET', url: '/api/blade-user/director/info', query: { userId: xmId } })).body.data.id).toBe(ids.zhangwei);
    expect((await t.call(admin, { method: 'GET', url: '/api/blade-user/director/info' })).body.data).toEqual({});
    // another user's leaders need the user menu; another tenant's user is not found
    expect((await t.call(xm, { method: 'GET', url: '/api/blade-user/director/info', query: { userId: ids.admin! } })).status).toBe(403);
    expect((await t.call(b, { method: 'GET', url: '/api/blade-user/director/info', query: { userId: xmId } })).status).toBe(404);
  });
});

describe('grant, reset-password, unlock', () => {
  it('grant replaces the roles of several users', async () => {
    const r = await t.call(admin, {
      method: 'POST',
      url: '/api/blade-user/grant',
      query: { userIds: `${ids.zhaomin},${ids.chenjing}`, roleIds: ids.projectRole! },
    });
    expect(r.status).toBe(200);
    expect((await userRow('zhaomin')).role_id).toBe(ids.projectRole);
    expect((await userRow('chenjing')).role_id).toBe(ids.projectRole);
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/grant', payload: { userIds: ids.zhaomin } })).toMatchObject(refusal('请选择角色'));
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/grant', payload: { roleIds: ids.userRole } })).toMatchObject(refusal('请选择用户'));
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/grant', payload: { userIds: ids.zhaomin, roleIds: other.adminRoleId } })).toMatchObject(
      refusal('所选角色不存在'),
    );
    const before = await userSnapshot();
    expect(await t.call(b, { method: 'POST', url: '/api/blade-user/grant', payload: { userIds: ids.zhaomin, roleIds: other.adminRoleId } })).toMatchObject(
      refusal('数据不存在或已被删除'),
    );
    expect(await userSnapshot()).toEqual(before);
  });

  it('reset-password sets the account.initPassword parameter', async () => {
    const [p] = await t.database.raw(`SELECT id::text AS id FROM blade_param WHERE param_key = 'account.initPassword' AND tenant_id = '000000'`);
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id: p!.id, paramValue: 'reset2024' } })).status).toBe(200);
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-user/reset-password', query: { userIds: ids.zhaomin! } })).status).toBe(200);
    expect(await t.login('zhaomin', 'reset2024')).toHaveProperty('access_token');
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/reset-password' })).toMatchObject(refusal('缺少必要的请求参数: userIds'));
    const before = await userSnapshot();
    expect(await t.call(b, { method: 'POST', url: '/api/blade-user/reset-password', query: { userIds: ids.zhaomin! } })).toMatchObject(
      refusal('数据不存在或已被删除'),
    );
    expect(await userSnapshot()).toEqual(before);
    await t.call(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id: p!.id, paramValue: '123456' } });
  });

  it('unlock clears the fail count and the lock', async () => {
    for (let i = 0; i < 5; i++) await loginFails('lihong', 'wrong');
    expect(await loginFails('lihong', '123456')).toBe('登录错误次数过多,请稍后再试');
    const page = await t.call(admin, { method: 'GET', url: '/api/blade-user/page', query: { account: 'lihong' } });
    expect(page.body.data.records[0]).toMatchObject({ locked: true, failCount: 5 });
    expect(await t.call(b, { method: 'POST', url: '/api/blade-user/unlock', query: { userIds: ids.lihong! } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect((await userRow('lihong')).fail_count).toBe(5);
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-user/unlock', query: { userIds: ids.lihong! } })).status).toBe(200);
    expect(await userRow('lihong')).toMatchObject({ fail_count: 0, lock_until: null });
    expect(await loginFails('lihong', '123456')).toBeUndefined();
  });
});

describe('platform', () => {
  it('update-platform stores the platform and its extension; platform-detail answers them', async () => {
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: '/api/blade-user/update-platform',
          payload: { userId: ids.chenjing, userType: 2, userExt: '{"device":"ios"}' },
        })
      ).status,
    ).toBe(200);
    const d = await t.call(admin, { method: 'GET', url: '/api/blade-user/platform-detail', query: { id: ids.chenjing! } });
    expect(d.body.data).toMatchObject({ id: ids.chenjing, userType: 2, userTypeName: 'APP', userExt: '{"device":"ios"}' });
    expect(
      (await t.call(admin, { method: 'POST', url: '/api/blade-user/update-platform', payload: { userId: ids.chenjing, userType: 2, userExt: 'v2' } })).status,
    ).toBe(200);
    expect((await t.call(admin, { method: 'GET', url: '/api/blade-user/platform-detail', query: { id: ids.chenjing! } })).body.data.userExt).toBe('v2');
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/update-platform', payload: { userId: ids.chenjing, userType: 9 } })).toMatchObject(
      refusal('用户平台不正确'),
    );
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/update-platform', payload: { userType: 1 } })).toMatchObject(
      refusal('缺少必要的请求参数: userId'),
    );
    expect(await t.call(b, { method: 'POST', url: '/api/blade-user/update-platform', payload: { userId: ids.chenjing, userType: 1 } })).toMatchObject(
      refusal('数据不存在或已被删除'),
    );
    expect((await t.call(b, { method: 'GET', url: '/api/blade-user/platform-detail', query: { id: ids.chenjing! } })).status).toBe(404);
    expect((await userRow('chenjing')).user_type).toBe(2);
  });
});

describe('dimission and remove', () => {
  it('dimission marks the user as left; they can no longer log in', async () => {
    const zm = (await userRow('xiaohong')).id as string;
    expect(await t.call(b, { method: 'POST', url: `/api/blade-user/dimission/${zm}` })).toMatchObject(refusal('数据不存在或已被删除'));
    expect((await t.call(admin, { method: 'POST', url: `/api/blade-user/dimission/${zm}` })).status).toBe(200);
    expect((await userRow('xiaohong')).status).toBe(2);
    expect(await loginFails('xiaohong', 'hong2024')).toBe('账号已停用,请联系管理员');
    const left = await t.call(admin, { method: 'GET', url: '/api/blade-user/page', query: { status: '2' } });
    expect(left.body.data.records.map((u: { account: string }) => u.account)).toEqual(['xiaohong']);
    expect(await t.call(admin, { method: 'POST', url: `/api/blade-user/dimission/${ids.admin}` })).toMatchObject(refusal('不能对本账号办理离职!'));
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/dimission/abc' })).toMatchObject(refusal('请求参数类型错误'));
  });

  it('remove deletes logically, never the caller, never another tenant’s users', async () => {
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/remove', query: { ids: `${ids.admin}` } })).toMatchObject(refusal('不能删除本账号!'));
    const before = await userSnapshot();
    expect(await t.call(b, { method: 'POST', url: '/api/blade-user/remove', query: { ids: ids.zhaomin! } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect(await userSnapshot()).toEqual(before);
    const xh = (await userRow('xiaohong')).id as string;
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-user/remove', query: { ids: xh } })).status).toBe(200);
    expect(await countRows(t.database, 'blade_user', `id = $1 AND is_deleted = 1`, [xh])).toBe(1);
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/remove' })).toMatchObject(refusal('缺少必要的请求参数: ids'));
    // the account name is free again
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-user/submit', payload: newUser({ account: 'xiaohong' }) })).status).toBe(200);
  });
});

describe('getCenterList and search/user', () => {
  it('getCenterList answers the users of the caller’s dept tree', async () => {
    const zw = (await t.login('zhangwei', '123456')).access_token!;
    const r = await t.call(zw, { method: 'GET', url: '/api/blade-user/getCenterList', query: { size: '100' } });
    const accounts = r.body.data.records.map((u: { account: string }) => u.account).sort();
    expect(accounts).toEqual(['chenjing', 'xiaohong', 'xiaoming', 'zhangwei']);
    expect(r.body.data.records[0].password).toBeUndefined();
    const withName = await t.call(zw, { method: 'GET', url: '/api/blade-user/getCenterList', query: { realName: '陈' } });
    expect(withName.body.data.records.map((u: { account: string }) => u.account)).toEqual(['chenjing']);
  });

  it('search/user pages by realName, deptName and postName; rows carry the display name', async () => {
    const zw = (await t.login('zhangwei', '123456')).access_token!;
    const s = async (query: Record<string, string>) => (await t.call(zw, { method: 'GET', url: '/api/blade-user/search/user', query })).body.data;
    expect((await s({ deptName: '财务' })).records.map((u: { account: string }) => u.account).sort()).toEqual(['lihong', 'wufang', 'xiaoming']);
    expect((await s({ postName: '会计' })).records).toMatchObject([{ account: 'lihong', deptName: '财务部', postName: '会计' }]);
    expect((await s({ realName: '张伟' })).records).toMatchObject([{ account: 'zhangwei', displayName: '张伟' }]);
    const paged = await s({ size: '2', current: '1' });
    expect(paged).toMatchObject({ size: 2, current: 1 });
    expect(paged.records).toHaveLength(2);
    expect((await t.call(b, { method: 'GET', url: '/api/blade-user/search/user', query: { deptName: '财务' } })).body.data.total).toBe(0);
  });
});

describe('registered guests', () => {
  it('are listed for approval, not in the page; approval with roles lets them log in; refusal deletes them', async () => {
    for (const account of ['guestA', 'guestB']) {
      await t.call(undefined, {
        method: 'POST',
        url: '/api/blade-user/register-guest',
        query: { tenantId: '000000', name: account, account, password: md5('guest-pass') },
      });
    }
    const audit = await t.call(admin, { method: 'GET', url: '/api/blade-user/audit-page' });
    expect(audit.body.data.records.map((u: { account: string }) => u.account).sort()).toEqual(['guestA', 'guestB']);
    expect((await t.call(admin, { method: 'GET', url: '/api/blade-user/page', query: { account: 'guest' } })).body.data.total).toBe(0);
    expect((await t.call(b, { method: 'GET', url: '/api/blade-user/audit-page' })).body.data.total).toBe(0);

    const a = (await userRow('guestA')).id as string;
    const g = (await userRow('guestB')).id as string;
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/audit-pass', payload: { userIds: a } })).toMatchObject(refusal('请选择角色'));
    expect(await t.call(b, { method: 'POST', url: '/api/blade-user/audit-pass', payload: { userIds: a, roleIds: other.adminRoleId } })).toMatchObject(
      refusal('数据不存在或已被删除'),
    );
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/audit-pass', payload: { userIds: ids.zhangwei, roleIds: ids.userRole } })).toMatchObject(
      refusal('只能审核待审核的用户'),
    );
    expect(await loginFails('guestA', 'guest-pass')).toBe('未获得用户的角色信息');
    expect(
      (await t.call(admin, { method: 'POST', url: '/api/blade-user/audit-pass', payload: { userIds: a, roleIds: ids.userRole, deptIds: ids.cost } })).status,
    ).toBe(200);
    expect(await loginFails('guestA', 'guest-pass')).toBeUndefined();
    expect(await userRow('guestA')).toMatchObject({ approval_status: 1, role_id: ids.userRole, dept_id: ids.cost });

    expect((await t.call(admin, { method: 'POST', url: '/api/blade-user/audit-refuse', query: { userIds: g } })).status).toBe(200);
    expect(await countRows(t.database, 'blade_user', `id = $1 AND is_deleted = 1 AND approval_status = 2`, [g])).toBe(1);
    expect((await t.call(admin, { method: 'GET', url: '/api/blade-user/audit-page' })).body.data.total).toBe(0);
  });
});

describe('workplace directory sync', () => {
  it('the default provider refuses: 未配置企业通讯录同步服务, nothing changes', async () => {
    const before = await userSnapshot();
    expect(await t.call(admin, { method: 'GET', url: '/api/blade-user/dingTalk/syncDingTalkData' })).toMatchObject(refusal('未配置企业通讯录同步服务'));
    expect(await userSnapshot()).toEqual(before);
  });
});

describe('permissions', () => {
  it('a user without the codes is refused 403 on every administration call; profile calls need only a login', async () => {
    const manager = (await t.login('wangjianguo', '123456')).access_token!; // 公司领导: no user menu
    const calls: [string, string][] = [
      ['GET', '/api/blade-user/page'],
      ['GET', `/api/blade-user/detail?id=${ids.zhangwei}`],
      ['POST', '/api/blade-user/submit'],
      ['POST', '/api/blade-user/update'],
      ['POST', `/api/blade-user/remove?ids=${ids.zhangwei}`],
      ['POST', '/api/blade-user/grant'],
      ['POST', '/api/blade-user/reset-password'],
      ['POST', '/api/blade-user/unlock'],
      ['POST', '/api/blade-user/update-platform'],
      ['GET', `/api/blade-user/platform-detail?id=${ids.zhangwei}`],
      ['POST', `/api/blade-user/dimission/${ids.zhangwei}`],
      ['GET', '/api/blade-user/dingTalk/syncDingTalkData'],
      ['GET', '/api/blade-user/export-user'],
      ['GET', '/api/blade-user/export-template'],
      ['POST', '/api/blade-user/import-user'],
      ['GET', '/api/blade-user/audit-page'],
      ['POST', '/api/blade-user/audit-pass'],
      ['POST', '/api/blade-user/audit-refuse'],
    ];
    const before = await userSnapshot();
    for (const [method, url] of calls) {
      const r = await t.call(manager, {
        method: method as 'GET',
        url,
        payload: method === 'POST' ? { userIds: ids.zhangwei, roleIds: ids.adminRole, id: ids.zhangwei, userId: ids.zhangwei, userType: 1 } : undefined,
      });
      expect(r, url).toMatchObject(refusal('请求被拒绝', 403));
    }
    expect(await userSnapshot()).toEqual(before);
    for (const url of [
      '/api/blade-user/info',
      '/api/blade-user/getCenterList',
      '/api/blade-user/search/user',
      '/api/blade-user/director/info',
      '/api/blade-user/areaLeader/info',
    ]) {
      expect((await t.call(manager, { method: 'GET', url })).status, url).toBe(200);
    }
    expect((await t.call(undefined, { method: 'GET', url: '/api/blade-user/info' })).status).toBe(401);
  });

  it('a user manager without the administrator role may not give it', async () => {
    // give 公司领导 the user menu with its add and role buttons
    const grants = await t.database.raw(`SELECT id::text AS id FROM blade_menu WHERE code IN ('user', 'user_add', 'user_role')`);
    const [role] = await t.database.raw(`SELECT id::text AS id FROM blade_role WHERE role_alias = 'manager' AND tenant_id = '000000'`);
    for (const g of grants)
      await t.database.raw(`INSERT INTO blade_role_menu (id, menu_id, role_id) VALUES ($1, $2, $3)`, [
        String(Date.now()) + Math.floor(Math.random() * 1000),
        g.id,
        role!.id,
      ]);
    await t.call(admin, { method: 'GET', url: '/api/blade-auth/oauth/clear-cache' });
    const manager = (await t.login('wangjianguo', '123456')).access_token!;
    expect(await t.call(manager, { method: 'POST', url: '/api/blade-user/grant', payload: { userIds: ids.zhangwei, roleIds: ids.adminRole } })).toMatchObject(
      refusal('无权配置超管角色!'),
    );
    expect(
      await t.call(manager, { method: 'POST', url: '/api/blade-user/submit', payload: newUser({ account: 'boss2', roleId: ids.adminRole }) }),
    ).toMatchObject(refusal('无权配置超管角色!'));
    expect((await t.call(manager, { method: 'POST', url: '/api/blade-user/grant', payload: { userIds: ids.zhangwei, roleIds: ids.projectRole } })).status).toBe(
      200,
    );
    // add is granted, edit is not
    expect((await t.call(manager, { method: 'POST', url: '/api/blade-user/submit', payload: { id: ids.zhangwei, realName: '改名' } })).status).toBe(403);
  });
});
