/** Switch mode (用户信息选择): a refresh with Dept-Id / Role-Id moves the session to another own dept / role. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, type TestApp } from '../../testing/app.ts';

let t: TestApp;
const dept: Record<string, string> = {};
const role: Record<string, string> = {};

const tokenCall = async (params: Record<string, string>, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: params,
    headers: { authorization: `Basic ${t.basic}`, 'tenant-id': '000000', ...headers },
  });
  return { status: res.statusCode, body: res.json() };
};
const login = () => tokenCall({ tenantId: '000000', username: 'zhangwei', password: md5('123456'), grant_type: 'password', scope: 'all' });
const refresh = (token: string, headers: Record<string, string>) =>
  tokenCall({ grant_type: 'refresh_token', refresh_token: token, scope: 'all', tenantId: '000000' }, headers);

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.database.raw(`SELECT id::text AS id, dept_name FROM blade_dept WHERE tenant_id = '000000'`)) dept[String(r.dept_name)] = String(r.id);
  for (const r of await t.database.raw(`SELECT id::text AS id, role_alias FROM blade_role WHERE tenant_id = '000000'`))
    role[String(r.role_alias)] = String(r.id);
  await t.database.raw(`UPDATE blade_user SET dept_id = $1, role_id = $2 WHERE account = 'zhangwei' AND tenant_id = '000000'`, [
    `${dept['造价部']},${dept['财务部']}`,
    `${role.project},${role.user}`,
  ]);
});
afterAll(() => t.close());

describe('switching department and role', () => {
  it('a refresh with Dept-Id and Role-Id narrows the new token to them', async () => {
    const first = (await login()).body;
    expect(first.dept_id).toBe(`${dept['造价部']},${dept['财务部']}`);
    const switched = await refresh(first.refresh_token, { 'dept-id': dept['财务部']!, 'role-id': role.user! });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ dept_id: dept['财务部'], role_id: role.user, role_name: 'user', account: 'zhangwei' });
    // A later plain refresh keeps the switched dept and role.
    const again = await refresh(switched.body.refresh_token, {});
    expect(again.body).toMatchObject({ dept_id: dept['财务部'], role_id: role.user });
    // Switching the role only keeps the dept.
    const roleOnly = await refresh(again.body.refresh_token, { 'role-id': role.project! });
    expect(roleOnly.body).toMatchObject({ dept_id: dept['财务部'], role_id: role.project });
  });

  it("refuses a dept or role that is not the user's own, and the refresh token stays usable", async () => {
    const first = (await login()).body;
    expect(await refresh(first.refresh_token, { 'dept-id': dept['人事部']! })).toMatchObject({
      status: 400,
      body: { error_description: '所选部门不属于当前用户' },
    });
    expect(await refresh(first.refresh_token, { 'role-id': role.administrator! })).toMatchObject({
      status: 400,
      body: { error_description: '所选角色不属于当前用户' },
    });
    expect((await refresh(first.refresh_token, { 'dept-id': dept['造价部']! })).body).toMatchObject({ dept_id: dept['造价部'] });
  });
});
