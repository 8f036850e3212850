/**
 * The demo company's guarantee money (tenant 000000, BUSINESS.md WP5): deposits on the approved demo projects in
 * every state — paid and waiting (未退), partly refunded, refunded in two parts, replaced by a new deposit (the old one
 * refunded by the replacement), bidders' deposits received as tendering agent (some returned, one held), one under
 * approval with a refund under approval, a draft and a rejected one —, dated back from today in order (paid, then
 * refunded), each approved event with its ledger row (ledgerRowOfEntry of the deposit's ledger entry) on the
 * company's best-funded account, whose balance and history move with them in date order and never go below zero.
 * Seeded once (when the demo tenant has never had a deposit), set-based; an installation from before the area gets
 * its dictionaries, its parameter and the demo roles' grants of the new menus.
 */
import {
  ACCOUNT_CHANGE,
  APPROVAL_STATUS,
  DEPOSIT_PROCESS,
  DEPOSIT_REFUND_KIND,
  depositEntity,
  depositRefundEntity,
  depositRefundStatus,
  fenToMoney,
  sumMoney,
  toFen,
  type RowOf,
} from '@hjl/core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../platform/crud/repo.ts';
import type { Db } from '../platform/db/index.ts';
import { nextId } from '../platform/db/ids.ts';
import type { FirmClock } from '../platform/time/index.ts';
import { depositLedgerEntry, refundLedgerEntry, type DepositPosting } from '../modules/deposit/api.ts';
import { depositRefunds, deposits } from '../modules/deposit/schema.ts';
import { ledgerRowOfEntry, type LedgerEntry } from '../modules/finance/api.ts';
import { accountHisInfos, accountInfos, incomeExpends } from '../modules/finance/schema.ts';
import { projects } from '../modules/project/schema.ts';
import { params } from '../modules/system/schema.ts';
import { users } from '../modules/user/schema.ts';
import { firmToday } from './calendar.ts';
import * as demo from './data.ts';
import { ensureDemoDicts } from './dicts.ts';
import { grantDemoMenus } from './grants.ts';

const DICTS = ['guarantee_type', 'guarantee_direction', 'guarantee_refund_status', 'guarantee_refund_kind'];
const PARAMS = ['deposit.dueNoticeDays'];
const OWNERS = ['南京市公共资源交易中心', '江苏省建设工程招标投标办公室', '苏州工业园区管委会', '南京江北新区建设局'];
const BIDDERS = ['江苏恒远建设有限公司', '南京华诚建筑工程有限公司', '苏州中天建设集团有限公司'];
const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

type DepositInsert = Partial<RowOf<typeof depositEntity>> & DepositPosting;
type RefundInsert = Partial<RowOf<typeof depositRefundEntity>>;

export async function seedDeposits(db: Db, clock: FirmClock) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const people = await db
    .select({ id: users.id, account: users.account, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  const admin = people.find((p) => p.account === 'admin');
  if (!admin) return; // no demo company
  const [had] = await db.select({ id: deposits.id }).from(deposits).where(eq(deposits.tenantId, tenantId)).limit(1);
  if (had) return;
  const found = await db
    .select({ id: projects.id, projectName: projects.projectName, leader: projects.leaderUser })
    .from(projects)
    .where(and(eq(projects.tenantId, tenantId), eq(projects.isDeleted, 0), eq(projects.status, APPROVAL_STATUS.approved)))
    .orderBy(projects.projectNum)
    .limit(8);
  const list = found.map((p) => ({
    id: String(p.id),
    projectName: p.projectName == null ? null : String(p.projectName),
    leader: p.leader == null ? null : String(p.leader),
  }));
  const [account] = await db
    .select({ id: accountInfos.id, balance: accountInfos.balance })
    .from(accountInfos)
    .where(and(eq(accountInfos.tenantId, tenantId), eq(accountInfos.isDeleted, 0)))
    .orderBy(desc(accountInfos.balance))
    .limit(1);
  const today = firmToday(clock);
  const daysAgo = (n: number) => dayText(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - n)));
  const dept = (userId: unknown) => {
    const p = people.find((u) => String(u.id) === String(userId));
    return p?.deptId ? String(p.deptId).split(',')[0]! : null;
  };
  const made = account && list.length ? demoDeposits(tenantId, list, String(account.id), daysAgo, dept, String(admin.id)) : undefined;

  await db.transaction(async (tx) => {
    await ensureDemoDicts(tx, tenantId, DICTS);
    await ensureParams(tx, tenantId, String(admin.id));
    await grantDemoMenus(tx, tenantId, (_role, c) => c.startsWith('guarantee_'));
    if (!made || !account) return;
    // The approved events in date order move the account from its balance today (its history after the rest).
    let fen = toFen(String(account.balance ?? '0'));
    const now = clock.now();
    const postings = [...made.postings].sort((a, b) => a.transactionDate.localeCompare(b.transactionDate));
    const his: (typeof accountHisInfos.$inferInsert)[] = [];
    for (const e of postings) {
      fen += e.incomeOrExpend === 0 ? toFen(e.tradeAmount) : -toFen(e.tradeAmount);
      if (fen < 0n) return; // an account too poor for the demo's deposits: none are seeded
      his.push({
        id: nextId(),
        tenantId,
        createUser: e.userId ?? null,
        updateUser: e.userId ?? null,
        accountInfoId: String(account.id),
        changeType: e.incomeOrExpend === 0 ? ACCOUNT_CHANGE.income : ACCOUNT_CHANGE.expend,
        amount: e.incomeOrExpend === 0 ? e.tradeAmount : `-${e.tradeAmount}`,
        balanceAfter: fenToMoney(fen),
        bizType: e.bizType,
        bizId: e.bizId,
        operator: e.userId ?? null,
        operateTime: now,
        remark: e.remark ?? null,
      });
    }
    await tx.insert(deposits).values(made.deposits);
    if (made.refunds.length) await tx.insert(depositRefunds).values(made.refunds);
    if (postings.length) {
      await tx.insert(incomeExpends).values(postings.map((e) => ({ ...ledgerRowOfEntry(e, nextId()), createTime: `${e.transactionDate} 15:00:00` })));
      await tx.insert(accountHisInfos).values(his);
      await tx
        .update(accountInfos)
        .set({ balance: fenToMoney(fen) })
        .where(eq(accountInfos.id, String(account.id)));
    }
  });
}

