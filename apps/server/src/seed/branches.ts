/**
 * The demo branches (modules/branch): 苏州分公司 (led by 孙磊, who sees only it) and 无锡分公司, each with a year of
 * records — monthly management fees received, a deposit paid (无锡's refunded), contracts, accounts, two dividends
 * computed from their profit items (the first paid), withdrawals (one paid), investment records with their history —
 * and some projects run by them. Money that moved is posted through the ledger (postLedgerEntry), so each branch's
 * statement equals the ledger on first start. Seeded once, when the tenant has no branch; the dictionaries, grants
 * and the leader's data scope also reach an installation from before the area.
 */
import {
  DIVIDEND_PAY_STATE,
  FILIALE_DEPOSIT_STATUS,
  PROFIT_ITEM_TYPE,
  WITHDRAW_TYPE,
  fenToMoney,
  filialeEntity,
  percentOfMoney,
  profitOfItems,
} from '@hjl/core';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../platform/crud/repo.ts';
import type { Db } from '../platform/db/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { lastMonths, type FirmClock } from '../platform/time/index.ts';
import { menuSeed } from './menus.ts';
import {
  dividendComponents,
  dividends,
  filialeAccounts,
  filialeContracts,
  filialeDeposits,
  filialeMgmts,
  filiales,
  investInfoHis,
  investInfos,
  withdrawShares,
} from '../modules/branch/schema.ts';
import { BRANCH_LEDGER_BIZ, postBranchMoney } from '../modules/branch/shared.ts';
import { accountInfos } from '../modules/finance/schema.ts';
import { depts } from '../modules/org/schema.ts';
import { projects } from '../modules/project/schema.ts';
import { users } from '../modules/user/schema.ts';
import * as demo from './data.ts';
import { ensureDemoDicts } from './dicts.ts';
import { grantDemoMenus, grantDemoScopes } from './grants.ts';

const DICTS = ['filiale_status', 'filiale_mgmt_type', 'filiale_deposit_status', 'dividend_pay_state', 'profit_item_type', 'withdraw_type'];

/** Every menu and button code of the folder 分公司管理 (the area's grants). */
function branchCodes(): Set<string> {
  const codes = new Set<string>();
  const walk = (items: readonly { code: string; children?: readonly unknown[]; buttons?: readonly { code: string }[] }[], inside: boolean) => {
    for (const m of items) {
      const here = inside || m.code === 'filiale_folder';
      if (here) {
        codes.add(m.code);
        for (const b of m.buttons ?? []) codes.add(b.code);
      }
      walk((m.children ?? []) as typeof items, here);
    }
  };
  walk(menuSeed, false);
  return codes;
}

/** The two branches: dept key, name, leader, share ratio, fee rate, deposit, monthly fee, the fee's growth. */
const BRANCHES = [
  {
    dept: 'suzhou',
    name: '苏州分公司',
    leader: 'sunlei',
    phone: '0512-68123456',
    address: '江苏省苏州市工业园区星湖街328号',
    established: '2019-03-18',
    share: '70',
    fee: '8',
    deposit: '200000.00',
    monthly: 18_000_00n,
  },
  {
    dept: 'wuxi',
    name: '无锡分公司',
    leader: 'wangjianguo',
    phone: '0510-82345678',
    address: '江苏省无锡市滨湖区具区路98号',
    established: '2021-06-01',
    share: '65',
    fee: '10',
    deposit: '150000.00',
    monthly: 12_500_00n,
  },
] as const;

