/**
 * The secrets vault over the API (BUSINESS.md §1 hjlPassword, BUSINESS.md WP6): the secret is sealed at rest and
 * never appears in a list, detail, export, error body or any log row (every table of the database is searched for
 * it); a use request goes through its process (部门经理 → 财务); 查看密码 is refused before the approval, after its
 * time, to anyone but the requester and in another tenant, and every call is in the audit log the administrator
 * reads; the codes hold (403 请求被拒绝).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { sheetOf } from '../../testing/excel.ts';
import { expectEvery } from '../../testing/expect.ts';
import { ok, refused, users } from '../../testing/http.ts';
import { loadVaultKey, openSecret, sealSecret } from './api.ts';

const B = '/api/business';
const VAULT = `${B}/hjlPassword`;
const APPLY = `${B}/hjlPasswordApply`;
const LOG = `${B}/hjlPasswordLog`;
/** Secrets this test writes: none of them may show anywhere but in 查看密码. */
const SECRET = 'Zx9!vault-plain-7731';
const SECRET2 = 'Qq8@second-plain-4410';
const LONG = `Lg7#${'x'.repeat(300)}`;
const NUL = 'Nul5$plain\u0000text';

let t: TestApp;
const { call, login, loginAs, approveAs } = users(() => t);
const ids: Record<string, string> = {};

const reveal = (who: string, id: string) => call(who, 'POST', `${APPLY}/reveal`, undefined, { id });
const auditRows = (applyId: string) =>
  t.database.raw(`SELECT user_id::text AS "userId", result, message FROM hjl_password_log WHERE apply_id = $1 ORDER BY id`, [applyId]);

let entryId = '';

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'lihong', 'zhangwei', 'chenjing', 'sunlei', 'wangjianguo');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
}, 120_000);
afterAll(() => t.close());

describe('sealing', () => {
  it('AES-256-GCM with the data directory key: opens what it sealed, not in another tenant, not tampered', () => {
    const key = loadVaultKey(t.config.dataDir);
    expect(key).toHaveLength(32);
    expect(loadVaultKey(t.config.dataDir).equals(key)).toBe(true);
    const sealed = sealSecret(key, '000000', SECRET);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(SECRET);
    expect(sealSecret(key, '000000', SECRET)).not.toBe(sealed);
    expect(openSecret(key, '000000', sealed)).toBe(SECRET);
    expect(() => openSecret(key, '100001', sealed)).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(() => openSecret(key, '000000', `v1:${raw.toString('base64')}`)).toThrow();
  });
});

