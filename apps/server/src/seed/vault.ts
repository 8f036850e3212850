/**
 * Demo data of the secrets vault (BUSINESS.md §1 hjlPassword) in the demo tenant, on every start where missing (an
 * installation from before gets it too): the dictionaries, the parameters `password.revealHours` and
 * `hr.expireNoticeDays`, the demo roles' grants of the vault menus, a few entries (their secrets sealed with the
 * data directory's key), use requests in every status (an approved one still open for 查看密码, one expired) and
 * a few rows of the reveal log. Demo requests in status 1 and 2 have no process instance (as the other areas' demo
 * records): new requests go through the process.
 */
import { APPROVAL_STATUS, VAULT_REVEAL } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { nowIn } from '../platform/time/index.ts';
import { params } from '../modules/system/schema.ts';
import { users } from '../modules/user/schema.ts';
import { loadVaultKey, sealSecret } from '../modules/vault/api.ts';
import { vaultApplies, vaultEntries, vaultLogs } from '../modules/vault/schema.ts';
import * as demo from './data.ts';
import { ensureDemoDicts } from './dicts.ts';
import { grantDemoMenus } from './grants.ts';

const DICTS = ['password_category', 'password_reveal'];
const PARAMS = ['password.revealHours', 'hr.expireNoticeDays'];
const isVaultCode = (c: string) => /^(vault_mgmt|password_vault|password_apply|password_log)/.test(c);

/** platform, category, url, account, login name, secret, keeper (account), remark */
const ENTRIES: [string, number, string, string, string, string, string, string][] = [
  ['工商银行企业网银', 1, 'https://corporbank.icbc.com.cn', '1202 0210 0900 1234 567', 'hjzx_caiwu01', 'Icbc#2026demo', 'lihong', '基本户,U盾在财务部保险柜'],
  ['建设银行企业网银', 1, 'https://b2b.ccb.com', '3205 0161 3600 0000 8899', 'hjzx_ccb', 'Ccb!pay2026', 'lihong', '一般户'],
  ['电子税务局', 2, 'https://etax.jiangsu.chinatax.gov.cn', '91320500MA1XXXXX3K', '91320500MA1XXXXX3K', 'Tax@Suzhou88', 'wangjianguo', '办税员: 李红'],
  ['江苏省公共资源交易平台', 3, 'https://jsggzy.jszwfw.gov.cn', '华建工程咨询有限公司', 'huajian_zb', 'Bid2026$js', 'lihong', 'CA锁在经营部'],
  ['中国招标投标公共服务平台', 3, 'https://www.cebpubservice.com', '华建工程咨询有限公司', 'huajian2026', 'Ceb#Tender9', 'wangjianguo', ''],
];