export async function seedBranches(db: Db, clock: FirmClock) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const people = await db
    .select({ id: users.id, account: users.account, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  const admin = people.find((p) => p.account === 'admin');
  if (!admin) return; // no demo company
  await db.transaction(async (tx) => {
    await ensureDemoDicts(tx, tenantId, DICTS);
    const codes = branchCodes();
    await grantDemoMenus(tx, tenantId, (_role, c) => codes.has(c));
    await grantDemoScopes(tx, tenantId, [filialeEntity.name]);
  });
  const [had] = await db.select({ id: filiales.id }).from(filiales).where(eq(filiales.tenantId, tenantId)).limit(1);
  if (had) return;
  const deptRows = await db.select({ id: depts.id, fullName: depts.fullName, name: depts.deptName }).from(depts).where(eq(depts.tenantId, tenantId));
  const deptOf = (key: string) => deptRows.find((d) => d.name === demo.depts.find((x) => x.key === key)?.deptName)?.id;
  const [account] = await db
    .select({ id: accountInfos.id })
    .from(accountInfos)
    .where(and(eq(accountInfos.tenantId, tenantId), eq(accountInfos.isDeleted, 0)))
    .orderBy(desc(accountInfos.balance))
    .limit(1);
  if (!account) return; // no ledger to post on
  const today = clock.today();
  const months = lastMonths(today.slice(0, 7), 12);
  const audit = { tenantId, createUser: admin.id, updateUser: admin.id, createDept: deptOf('finance') ?? null };
  const money = { tenantId, accountInfoId: String(account.id), optionPersonName: '李红', userId: admin.id };

  await db.transaction(async (tx) => {
    for (const [n, b] of BRANCHES.entries()) {
      const deptId = deptOf(b.dept);
      const leader = people.find((p) => p.account === b.leader);
      if (!deptId || !leader) continue;
      const filialeId = nextId();
      await tx.insert(filiales).values({
        id: filialeId,
        ...audit,
        filialeName: b.name,
        deptId,
        leaderUser: leader.id,
        contact: b.leader === 'sunlei' ? '孙磊' : '王建国',
        phone: b.phone,
        address: b.address,
        establishDate: b.established,
        shareRatio: b.share,
        managementFeeRate: b.fee,
        depositAmount: b.deposit,
        filialeStatus: 1,
      });
      await seedBranchProjects(tx, tenantId, filialeId, n);
      await seedMgmt(tx, { audit, money, filialeId, months, monthly: b.monthly, today });
      await seedDeposit(tx, { audit, money, filialeId, amount: b.deposit, paid: `${months[0]}-05`, refunded: n === 1 ? `${months[9]}-20` : null });
      await tx.insert(filialeContracts).values([
        {
          id: nextId(),
          ...audit,
          filialeId,
          contractNum: `HJ-FGS-${n + 1}-${months[0]!.slice(0, 4)}-001`,
          contractName: `${b.name}经营承包协议`,
          contractAmount: '0.00',
          signDate: `${months[0]}-01`,
          startDate: `${months[0]}-01`,
          endDate: `${Number(months[0]!.slice(0, 4)) + 3}-${months[0]!.slice(5)}-01`,
          shareTerms: `分公司按利润的${b.share}%分成,按收款额的${b.fee}%缴纳管理费`,
          files: [],
        },
        {
          id: nextId(),
          ...audit,
          filialeId,
          contractNum: `HJ-FGS-${n + 1}-${months[6]!.slice(0, 4)}-002`,
          contractName: `${b.name}资质使用协议`,
          contractAmount: '50000.00',
          signDate: `${months[6]}-10`,
          startDate: `${months[6]}-10`,
          endDate: `${Number(months[6]!.slice(0, 4)) + 1}-${months[6]!.slice(5)}-09`,
          shareTerms: '资质使用费按年度结算',
          files: [],
        },
      ]);
      await tx.insert(filialeAccounts).values([
        {
          id: nextId(),
          ...audit,
          filialeId,
          accountName: `${b.name}基本户`,
          accountNum: `3220${n + 1}0001${String(20_000_000 + n)}`,
          bankName: '中国建设银行',
          balance: '386520.45',
        },
        {
          id: nextId(),
          ...audit,
          filialeId,
          accountName: `${b.name}一般户`,
          accountNum: `6222${n + 1}0002${String(30_000_000 + n)}`,
          bankName: '中国工商银行',
          balance: '92310.00',
        },
      ]);
      await seedDividends(tx, { audit, money, filialeId, months, ratio: b.share, scale: n === 0 ? 1n : 2n });
      await seedWithdrawals(tx, { audit, money, filialeId, months, leaderId: leader.id });
      await seedInvest(tx, { audit, filialeId, name: b.name, months });
    }
  });
}

/** Two projects of the tenant that no branch runs yet become the branch's (the `n`-th pair, in id order). */
async function seedBranchProjects(tx: Executor, tenantId: string, filialeId: string, n: number) {
  const free = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.tenantId, tenantId), eq(projects.isDeleted, 0), isNull(projects.filialeId)))
    .orderBy(asc(projects.id))
    .limit(2 + n);
  const ids = free.slice(n, n + 2).map((p) => p.id);
  if (ids.length) await tx.update(projects).set({ filialeId }).where(inArray(projects.id, ids));
}

