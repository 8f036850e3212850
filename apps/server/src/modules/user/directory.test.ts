import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../platform/auth/user.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { applyDirectory, noDirectory, type WorkplaceDirectoryProvider } from './directory.ts';

let t: TestApp;
let caller: AuthUser;
beforeAll(async () => {
  t = await createTestApp();
  const [a] = await t.database.raw(`SELECT id::text AS id, dept_id FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'`);
  caller = {
    tenantId: '000000',
    userId: String(a!.id),
    account: 'admin',
    userName: 'admin',
    realName: '管理员',
    deptIds: [String(a!.dept_id)],
    roleIds: [],
    postIds: [],
    roleAliases: [],
    clientId: 'saber',
    jti: 'x',
    exp: 0,
  };
});
afterAll(() => t.close());

describe('workplace directory', () => {
  it('the default provider reports that no service is configured', async () => {
    await expect(noDirectory.fetchPeople('000000')).rejects.toThrow('未配置企业通讯录同步服务');
  });

  it('a provider’s people refresh known accounts and arrive as registrations awaiting approval', async () => {
    const provider: WorkplaceDirectoryProvider = {
      fetchPeople: async () => [
        { account: 'lihong', realName: '李红', phone: '13988887777', email: 'li.hong@huajian.example' },
        { account: 'newcomer', realName: '钱多多', phone: '1' /* not a phone: left out */ },
        { account: ' ', realName: '无账号' },
      ],
    };
    const result = await applyDirectory(t.database.db, caller, await provider.fetchPeople('000000'), '123456');
    expect(result).toEqual({ updated: 1, added: 1, skipped: 1 });
    const [li] = await t.database.raw(`SELECT phone, email FROM blade_user WHERE account = 'lihong'`);
    expect(li).toEqual({ phone: '13988887777', email: 'li.hong@huajian.example' });
    const [n] = await t.database.raw(`SELECT real_name, phone, approval_status, role_id, tenant_id FROM blade_user WHERE account = 'newcomer'`);
    expect(n).toEqual({ real_name: '钱多多', phone: null, approval_status: 0, role_id: '', tenant_id: '000000' });
  });
});