/** The tenant's deposit parameter where an installation lacks it. */
async function ensureParams(tx: Executor, tenantId: string, adminId: string) {
  const have = new Set(
    (
      await tx
        .select({ key: params.paramKey })
        .from(params)
        .where(and(eq(params.tenantId, tenantId), inArray(params.paramKey, PARAMS)))
    ).map((p) => p.key),
  );
  const missing = demo.params.filter((p) => PARAMS.includes(p.paramKey) && !have.has(p.paramKey));
  if (missing.length) await tx.insert(params).values(missing.map((p) => ({ id: nextId(), tenantId, createUser: adminId, updateUser: adminId, ...p })));
}

/** The demo deposits, their refunds and the ledger entries of the approved events (pure: dates from `daysAgo`). */
function demoDeposits(
  tenantId: string,
  list: { id: string; projectName: string | null; leader: string | null }[],
  accountInfoId: string,
  daysAgo: (n: number) => string,
  dept: (userId: unknown) => string | null,
  adminId: string,
) {
  const rows: DepositInsert[] = [];
  const refunds: RefundInsert[] = [];
  const postings: LedgerEntry[] = [];

  const deposit = (
    p: (typeof list)[number],
    v: { type: number; amount: string; paidAgo: number; expectedAgo: number; status?: number; direction?: number; payee: string },
  ) => {
    const user = p.leader ? String(p.leader) : adminId;
    const status = v.status ?? APPROVAL_STATUS.approved;
    const row: DepositInsert = {
      id: nextId(),
      tenantId,
      createUser: user,
      createDept: dept(user),
      updateUser: user,
      createTime: `${daysAgo(v.paidAgo + 2)} 09:00:00`,
      status,
      isDraft: status === APPROVAL_STATUS.draft ? 0 : 1,
      processDefinitionKey: status === APPROVAL_STATUS.draft ? null : DEPOSIT_PROCESS.pay.processKey,
      submitTime: status === APPROVAL_STATUS.draft ? null : `${daysAgo(v.paidAgo + 2)} 09:00:00`,
      depositType: v.type,
      direction: v.direction ?? 0,
      projectId: String(p.id),
      projectName: p.projectName,
      payeeName: v.payee,
      payeeAccountNumber: null,
      beneficiaryAccountBank: null,
      amount: v.amount,
      payDate: daysAgo(v.paidAgo),
      deadline: daysAgo(v.paidAgo - 1),
      expectedRefundDate: daysAgo(v.expectedAgo),
      accountInfoId,
      refundStatus: 0,
      refundedAmount: '0.00',
      remark: null,
    };
    rows.push(row);
    if (status === APPROVAL_STATUS.approved) postings.push(depositLedgerEntry(row));
    return row;
  };
  const refund = (d: DepositInsert, amount: string, ago: number, more: Partial<RefundInsert> = {}) => {
    const status = more.status ?? APPROVAL_STATUS.approved;
    const row = {
      id: nextId(),
      tenantId,
      createUser: d.createUser,
      createDept: d.createDept,
      updateUser: d.createUser,
      createTime: `${daysAgo(ago)} 10:00:00`,
      status,
      isDraft: 1,
      processDefinitionKey: DEPOSIT_PROCESS.refund.processKey,
      submitTime: `${daysAgo(ago)} 10:00:00`,
      depositId: d.id,
      depositType: d.depositType,
      refundKind: Number(d.direction) === 1 ? DEPOSIT_REFUND_KIND.returnToBidder : DEPOSIT_REFUND_KIND.refund,
      projectId: d.projectId,
      projectName: d.projectName,
      payeeName: d.payeeName,
      refundAmount: amount,
      refundDate: daysAgo(ago),
      accountInfoId,
      replacementId: null,
      ...more,
    } satisfies RefundInsert;
    refunds.push(row);
    if (status !== APPROVAL_STATUS.approved) return;
    postings.push(refundLedgerEntry({ ...row, createUser: row.createUser ?? null, createDept: row.createDept ?? null }, d));
    const back = sumMoney(refunds.filter((r) => r.depositId === d.id && r.status === APPROVAL_STATUS.approved).map((r) => String(r.refundAmount)));
    d.refundedAmount = back;
    d.refundStatus = depositRefundStatus(String(d.amount), back);
  };

  list.forEach((p, i) => {
    const owner = OWNERS[i % OWNERS.length]!;
    switch (i % 8) {
      case 0: // paid, waiting for its refund (due in a month)
        deposit(p, { type: 1, amount: '50000.00', paidAgo: 60, expectedAgo: -30, payee: owner });
        break;
      case 1: {
        // performance bond partly refunded, the rest overdue
        const d = deposit(p, { type: 2, amount: '120000.00', paidAgo: 320, expectedAgo: 200, payee: owner });
        refund(d, '72000.00', 190);
        break;
      }
      case 2: {
        // bid deposit refunded in two parts
        const d = deposit(p, { type: 1, amount: '30000.00', paidAgo: 200, expectedAgo: 150, payee: owner });
        refund(d, '18000.00', 150);
        refund(d, '12000.00', 140);
        break;
      }
      case 3: {
        // quality bond replaced by a new one: the old refunded by the replacement, the new one outstanding
        const old = deposit(p, { type: 3, amount: '40000.00', paidAgo: 420, expectedAgo: 380, payee: owner });
        const rep = deposit(p, { type: 3, amount: '45000.00', paidAgo: 45, expectedAgo: -120, payee: owner });
        rep.replacesId = old.id;
        rep.processDefinitionKey = DEPOSIT_PROCESS.replace.processKey;
        old.replacedById = rep.id;
        refund(old, '40000.00', 45, {
          refundKind: DEPOSIT_REFUND_KIND.replaced,
          processDefinitionKey: DEPOSIT_PROCESS.refundReplace.processKey,
          replacementId: rep.id,
          remark: '被新保证金替换,原保证金退还',
        });
        break;
      }
      case 4: // bidders' deposits received as tendering agent: two returned after the award, one still held
        BIDDERS.forEach((bidder, k) => {
          const d = deposit(p, { type: 1, amount: '10000.00', paidAgo: 40, expectedAgo: 10, direction: 1, payee: bidder });
          if (k < 2) refund(d, '10000.00', 20);
        });
        break;
      case 5: {
        // wage bond overdue, a refund of part of it under approval
        const d = deposit(p, { type: 4, amount: '80000.00', paidAgo: 120, expectedAgo: 10, payee: owner });
        refund(d, '24000.00', 1, { status: APPROVAL_STATUS.approving, processDefinitionKey: null, submitTime: null });
        break;
      }
      case 6: // a deposit under approval
        deposit(p, { type: 1, amount: '20000.00', paidAgo: 3, expectedAgo: -90, status: APPROVAL_STATUS.approving, payee: owner });
        break;
      default: // a draft and a rejected one
        deposit(p, { type: 2, amount: '60000.00', paidAgo: 2, expectedAgo: -365, status: APPROVAL_STATUS.draft, payee: owner });
        deposit(p, { type: 1, amount: '15000.00', paidAgo: 10, expectedAgo: -60, status: APPROVAL_STATUS.rejected, payee: owner });
    }
  });
  // Under approval: the demo approvals start them (seed/approvals.ts), with their instance and key.
  for (const d of rows) if (d.status === APPROVAL_STATUS.approving) Object.assign(d, { processDefinitionKey: null, submitTime: null });
  return { deposits: rows, refunds, postings };
}