type Audit = { tenantId: string; createUser: string; updateUser: string; createDept: string | null };
type Money = { tenantId: string; accountInfoId: string; optionPersonName: string; userId: string };

/** A management fee per month, received on the 10th of the next month (the last month's not yet), and two inspections. */
async function seedMgmt(tx: Executor, p: { audit: Audit; money: Money; filialeId: string; months: string[]; monthly: bigint; today: string }) {
  for (const [i, month] of p.months.entries()) {
    const next = p.months[i + 1];
    const received = next && `${next}-10` <= p.today ? `${next}-10` : null;
    const id = nextId();
    const amount = fenToMoney(p.monthly + BigInt(i) * 350_00n);
    await tx.insert(filialeMgmts).values({
      id,
      ...p.audit,
      filialeId: p.filialeId,
      mgmtType: 1,
      period: month,
      content: `${month}管理费`,
      amount,
      receiveDate: received,
      accountInfoId: received ? p.money.accountInfoId : null,
    });
    if (received)
      await postBranchMoney(tx, {
        ...p.money,
        bizType: BRANCH_LEDGER_BIZ.mgmt,
        bizId: id,
        direction: 'income',
        amount,
        date: received,
        remark: `分公司管理费(${month})`,
      });
  }
  await tx.insert(filialeMgmts).values(
    [2, 8].map((i) => ({
      id: nextId(),
      ...p.audit,
      filialeId: p.filialeId,
      mgmtType: 2,
      period: p.months[i]!,
      content: '季度经营检查:项目台账、收款与成本核对',
    })),
  );
}

/** The branch's deposit paid at the start of the year (and refunded when `refunded` says). */
async function seedDeposit(tx: Executor, p: { audit: Audit; money: Money; filialeId: string; amount: string; paid: string; refunded: string | null }) {
  const id = nextId();
  await tx.insert(filialeDeposits).values({
    id,
    ...p.audit,
    filialeId: p.filialeId,
    amount: p.amount,
    payDate: p.paid,
    accountInfoId: p.money.accountInfoId,
    refundDate: p.refunded,
    depositStatus: p.refunded ? FILIALE_DEPOSIT_STATUS.refunded : FILIALE_DEPOSIT_STATUS.paid,
  });
  await postBranchMoney(tx, {
    ...p.money,
    bizType: BRANCH_LEDGER_BIZ.deposit,
    bizId: id,
    direction: 'income',
    amount: p.amount,
    date: p.paid,
    remark: '分公司缴纳保证金',
  });
  if (p.refunded)
    await postBranchMoney(tx, {
      ...p.money,
      bizType: BRANCH_LEDGER_BIZ.depositRefund,
      bizId: id,
      direction: 'expense',
      amount: p.amount,
      date: p.refunded,
      remark: '退还分公司保证金',
    });
}