export async function seedVault(db: Db, config: Config) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const people = await db
    .select({ id: users.id, account: users.account, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  const byAccount = new Map(people.map((p) => [p.account, p]));
  const admin = byAccount.get('admin');
  if (!admin) return; // no demo company

  await db.transaction(async (tx) => {
    // Dictionaries and parameters the tenant lacks.
    await ensureDemoDicts(tx, tenantId, DICTS);
    const haveParams = new Set(
      (
        await tx
          .select({ key: params.paramKey })
          .from(params)
          .where(and(eq(params.tenantId, tenantId), inArray(params.paramKey, PARAMS)))
      ).map((p) => p.key),
    );
    const missingParams = demo.params.filter((p) => PARAMS.includes(p.paramKey) && !haveParams.has(p.paramKey));
    if (missingParams.length)
      await tx.insert(params).values(missingParams.map((p) => ({ id: nextId(), tenantId, createUser: admin.id, updateUser: admin.id, ...p })));

    // The demo roles' grants of the vault menus (given with the rest on a fresh installation).
    await grantDemoMenus(tx, tenantId, (_role, code) => isVaultCode(code));
  });

  const counted = (await db.execute(sql`SELECT count(*)::int AS n FROM hjl_password WHERE tenant_id = ${tenantId}`)) as unknown as { rows: { n: number }[] };
  if ((counted.rows[0]?.n ?? 0) > 0) return;

  const key = loadVaultKey(config.dataDir);
  const keeper = byAccount.get('lihong') ?? admin;
  const deptOf = (p: { deptId: string | null }) => String(p.deptId ?? '').split(',')[0] || null;
  const entryIds: string[] = [];
  await db.insert(vaultEntries).values(
    ENTRIES.map(([platform, category, platformUrl, account, loginName, secret, keeperAccount, remark]) => {
      const id = nextId();
      entryIds.push(id);
      return {
        id,
        tenantId,
        createUser: keeper.id,
        updateUser: keeper.id,
        createDept: deptOf(keeper),
        platform,
        category,
        platformUrl,
        account,
        loginName,
        password: sealSecret(key, tenantId, secret),
        keeperUser: (byAccount.get(keeperAccount) ?? keeper).id,
        remark: remark || null,
      };
    }),
  );

  // Requests: zhangwei's approved (open for 24 h from the seeding), chenjing's expired, sunlei's under approval,
  // zhaomin's rejected, wufang's draft.
  // Times as the server keeps them: wall-clock time in the firm's zone.
  const now = new Date();
  const hoursAgo = (h: number) => nowIn(config.timeZone, new Date(now.getTime() - h * 3_600_000));
  const requests: [string, number, string, number, number | null][] = [
    ['zhangwei', 3, '登录江苏省公共资源交易平台下载招标文件(苏州某医院改扩建项目)', APPROVAL_STATUS.approved, 1],
    ['chenjing', 2, '电子税务局申报本月增值税', APPROVAL_STATUS.approved, 30],
    ['sunlei', 4, '苏州分公司投标报名', APPROVAL_STATUS.approving, null],
    ['zhaomin', 1, '查询社保代扣款项', APPROVAL_STATUS.rejected, null],
    ['wufang', 0, '核对工商银行回单', APPROVAL_STATUS.draft, null],
  ];
  const applyRows = requests.flatMap(([account, entry, reason, status, approvedHoursAgo]) => {
    const u = byAccount.get(account);
    if (!u) return [];
    return [
      {
        id: nextId(),
        tenantId,
        createUser: u.id,
        updateUser: u.id,
        createDept: deptOf(u),
        createTime: hoursAgo((approvedHoursAgo ?? 0) + 2),
        status,
        isDraft: status === APPROVAL_STATUS.draft ? 0 : 1,
        passwordId: entryIds[entry]!,
        reason,
        approveTime: approvedHoursAgo === null ? null : hoursAgo(approvedHoursAgo),
        expireTime: approvedHoursAgo === null ? null : hoursAgo(approvedHoursAgo - 24),
        revealCount: status === APPROVAL_STATUS.approved ? 1 : 0,
        processDefinitionKey: status === APPROVAL_STATUS.draft ? null : 'hjl_password_apply',
        submitTime: status === APPROVAL_STATUS.draft ? null : hoursAgo((approvedHoursAgo ?? 0) + 2),
      },
    ];
  });
  await db.insert(vaultApplies).values(applyRows);
  await db.insert(vaultLogs).values(
    applyRows
      .filter((a) => a.status === APPROVAL_STATUS.approved || a.status === APPROVAL_STATUS.approving)
      .map((a) => ({
        id: nextId(),
        tenantId,
        createUser: a.createUser,
        updateUser: a.createUser,
        createDept: a.createDept,
        passwordId: a.passwordId,
        applyId: a.id,
        userId: a.createUser,
        revealTime: a.approveTime ?? a.createTime,
        result: a.status === APPROVAL_STATUS.approved ? VAULT_REVEAL.shown : VAULT_REVEAL.refused,
        message: a.status === APPROVAL_STATUS.approved ? '查看成功' : '密码使用申请未审批通过,不能查看密码',
        ip: '192.168.1.23',
      })),
  );
}