describe('vault entries (hjlPassword)', () => {
  it('the keeper saves an entry: the database holds the ciphertext; list, detail and export carry the mask', async () => {
    ok(
      await call('lihong', 'POST', `${VAULT}/submit`, {
        platform: '测试银行网银',
        category: 1,
        account: '6222 0000 1111',
        loginName: 'vault_test',
        password: SECRET,
        keeperUser: ids.lihong,
      }),
    );
    const [row] = await t.database.raw(`SELECT id::text AS id, password FROM hjl_password WHERE platform = '测试银行网银' AND tenant_id = '000000'`);
    entryId = String(row!.id);
    expect(String(row!.password)).toMatch(/^v1:/);
    expect(String(row!.password)).not.toContain(SECRET);

    const list = ok(await call('lihong', 'GET', `${VAULT}/list`, { size: '100' })).body.data;
    expect(list.total).toBeGreaterThanOrEqual(6);
    expectEvery(list.records as Record<string, unknown>[], (r) => r.password === '******' && typeof r.keeperName === 'string', 'vault rows');
    const detail = ok(await call('lihong', 'GET', `${VAULT}/detail`, { id: entryId })).body.data;
    expect(detail).toMatchObject({ platform: '测试银行网银', password: '******', keeperName: expect.any(String) });
    expect(JSON.stringify(list) + JSON.stringify(detail)).not.toMatch(/v1:|Zx9!/);

    const xlsx = await call('lihong', 'GET', `${VAULT}/export`);
    expect(xlsx.status).toBe(200);
    const cells = (await sheetOf(xlsx.res.rawPayload)).flat().join('|');
    expect(cells).toContain('测试银行网银');
    expect(cells).not.toContain(SECRET);
    expect(cells).not.toContain('v1:');
    expect(cells).not.toContain('******');
    // The secret is no list column: an export cannot ask for it.
    expect((await call('lihong', 'GET', `${VAULT}/export`, { columns: 'platform,password' })).status).toBe(400);
  });

  it('a submit sending the mask back keeps the secret; a new secret replaces it (sealed again)', async () => {
    const before = String((await t.database.raw(`SELECT password FROM hjl_password WHERE id = $1`, [entryId]))[0]!.password);
    ok(
      await call('lihong', 'POST', `${VAULT}/submit`, {
        id: entryId,
        platform: '测试银行网银',
        loginName: 'vault_test2',
        password: '******',
        keeperUser: ids.lihong,
      }),
    );
    const kept = await t.database.raw(`SELECT password, login_name FROM hjl_password WHERE id = $1`, [entryId]);
    expect(kept[0]).toMatchObject({ password: before, login_name: 'vault_test2' });
    ok(
      await call('lihong', 'POST', `${VAULT}/submit`, {
        id: entryId,
        platform: '测试银行网银',
        loginName: 'vault_test',
        password: SECRET2,
        keeperUser: ids.lihong,
      }),
    );
    const changed = String((await t.database.raw(`SELECT password FROM hjl_password WHERE id = $1`, [entryId]))[0]!.password);
    expect(changed).not.toBe(before);
    expect(openSecret(loadVaultKey(t.config.dataDir), '000000', changed)).toBe(SECRET2);
  });

  it('bad input: a Chinese 400 that never repeats the secret, nothing written', async () => {
    const n = await countRows(t.database, 'hjl_password');
    const cases: [Record<string, unknown>, string][] = [
      [{ platform: '过长', loginName: 'x', password: LONG, keeperUser: ids.lihong }, '密码长度不能超过200个字符'],
      [{ loginName: 'x', password: SECRET, keeperUser: ids.lihong }, '请输入平台名称'],
      [{ platform: '无密码', loginName: 'x', keeperUser: ids.lihong }, '请输入密码'],
      [{ platform: '无保管人', loginName: 'x', password: SECRET }, '请选择保管人'],
      [{ platform: '保管人不存在', loginName: 'x', password: SECRET, keeperUser: '123456789' }, '不存在'],
      [{ platform: '掩码', loginName: 'x', password: '******', keeperUser: ids.lihong }, '请输入密码'],
    ];
    for (const [body, msg] of cases) {
      const r = await call('lihong', 'POST', `${VAULT}/submit`, body);
      refused(r, msg);
      expect(r.res.body).not.toContain(SECRET);
      expect(r.res.body).not.toContain('Lg7#');
    }
    const nul = await call('lihong', 'POST', `${VAULT}/submit`, { platform: 'NUL', loginName: 'x', password: NUL, keeperUser: ids.lihong });
    expect(nul.status).toBe(400);
    expect(nul.res.body).not.toContain('Nul5$');
    expect(await countRows(t.database, 'hjl_password')).toBe(n);
  });

  it('codes: the vault is the keepers’ (403 请求被拒绝 for the others); anyone may choose an entry to request (no secret)', async () => {
    for (const [method, url] of [
      ['GET', `${VAULT}/list`],
      ['GET', `${VAULT}/detail`],
      ['POST', `${VAULT}/submit`],
      ['POST', `${VAULT}/remove`],
      ['GET', `${VAULT}/export`],
      ['GET', `${LOG}/list`],
    ] as const)
      refused(await call('zhangwei', method, url, method === 'GET' ? { id: entryId } : { platform: 'x' }), '请求被拒绝', 403);
    refused(await call('lihong', 'GET', `${LOG}/list`), '请求被拒绝', 403);
    const options = ok(await call('zhangwei', 'GET', `${VAULT}/select`)).body.data as Record<string, unknown>[];
    expect(options.find((o) => o.id === entryId)).toMatchObject({ platform: '测试银行网银' });
    expectEvery(options, (o) => !('password' in o) && !('loginName' in o), 'select options');
  });

  it('another tenant sees, reveals and changes nothing', async () => {
    expect(ok(await call('b', 'GET', `${VAULT}/list`)).body.data.total).toBe(0);
    expect((await call('b', 'GET', `${VAULT}/detail`, { id: entryId })).status).toBe(404);
    expect(ok(await call('b', 'GET', `${VAULT}/select`)).body.data).toEqual([]);
    const before = (await t.database.raw(`SELECT password FROM hjl_password WHERE id = $1`, [entryId]))[0]!.password;
    await call('b', 'POST', `${VAULT}/submit`, { id: entryId, platform: 'B', loginName: 'b', password: 'b-secret', keeperUser: ids.lihong });
    await call('b', 'POST', `${VAULT}/remove`, undefined, { ids: entryId });
    expect((await t.database.raw(`SELECT password, is_deleted FROM hjl_password WHERE id = $1`, [entryId]))[0]).toMatchObject({
      password: before,
      is_deleted: 0,
    });
    const applies = await countRows(t.database, 'hjl_password_apply');
    expect((await call('b', 'POST', `${APPLY}/start`, { passwordId: entryId, reason: '跨租户' })).status).toBe(400);
    expect(await countRows(t.database, 'hjl_password_apply')).toBe(applies);
  });
});