/** Two half-year dividends from their profit items; the first paid at the start of the second half. */
async function seedDividends(tx: Executor, p: { audit: Audit; money: Money; filialeId: string; months: string[]; ratio: string; scale: bigint }) {
  for (const half of [0, 1]) {
    const items = [
      { itemName: '项目咨询收入', itemType: PROFIT_ITEM_TYPE.income, amount: fenToMoney((860_000_00n + BigInt(half) * 120_000_00n) / p.scale) },
      { itemName: '其他收入', itemType: PROFIT_ITEM_TYPE.income, amount: fenToMoney(12_345_67n / p.scale) },
      { itemName: '人工成本', itemType: PROFIT_ITEM_TYPE.cost, amount: fenToMoney((420_000_00n + BigInt(half) * 30_000_00n) / p.scale) },
      { itemName: '管理费', itemType: PROFIT_ITEM_TYPE.cost, amount: fenToMoney(108_000_00n / p.scale) },
      { itemName: '办公及差旅费用', itemType: PROFIT_ITEM_TYPE.cost, amount: fenToMoney(56_789_01n / p.scale) },
    ];
    const profit = profitOfItems(items);
    const amount = percentOfMoney(profit, p.ratio);
    const paid = half === 0 ? `${p.months[7]}-15` : null;
    const id = nextId();
    await tx.insert(dividends).values({
      id,
      ...p.audit,
      filialeId: p.filialeId,
      dividendYear: Number(p.months[half * 6]!.slice(0, 4)),
      dividendPeriod: `${p.months[half * 6]} 至 ${p.months[half * 6 + 5]}`,
      profit,
      ratio: p.ratio,
      dividendAmount: amount,
      payState: paid ? DIVIDEND_PAY_STATE.paid : DIVIDEND_PAY_STATE.unpaid,
      payDate: paid,
      accountInfoId: paid ? p.money.accountInfoId : null,
    });
    await tx.insert(dividendComponents).values(items.map((item, i) => ({ id: nextId(), ...p.audit, dividendId: id, ...item, sort: i + 1 })));
    if (paid)
      await postBranchMoney(tx, { ...p.money, bizType: BRANCH_LEDGER_BIZ.dividend, bizId: id, direction: 'expense', amount, date: paid, remark: '分公司分红' });
  }
}

/** A branch share withdrawn and paid (approved), and the leader's personal share not yet submitted. */
async function seedWithdrawals(tx: Executor, p: { audit: Audit; money: Money; filialeId: string; months: string[]; leaderId: string }) {
  const base = '120000.00';
  const paidId = nextId();
  const paidAmount = percentOfMoney(base, '5');
  await tx.insert(withdrawShares).values([
    {
      id: paidId,
      ...p.audit,
      status: 2,
      isDraft: 2,
      withdrawType: WITHDRAW_TYPE.branch,
      filialeId: p.filialeId,
      period: p.months[5]!,
      baseAmount: base,
      ratio: '5',
      amount: paidAmount,
      accountInfoId: p.money.accountInfoId,
    },
    {
      id: nextId(),
      ...p.audit,
      withdrawType: WITHDRAW_TYPE.person,
      filialeId: p.filialeId,
      userId: p.leaderId,
      period: p.months[10]!,
      baseAmount: '45000.00',
      ratio: '3',
      amount: percentOfMoney('45000.00', '3'),
      accountInfoId: p.money.accountInfoId,
    },
  ]);
  await postBranchMoney(tx, {
    ...p.money,
    bizType: BRANCH_LEDGER_BIZ.withdraw,
    bizId: paidId,
    direction: 'expense',
    amount: paidAmount,
    date: `${p.months[6]}-08`,
    remark: '提成提取',
  });
}

/** Two investors; the first changed once (two snapshots), the second as entered. */
async function seedInvest(tx: Executor, p: { audit: Audit; filialeId: string; name: string; months: string[] }) {
  const records = [
    {
      investor: '华建工程咨询有限公司',
      versions: [
        ['600000.00', '60'],
        ['700000.00', '70'],
      ],
    },
    { investor: `${p.name}经营团队`, versions: [['300000.00', '30']] },
  ] as const;
  for (const r of records) {
    const id = nextId();
    const last = r.versions[r.versions.length - 1]!;
    const investDate = `${p.months[0]}-01`;
    await tx
      .insert(investInfos)
      .values({ id, ...p.audit, filialeId: p.filialeId, investor: r.investor, investAmount: last[0], investRatio: last[1], investDate });
    await tx.insert(investInfoHis).values(
      r.versions.map(([investAmount, investRatio], i) => ({
        id: nextId(),
        ...p.audit,
        investInfoId: id,
        version: i + 1,
        filialeId: p.filialeId,
        investor: r.investor,
        investAmount,
        investRatio,
        investDate,
        remark: i ? '增资' : null,
      })),
    );
  }
}