describe('use requests and 查看密码', () => {
  let applyId = '';
  let pid = '';

  it('refused before the approval; the department and finance approve; then the requester sees it for 24 h', async () => {
    refused(await call('zhangwei', 'POST', `${APPLY}/start`, { reason: '缺少密码' }), '请选择要使用的密码');
    refused(await call('zhangwei', 'POST', `${APPLY}/start`, { passwordId: entryId }), '请输入使用事由');
    const started = ok(
      await call('zhangwei', 'POST', `${APPLY}/start`, { passwordId: entryId, reason: '登录网银打印回单', expireTime: '2099-01-01 00:00:00', revealCount: 5 }),
    ).body.data;
    applyId = String(started.id);
    pid = String(started.processInstanceId);
    const row = ok(await call('zhangwei', 'GET', `${APPLY}/detail`, { id: applyId })).body.data;
    expect(row).toMatchObject({ status: 1, platformName: '测试银行网银', expireTime: null });
    expect(Number(row.revealCount ?? 0)).toBe(0);

    refused(await reveal('zhangwei', applyId), '未审批通过');
    ok(await approveAs('sunlei', pid));
    refused(await reveal('zhangwei', applyId), '未审批通过');
    ok(await approveAs('lihong', pid));

    const approved = ok(await call('zhangwei', 'GET', `${APPLY}/detail`, { id: applyId })).body.data;
    expect(approved.status).toBe(2);
    const hours = (Date.parse(approved.expireTime.replace(' ', 'T')) - Date.parse(approved.approveTime.replace(' ', 'T'))) / 3_600_000;
    expect(hours).toBe(24);

    const shown = ok(await reveal('zhangwei', applyId));
    expect(shown.body.data).toMatchObject({ password: SECRET2, platform: '测试银行网银', loginName: 'vault_test' });
    expect(shown.res.headers['cache-control']).toBe('no-store');
    expect(ok(await call('zhangwei', 'GET', `${APPLY}/detail`, { id: applyId })).body.data.revealCount).toBe(1);
  });

  it('refused to anyone but the requester (the keeper and the administrator too), and in another tenant', async () => {
    refused(await reveal('chenjing', applyId), '只有申请人本人可以查看密码', 403);
    refused(await reveal('lihong', applyId), '只有申请人本人可以查看密码', 403);
    refused(await reveal('admin', applyId), '只有申请人本人可以查看密码', 403);
    expect((await reveal('b', applyId)).status).toBe(404);
    refused(await call('b', 'GET', `${APPLY}/detail`, { id: applyId }), '数据不存在', 404);
  });

  it('refused after its time (the clock 24 h on)', async () => {
    const clock = t.app.workflow.clock;
    const source = clock.source;
    clock.source = { now: () => new Date(Date.now() + 24 * 3_600_000 + 60_000) };
    try {
      refused(await reveal('zhangwei', applyId), '密码查看已过期');
    } finally {
      clock.source = source;
    }
    ok(await reveal('zhangwei', applyId));
  });

  it('a rejected request reveals nothing; the requester sees only their own requests, the keepers all', async () => {
    const started = ok(await call('chenjing', 'POST', `${APPLY}/start`, { passwordId: entryId, reason: '被驳回的申请' })).body.data;
    ok(await approveAs('sunlei', String(started.processInstanceId), false));
    const row = ok(await call('chenjing', 'GET', `${APPLY}/detail`, { id: String(started.id) })).body.data;
    expect(row.status).toBe(3);
    refused(await reveal('chenjing', String(started.id)), '未审批通过');

    const mine = ok(await call('chenjing', 'GET', `${APPLY}/list`, { size: '100' })).body.data;
    expectEvery(mine.records as Record<string, unknown>[], (r) => r.createUser === ids.chenjing, 'chenjing requests');
    refused(await call('chenjing', 'GET', `${APPLY}/detail`, { id: applyId }), '没有查看该数据的权限', 403);
    const all = ok(await call('lihong', 'GET', `${APPLY}/list`, { size: '100' })).body.data;
    expect(all.total).toBe(await countRows(t.database, 'hjl_password_apply', `tenant_id = '000000' AND is_deleted = 0`));
    expect(new Set((all.records as Record<string, unknown>[]).map((r) => r.status))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('every call is in the audit log, which the administrator reads (names, results)', async () => {
    const rows = await auditRows(applyId);
    expect(rows.map((r) => [r.userId, r.result])).toEqual([
      [ids.zhangwei, 0],
      [ids.zhangwei, 0],
      [ids.zhangwei, 1],
      [ids.chenjing, 0],
      [ids.lihong, 0],
      [ids.admin, 0],
      [ids.zhangwei, 0],
      [ids.zhangwei, 1],
    ]);
    const log = ok(await call('admin', 'GET', `${LOG}/list`, { size: '100', applyId })).body.data;
    expect(log.total).toBe(8);
    expect(log.records[0]).toMatchObject({ userName: expect.any(String), platformName: '测试银行网银' });
    expect(ok(await call('b', 'GET', `${LOG}/list`)).body.data.total).toBe(0);
  });

  it('the demo: an approved request of zhangwei reveals the seeded secret, chenjing’s expired one does not', async () => {
    const [open] = await t.database.raw(
      `SELECT a.id::text AS id FROM hjl_password_apply a JOIN blade_user u ON u.id = a.create_user WHERE a.tenant_id = '000000' AND u.account = 'zhangwei' AND a.status = 2 AND a.reason LIKE '%交易平台%'`,
    );
    expect(ok(await reveal('zhangwei', String(open!.id))).body.data.password).toBe('Bid2026$js');
    const [old] = await t.database.raw(
      `SELECT a.id::text AS id FROM hjl_password_apply a JOIN blade_user u ON u.id = a.create_user WHERE a.tenant_id = '000000' AND u.account = 'chenjing' AND a.status = 2`,
    );
    refused(await reveal('chenjing', String(old!.id)), '密码查看已过期');
  });
});

describe('the secret is nowhere else', () => {
  it('no table of the database (request log, error log, usual log, process variables, audit log …) holds a plaintext secret', async () => {
    await new Promise((r) => setTimeout(r, 200)); // the request log is written in batches
    expect(await countRows(t.database, 'blade_log_api', `request_uri LIKE '/api/business/hjlPassword%'`)).toBeGreaterThan(5);
    const tables = await t.database.raw(`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`);
    const found: string[] = [];
    for (const { table_name: table } of tables) {
      for (const needle of [SECRET, SECRET2, 'Lg7#', 'Nul5$', 'Bid2026$js']) {
        const [r] = await t.database.raw(`SELECT count(*)::int AS n FROM ${String(table)} x WHERE strpos(x::text, $1) > 0`, [needle]);
        if (Number(r!.n) > 0) found.push(`${String(table)}: ${needle}`);
      }
    }
    expect(found).toEqual([]);
  });
});
