/**
 * The demo company's money (tenant 000000): five internal accounts, the staff's bank accounts, a year of ledger rows
 * (about 5,000, up to today) with each account's history and balance, a few unclaimed receipts waiting as pending
 * accounts, and this year's department budgets. Seeded once (when the demo tenant has no internal account), set-based:
 * the rows are made in memory from a fixed pseudo-random sequence and written with a handful of multi-row inserts, so
 * it stays fast in every test snapshot. Applications in every status come with seedFinanceApplications.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNT_CHANGE, FINANCE_PROCESS, fenToMoney } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from '../platform/db/index.ts';
import type { FirmClock } from '../platform/time/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { ledgerEntryOf, ledgerRowOfEntry } from '../modules/finance/api.ts';
import {
  accountHisInfos,
  accountInfos,
  applyExpenseInfos,
  applyExpenses,
  applyPayments,
  applyRefunds,
  budgetExpends,
  expendFroms,
  financeForms,
  fullTaxes,
  incomeExpends,
  lendMoneys,
  paymentHis,
  pendingAccounts,
  returnMoneys,
  userAccounts,
} from '../modules/finance/schema.ts';
import { depts } from '../modules/org/schema.ts';
import { dataScopes, roles, roleScopes } from '../modules/system/schema.ts';
import { users } from '../modules/user/schema.ts';
import { firmToday } from './calendar.ts';
import * as demo from './data.ts';

/** The nature of the cash box (库存现金) among ACCOUNTS. */
const CASH_NATURE = 4;

/** [name, number, bank, nature, opening balance] */
const ACCOUNTS: [string, string, string, number, string][] = [
  ['华建咨询基本户', '3201 0418 0900 0123 456', '中国工商银行南京城南支行', 1, '3000000.00'],
  ['华建咨询一般户', '3205 0158 3600 0098 765', '中国建设银行南京河西支行', 2, '1200000.00'],
  ['投标保证金专户', '1011 2233 4455 6677 889', '南京银行建邺支行', 3, '800000.00'],
  ['苏州分公司账户', '3220 0188 0000 1122 334', '中国银行苏州工业园区支行', 2, '500000.00'],
  ['库存现金', 'XJ-001', '公司财务室', 4, '50000.00'],
];

/** Staff bank accounts by account (赵敏 has none: the picker's account check refuses her). */
const STAFF_BANKS: Record<string, string> = {
  wangjianguo: '中国工商银行南京建邺支行',
  lihong: '中国建设银行南京河西支行',
  zhangwei: '招商银行南京城北支行',
  chenjing: '中国银行南京鼓楼支行',
  liuyang: '交通银行南京分行',
  sunlei: '中国银行苏州工业园区支行',
  zhoujie: '中国工商银行南京城南支行',
  wufang: '南京银行建邺支行',
};

const PAYERS = [
  '南京市建邺区建设局',
  '南京地铁集团有限公司',
  '江苏省水利工程建设局',
  '南京鼓楼医院',
  '苏州工业园区建设管理局',
  '无锡太湖新城发展集团有限公司',
  '常州市城市建设(集团)有限公司',
  '南京大学',
  '扬州市城建国有资产控股(集团)有限责任公司',
  '江苏东方房地产开发有限公司',
];
const VENDORS = [
  '南京图文快印有限公司',
  '江苏诚信造价软件有限公司',
  '南京顺达汽车租赁有限公司',
  '中国电信南京分公司',
  '南京锦江之星酒店',
  '苏州建科检测中心',
  '国家税务总局南京市建邺区税务局',
];
const EXPENSE_REMARKS = [
  '差旅费报销',
  '办公用品采购',
  '专家评审费',
  '外包测量费',
  '资料打印装订',
  '车辆租赁费',
  '软件年费',
  '通讯费',
  '投标保证金',
  '税费缴纳',
];

/** A fixed pseudo-random sequence (mulberry32): the same demo every time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const toFenText = (m: string) => BigInt(m.replace('.', ''));
const dateText = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Rows per insert statement (PostgreSQL binds at most 65535 parameters). */
const CHUNK = 1000;
async function insertChunks<T>(insert: (rows: T[]) => Promise<unknown>, rows: T[]) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Ledger rows a day, on average (about 5,000 a year). */
const ROWS_PER_DAY = 14;
const DAYS = 365;

/** The hand-written migration that books the demo's process rows on the basic account (drizzle/00NN_ledger_accounts.sql). */
const LEDGER_ACCOUNTS_MIGRATION = /^\d{4}_ledger_accounts\.sql$/;

/**
 * Books the demo company's ledger rows written by the process seeds (collections, project expenses, labour fees,
 * settlements, salary payments), which name no account, on the basic account: their history rows, the running
 * balances and the book balances — the rule of the data migration `…_ledger_accounts.sql`, applied by running that
 * file, so that a fresh demo and a migrated one are the same. Run once, after every seed of a new demo.
 */
export async function bookDemoLedger(db: Db) {
  const file = fs.readdirSync(migrationsFolder).find((f) => LEDGER_ACCOUNTS_MIGRATION.test(f));
  if (!file) throw new Error('the ledger accounts migration is missing');
  const text = fs.readFileSync(path.join(migrationsFolder, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await db.execute(sql.raw(statement));
}

/** A hand entry of the ledger (收支登记) as drawn: money in from a client, or an expense, at a time of its day. */
interface HandEntry {
  income: boolean;
  /** The account it would go through (an expense goes elsewhere when that one cannot pay it). */
  candidate: number;
  fen: bigint;
  unclaimed: boolean;
  costType: number | null;
  costStage: number | null;
  remark: string;
  payer: string;
  vendor: string;
  time: string;
}

/** One hand entry of `date`, drawn from the demo's pseudo-random sequence. */
function drawHandEntry(rand: () => number, date: string): HandEntry {
  const income = rand() < 0.3;
  const candidate = income ? (rand() < 0.7 ? 0 : rand() < 0.5 ? 1 : 3) : Math.floor(rand() * ACCOUNTS.length);
  const fen = income
    ? BigInt(Math.round(5_000 + rand() * 195_000)) * 100n + BigInt(Math.floor(rand() * 100))
    : BigInt(Math.round(80 + rand() * 19_000)) * 100n + BigInt(Math.floor(rand() * 100));
  const unclaimed = income && rand() < 0.012;
  const costType = income ? null : 1 + Math.floor(rand() * 5);
  const remark = income ? (unclaimed ? '来款未注明用途' : '项目咨询服务费') : EXPENSE_REMARKS[Math.floor(rand() * EXPENSE_REMARKS.length)]!;
  const payer = income ? PAYERS[Math.floor(rand() * PAYERS.length)]! : '';
  const time = `${date} ${pad(8 + Math.floor(rand() * 10))}:${pad(Math.floor(rand() * 60))}:${pad(Math.floor(rand() * 60))}`;
  const costStage = income ? null : rand() < 0.3 ? 0 : 1;
  const vendor = income ? '' : VENDORS[Math.floor(rand() * VENDORS.length)]!;
  return { income, candidate, fen, unclaimed, costType, costStage, remark, payer, vendor, time };
}

/** The cash box pays small sums only (零星支出). */
const CASH_LIMIT_FEN = 500_000n;

/**
 * The account an expense of `fen` is paid from: `wanted` when its balance covers it (the cash box only for small
 * sums), else the first account that can — the basic account first —, so that no account goes below zero.
 */
function payingAccount<A extends { fen: bigint; accountNature: number }>(accounts: A[], wanted: A, fen: bigint): A {
  const can = (a: A) => a.fen >= fen && (a.accountNature !== CASH_NATURE || fen <= CASH_LIMIT_FEN);
  return can(wanted) ? wanted : (accounts.find(can) ?? wanted);
}

/** The money of the demo company up to today (`clock`: the firm's zone). */
export async function seedFinance(db: Db, clock: FirmClock) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const people = await db
    .select({ id: users.id, account: users.account, realName: users.realName, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  const admin = people.find((p) => p.account === 'admin');
  if (!admin) return; // no demo company
  const [had] = await db.select({ id: accountInfos.id }).from(accountInfos).where(eq(accountInfos.tenantId, tenantId)).limit(1);
  if (had) return;
  const byAccount = new Map(people.map((p) => [p.account, p]));
  const clerk = byAccount.get('lihong') ?? admin;
  const rand = random(20261126);
  const today = firmToday(clock);

  await db.transaction(async (tx) => {
    // Internal accounts: opened with their opening balance (history: 开户).
    const accounts = ACCOUNTS.map(([accountName, accountNum, bankName, accountNature, openingBalance]) => ({
      id: nextId(),
      tenantId,
      createUser: clerk.id,
      updateUser: clerk.id,
      accountName,
      accountNum,
      bankName,
      accountNature,
      openingBalance,
      balance: openingBalance,
      fen: BigInt(openingBalance.replace('.', '')),
    }));
    const his: (typeof accountHisInfos.$inferInsert)[] = accounts.map((a) => ({
      id: nextId(),
      tenantId,
      createUser: clerk.id,
      updateUser: clerk.id,
      accountInfoId: a.id,
      changeType: ACCOUNT_CHANGE.open,
      amount: a.openingBalance,
      balanceAfter: a.openingBalance,
      bizType: 'hjl_account_info',
      bizId: a.id,
      operator: clerk.id,
      operateTime: `${dateText(new Date(today.getTime() - DAYS * 86_400_000))} 09:00:00`,
      remark: '开户',
    }));

    // A year of ledger rows, oldest first: receipts from clients on the main accounts, expenses spread over all. These
    // are entered by hand (收支登记, approved): records of the ledger itself with no producing record (no bizType),
    // stored as such — only the applications' postings below are ledger entries (ledgerRowOfEntry).
    const ledger: (typeof incomeExpends.$inferInsert)[] = [];
    const pending: (typeof pendingAccounts.$inferInsert)[] = [];
    const end = today.getTime();
    const apps = planApplications(tenantId, people, rand, accounts, today, DAYS);
    for (let day = DAYS - 1; day >= 0; day--) {
      const date = dateText(new Date(end - day * 86_400_000));
      // The day's hand entries, drawn first; then they and the applications paid that day are booked in time
      // order, each expense from an account that can pay it, so that no account is ever below zero (BUSINESS.md §1).
      const entries: HandEntry[] = [];
      const count = Math.round(ROWS_PER_DAY * (0.5 + rand()));
      for (let i = 0; i < count; i++) entries.push(drawHandEntry(rand, date));
      const paidThatDay = (apps.postings.get(day) ?? []).map((e) => ({ e, time: `${date} 15:30:00` }));
      const booked = [...entries.map((h) => ({ h, time: h.time })), ...paidThatDay].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
      for (const item of booked) {
        if ('h' in item) {
          const h = item.h;
          const account = h.income ? accounts[h.candidate]! : payingAccount(accounts, accounts[h.candidate]!, h.fen);
          account.fen += h.income ? h.fen : -h.fen;
          const id = nextId();
          const amount = fenToMoney(h.fen);
          const payerName = h.income ? h.payer : account.accountName;
          ledger.push({
            id,
            tenantId,
            createUser: clerk.id,
            createDept: clerk.deptId ? String(clerk.deptId).split(',')[0] : null,
            updateUser: clerk.id,
            createTime: h.time,
            updateTime: h.time,
            status: 2,
            isDraft: 2,
            incomeOrExpend: h.income ? 0 : 1,
            costStage: h.costStage,
            costType: h.costType,
            transactionDate: date,
            tradeAmount: amount,
            accountInfoId: account.id,
            transactionReferenceNumber: `${date.replace(/-/g, '')}${String(ledger.length).padStart(6, '0')}`,
            payerName,
            debitAccountNo: h.income ? null : account.accountNum,
            payerAccountBank: h.income ? null : account.bankName,
            payeeName: h.income ? account.accountName : h.vendor,
            payeeAccountNumber: h.income ? account.accountNum : null,
            beneficiaryAccountBank: h.income ? account.bankName : null,
            isRefund: 0,
            isKnowGet: h.unclaimed ? 0 : 1,
            optionPersonName: clerk.realName,
            remark: h.remark,
          });
          his.push({
            id: nextId(),
            tenantId,
            createUser: clerk.id,
            updateUser: clerk.id,
            accountInfoId: account.id,
            changeType: h.income ? ACCOUNT_CHANGE.income : ACCOUNT_CHANGE.expend,
            amount: h.income ? amount : `-${amount}`,
            balanceAfter: fenToMoney(account.fen),
            bizType: 'hjl_income_expend',
            bizId: id,
            operator: clerk.id,
            operateTime: h.time,
            remark: h.remark,
          });
          if (h.unclaimed)
            pending.push({
              id: nextId(),
              tenantId,
              createUser: clerk.id,
              updateUser: clerk.id,
              incomeExpendId: id,
              amount,
              payerName,
              transactionDate: date,
              accountInfoId: account.id,
            });
          continue;
        }
        // An application paid that day: one ledger row, keyed by the record that produced it.
        const e = item.e;
        const fen = BigInt(e.amount.replace('.', ''));
        const account = e.income ? accounts[e.account]! : payingAccount(accounts, accounts[e.account]!, fen);
        account.fen += e.income ? fen : -fen;
        const id = nextId();
        const time = item.time;
        // The paying record's payment form: from the account, to the applicant (or the other way round for money in).
        const form = {
          transactionReferenceNumber: `${date.replace(/-/g, '')}${String(ledger.length).padStart(6, '0')}`,
          payerName: e.income ? e.person : account.accountName,
          debitAccountNo: e.income ? null : account.accountNum,
          payerAccountBank: e.income ? null : account.bankName,
          payeeName: e.income ? account.accountName : e.payee,
          costType: e.costType,
        };
        const entry = ledgerEntryOf(form, {
          tenantId,
          bizType: e.bizType,
          bizId: e.bizId,
          direction: e.income ? 'income' : 'expense',
          amount: e.amount,
          date,
          accountInfoId: account.id,
          isRefund: e.refund ? 1 : 0,
          optionPersonName: clerk.realName,
          remark: e.remark,
          userId: e.userId,
        });
        ledger.push({ ...ledgerRowOfEntry(entry, id), createTime: time, updateTime: time });
        his.push({
          id: nextId(),
          tenantId,
          createUser: clerk.id,
          updateUser: clerk.id,
          accountInfoId: account.id,
          changeType: e.income ? ACCOUNT_CHANGE.income : ACCOUNT_CHANGE.expend,
          amount: e.income ? e.amount : `-${e.amount}`,
          balanceAfter: fenToMoney(account.fen),
          bizType: e.bizType,
          bizId: e.bizId,
          operator: clerk.id,
          operateTime: time,
          remark: e.remark,
        });
        e.paid(date, account);
      }
    }
    await tx.insert(accountInfos).values(accounts.map(({ fen, ...a }) => ({ ...a, balance: fenToMoney(fen) })));
    await insertChunks((rows) => tx.insert(incomeExpends).values(rows), ledger);
    await insertChunks((rows) => tx.insert(accountHisInfos).values(rows), his);
    if (pending.length) await tx.insert(pendingAccounts).values(pending);
    await apps.write(tx);
    // Repayments under approval of two loans still owed: each holds a fifth of its loan's balance (还款审批中).
    const owed = await tx
      .select()
      .from(lendMoneys)
      .where(and(eq(lendMoneys.tenantId, tenantId), eq(lendMoneys.status!, 2), eq(lendMoneys.payStatus!, 1), sql`${lendMoneys.balance!} > 0`))
      .orderBy(lendMoneys.id)
      .limit(2);
    const now = `${dateText(today)} 09:30:00`;
    if (owed.length)
      await tx.insert(returnMoneys).values(
        owed.map((l) => ({
          id: nextId(),
          tenantId,
          createUser: l.applyUser,
          updateUser: l.applyUser,
          createDept: l.applyDept,
          createTime: now,
          applyUser: l.applyUser,
          applyDept: l.applyDept,
          applyDeptName: l.applyDeptName,
          applyTime: now,
          submitTime: now,
          status: 1,
          isDraft: 1,
          processDefinitionKey: FINANCE_PROCESS.repayment.processKey,
          lendId: l.id,
          lendPurpose: l.purpose,
          returnAmount: fenToMoney(toFenText(String(l.balance)) / 5n),
          returnDate: dateText(today),
        })),
      );

    // Staff accounts (default one each).
    const staff = Object.entries(STAFF_BANKS).flatMap(([account, bankName], i) => {
      const p = byAccount.get(account);
      return p
        ? [
            {
              id: nextId(),
              tenantId,
              createUser: clerk.id,
              updateUser: clerk.id,
              userId: p.id,
              accountName: p.realName ?? account,
              accountNum: `6222 0243 0100 ${String(1000 + i * 137).padStart(4, '0')} ${String(100 + i * 29).padStart(3, '0')}`,
              bankName,
              isDefault: 1,
            },
          ]
        : [];
    });
    if (staff.length) await tx.insert(userAccounts).values(staff);

    // This year's budgets of the departments, by expense type.
    const deptRows = await tx
      .select({ id: depts.id, name: depts.deptName })
      .from(depts)
      .where(and(eq(depts.tenantId, tenantId), eq(depts.isDeleted, 0), inArray(depts.deptName, ['造价部', '监理部', '招标部', '市场部', '财务部', '总经办'])));
    const year = today.getUTCFullYear();
    const budgets = deptRows.flatMap((d, i) =>
      [1, 2, 3, 4, 5].map((type) => ({
        id: nextId(),
        tenantId,
        createUser: clerk.id,
        updateUser: clerk.id,
        budgetYear: year,
        deptId: d.id,
        deptName: d.name,
        budgetType: type,
        budgetAmount: fenToMoney(BigInt(20_000 + ((i * 7 + type * 13) % 9) * 10_000) * 100n),
        remark: `${year}年度${d.name}预算`,
      })),
    );
    if (budgets.length) await tx.insert(budgetExpends).values(budgets);
    // The approved claims' lines use their department's budget of the year and type.
    await tx.execute(sql`UPDATE hjl_apply_expense_info i SET budget_id = b.id FROM hjl_apply_expense e, hjl_budget_expend b
      WHERE e.id = i.apply_expense_id AND b.tenant_id = e.tenant_id AND b.dept_id = e.apply_dept AND b.budget_year = extract(year FROM i.expense_date)::int
        AND b.budget_type = i.expense_type AND b.is_deleted = 0 AND e.tenant_id = ${tenantId}`);
    await tx.execute(sql`UPDATE hjl_budget_expend b SET used_amount = s.used FROM (
        SELECT i.budget_id, sum(i.amount) AS used FROM hjl_apply_expense_info i JOIN hjl_apply_expense e ON e.id = i.apply_expense_id
        WHERE e.status = 2 AND i.budget_id IS NOT NULL AND e.tenant_id = ${tenantId} GROUP BY i.budget_id) s WHERE b.id = s.budget_id`);

    // Employees keep only their own staff accounts (本人的账户).
    const scopeRows = await tx
      .select({ id: dataScopes.id!, name: dataScopes.scopeName!, code: dataScopes.resourceCode! })
      .from(dataScopes)
      .where(and(eq(dataScopes.isDeleted!, 0), inArray(dataScopes.resourceCode!, [...new Set(demo.financeScopeGrants.map(([, menu]) => menu))])));
    const roleRows = await tx
      .select({ id: roles.id, alias: roles.roleAlias })
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)));
    const grants = demo.financeScopeGrants.flatMap(([roleKey, menu, scopeName]) => {
      const alias = demo.roles.find((r) => r.key === roleKey)?.roleAlias;
      const role = roleRows.find((r) => r.alias === alias);
      const scope = scopeRows.find((s) => s.code === menu && s.name === scopeName);
      return role && scope ? [{ id: nextId(), scopeCategory: 1, scopeId: String(scope.id), roleId: role.id }] : [];
    });
    if (grants.length) await tx.insert(roleScopes).values(grants);
    await tx.execute(sql`ANALYZE hjl_income_expend`);
  });
}

/** A paid application's money on a day: its ledger row (keyed by the record) and what paying it sets on the record. */
interface Posting {
  bizType: string;
  bizId: string;
  amount: string;
  income: boolean;
  refund?: boolean;
  account: number;
  costType: number | null;
  userId: string;
  person: string;
  payee: string;
  remark: string;
  paid(date: string, account: { id: string; accountName: string; accountNum: string; bankName: string }): void;
}

type Person = { id: string; account: string; realName: string | null; deptId: string | null };

/**
 * The demo applications (set-based, from the same pseudo-random sequence): payments, expense claims with two lines,
 * expenditure forms, refunds, loans with repayments, finance forms, tax settlements and account settlements — drafts
 * (未发起) and approved ones paid on a day of the year (their ledger rows are posted by the day loop). Records that
 * went through a process in the demo are made by using the screens (the browser test, a first look); these are the
 * year's history, imported as approved (isDraft 2: no process diagram).
 */
function planApplications(
  tenantId: string,
  people: Person[],
  rand: () => number,
  accounts: { id: string; accountName: string; accountNum: string; bankName: string }[],
  today: Date,
  days: number,
) {
  const postings = new Map<number, Posting[]>();
  const staff = ['zhangwei', 'chenjing', 'liuyang', 'sunlei', 'zhaomin'].map((a) => people.find((p) => p.account === a)).filter((p): p is Person => Boolean(p));
  const clerk = people.find((p) => p.account === 'lihong') ?? people[0]!;
  const deptNames = new Map<string, string>();
  const rows = {
    payments: [] as (typeof applyPayments.$inferInsert)[],
    claims: [] as (typeof applyExpenses.$inferInsert)[],
    lines: [] as (typeof applyExpenseInfos.$inferInsert)[],
    expends: [] as (typeof expendFroms.$inferInsert)[],
    refunds: [] as (typeof applyRefunds.$inferInsert)[],
    lends: [] as (typeof lendMoneys.$inferInsert)[],
    returns: [] as (typeof returnMoneys.$inferInsert)[],
    forms: [] as (typeof financeForms.$inferInsert)[],
    taxes: [] as (typeof fullTaxes.$inferInsert)[],
    pays: [] as (typeof paymentHis.$inferInsert)[],
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const money = (min: number, max: number) => fenToMoney(BigInt(Math.round((min + rand() * (max - min)) * 100)));
  const end = today.getTime();
  const dayText = (day: number) => dateText(new Date(end - day * 86_400_000));
  const post = (day: number, p: Posting) => postings.set(day, [...(postings.get(day) ?? []), p]);
  const applicant = (who: Person, day: number) => ({
    tenantId,
    createUser: who.id,
    updateUser: who.id,
    createDept: who.deptId ? String(who.deptId).split(',')[0] : null,
    applyUser: who.id,
    applyDept: who.deptId ? String(who.deptId).split(',')[0] : null,
    applyTime: `${dayText(day + 3)} 10:00:00`,
    submitTime: `${dayText(day + 3)} 10:00:00`,
    createTime: `${dayText(day + 3)} 10:00:00`,
  });
  const approvedCols = { status: 2, isDraft: 2 };
  const draftCols = { status: 0, isDraft: 0 };
  /** A payment record of an application paid at its last node. */
  const payRecord =
    (bizType: string, bizId: string, title: string, amount: string, who: Person, payee: string) =>
    (date: string, a: Posting['paid'] extends (d: string, acc: infer A) => void ? A : never) => {
      rows.pays.push({
        id: nextId(),
        tenantId,
        createUser: clerk.id,
        updateUser: clerk.id,
        status: 2,
        isDraft: 2,
        bizType,
        bizId,
        bizTitle: title,
        amount,
        expenseType: 0,
        transactionDate: date,
        payerName: a.accountName,
        debitAccountNo: a.accountNum,
        payerAccountBank: a.bankName,
        accountInfoId: a.id,
        accountNum: a.accountNum,
        businessSubjectType: 1,
        personId: who.id,
        personName: who.realName,
        payeeName: payee,
      });
    };
  const paidCols = (date: string, a: { id: string; accountName: string; accountNum: string; bankName: string }) => ({
    payStatus: 1,
    payTime: `${date} 15:30:00`,
    expenseType: 0,
    transactionDate: date,
    payerName: a.accountName,
    debitAccountNo: a.accountNum,
    payerAccountBank: a.bankName,
    accountInfoId: a.id,
    accountNum: a.accountNum,
  });

  // 付款申请: 16, three in four approved and paid.
  const PAY_TITLES = ['外包测量费', '专家评审费', '造价软件年费', '图文制作费', '项目外聘人员劳务费', '检测费'];
  for (let i = 0; i < 16; i++) {
    const who = pick(staff);
    const day = 5 + Math.floor(rand() * (days - 10));
    const id = nextId();
    const title = pick(PAY_TITLES);
    const amount = money(800, 60_000);
    const payee = pick(VENDORS);
    const costType = 1 + Math.floor(rand() * 5);
    const row: typeof applyPayments.$inferInsert = {
      id,
      ...applicant(who, day),
      ...(i % 4 === 3 ? draftCols : approvedCols),
      title,
      amount,
      costType,
      businessSubjectType: 2,
      payeeName: payee,
      planPayDate: dayText(day),
      payStatus: 0,
    };
    rows.payments.push(row);
    if (i % 4 !== 3)
      post(day, {
        bizType: 'hjl_apply_payment',
        bizId: id,
        amount,
        income: false,
        account: 0,
        costType,
        userId: who.id,
        person: who.realName ?? '',
        payee,
        remark: title,
        paid: (date, a) => {
          Object.assign(row, paidCols(date, a));
          payRecord('hjl_apply_payment', id, title, amount, who, payee)(date, a);
        },
      });
  }

  // 费用报销: 30 with two lines each; four in five approved and paid.
  const CLAIM_TITLES = ['项目现场踏勘差旅', '招标文件打印装订', '客户接待', '市内交通', '专家评审会'];
  for (let i = 0; i < 30; i++) {
    const who = pick(staff);
    const day = 3 + Math.floor(rand() * (days - 10));
    const id = nextId();
    const title = pick(CLAIM_TITLES);
    const a1 = money(50, 1500);
    const a2 = money(20, 600);
    const total = fenToMoney(BigInt(a1.replace('.', '')) + BigInt(a2.replace('.', '')));
    const row: typeof applyExpenses.$inferInsert = {
      id,
      ...applicant(who, day),
      ...(i % 5 === 4 ? draftCols : approvedCols),
      title,
      totalAmount: total,
      payStatus: 0,
    };
    rows.claims.push(row);
    const expenseDate = dayText(day + 5);
    for (const [k, amount, type] of [
      [1, a1, 1 + Math.floor(rand() * 3)],
      [2, a2, 4],
    ] as const)
      rows.lines.push({
        id: nextId(),
        tenantId,
        createUser: who.id,
        updateUser: who.id,
        applyExpenseId: id,
        expenseDate,
        expenseType: type,
        amount,
        billCount: 1 + Math.floor(rand() * 4),
        sort: k,
      });
    if (i % 5 !== 4)
      post(day, {
        bizType: 'hjl_apply_expense',
        bizId: id,
        amount: total,
        income: false,
        account: 4,
        costType: 5,
        userId: who.id,
        person: who.realName ?? '',
        payee: who.realName ?? '',
        remark: `费用报销: ${title}`,
        paid: (date, a) => {
          Object.assign(row, paidCols(date, a), { paidAmount: total });
          payRecord('hjl_apply_expense', id, title, total, who, who.realName ?? '')(date, a);
        },
      });
  }

  // 支出单: 8, approved, on the general account.
  for (let i = 0; i < 8; i++) {
    const who = clerk;
    const day = 10 + Math.floor(rand() * (days - 20));
    const id = nextId();
    const title = pick(EXPENSE_REMARKS);
    const amount = money(200, 8000);
    const payee = pick(VENDORS);
    rows.expends.push({
      id,
      ...applicant(who, day),
      ...approvedCols,
      title,
      amount,
      costStage: 1,
      costType: 1 + Math.floor(rand() * 5),
      expendDate: dayText(day),
      accountInfoId: accounts[1]!.id,
      payeeName: payee,
    });
    post(day, {
      bizType: 'hjl_expend_from',
      bizId: id,
      amount,
      income: false,
      account: 1,
      costType: 5,
      userId: who.id,
      person: '',
      payee,
      remark: title,
      paid: () => undefined,
    });
  }

  // 退款: 3 (two approved: one paid through a payment record, one waiting for it).
  for (let i = 0; i < 3; i++) {
    const who = pick(staff);
    const day = 20 + Math.floor(rand() * 200);
    const id = nextId();
    const amount = money(1000, 20_000);
    const payee = pick(PAYERS);
    const row: typeof applyRefunds.$inferInsert = {
      id,
      ...applicant(who, day),
      ...(i === 2 ? draftCols : approvedCols),
      title: '多收咨询服务费退回',
      refundAmount: amount,
      businessSubjectType: 2,
      payeeName: payee,
      payStatus: 0,
    };
    rows.refunds.push(row);
    if (i === 0) {
      const payId = nextId();
      post(day, {
        bizType: 'hjl_payment_his',
        bizId: payId,
        amount,
        income: false,
        refund: true,
        account: 0,
        costType: null,
        userId: clerk.id,
        person: '',
        payee,
        remark: '多收咨询服务费退回',
        paid: (date, a) => {
          Object.assign(row, { payStatus: 1, payTime: `${date} 15:30:00` });
          rows.pays.push({
            id: payId,
            tenantId,
            createUser: clerk.id,
            updateUser: clerk.id,
            status: 2,
            isDraft: 2,
            bizType: 'hjl_apply_refund',
            bizId: id,
            bizTitle: '多收咨询服务费退回',
            amount,
            expenseType: 0,
            transactionDate: date,
            payerName: a.accountName,
            debitAccountNo: a.accountNum,
            payerAccountBank: a.bankName,
            accountInfoId: a.id,
            accountNum: a.accountNum,
            businessSubjectType: 2,
            payeeName: payee,
          });
        },
      });
    }
  }

  // 借款: 6 (five approved and paid out; three partly or wholly repaid), outstanding loans for the report.
  for (let i = 0; i < 6; i++) {
    const who = staff[i % staff.length]!;
    const day = 60 + Math.floor(rand() * (days - 90));
    const id = nextId();
    const amount = fenToMoney(BigInt(1 + Math.floor(rand() * 10)) * 100_000n);
    const purpose = pick(['项目备用金', '投标保证金借款', '出差借款', '外业采购备用金']);
    const row: typeof lendMoneys.$inferInsert = {
      id,
      ...applicant(who, day),
      ...(i === 5 ? draftCols : approvedCols),
      purpose,
      lendAmount: amount,
      planReturnDate: dayText(day - 60),
      payStatus: 0,
    };
    rows.lends.push(row);
    if (i === 5) continue;
    post(day, {
      bizType: 'hjl_apply_lend_return_money',
      bizId: id,
      amount,
      income: false,
      account: 4,
      costType: null,
      userId: who.id,
      person: who.realName ?? '',
      payee: who.realName ?? '',
      remark: purpose,
      paid: (date, a) => {
        Object.assign(row, paidCols(date, a), { balance: amount, returnedAmount: '0.00' });
        payRecord('hjl_apply_lend_return_money', id, purpose, amount, who, who.realName ?? '')(date, a);
      },
    });
    if (i < 3) {
      const back = i === 0 ? amount : fenToMoney(BigInt(amount.replace('.', '')) / 2n);
      const returnId = nextId();
      const rday = day - 30;
      post(rday, {
        bizType: 'hjl_apply_return_money',
        bizId: returnId,
        amount: back,
        income: true,
        account: 4,
        costType: null,
        userId: who.id,
        person: who.realName ?? '',
        payee: '',
        remark: `还款: ${purpose}`,
        paid: (date, a) => {
          const left = fenToMoney(BigInt(amount.replace('.', '')) - BigInt(back.replace('.', '')));
          Object.assign(row, { balance: left, returnedAmount: back });
          rows.returns.push({
            id: returnId,
            ...applicant(who, rday),
            ...approvedCols,
            lendId: id,
            lendPurpose: purpose,
            returnAmount: back,
            returnDate: date,
            transactionDate: date,
            accountInfoId: a.id,
            accountNum: a.accountNum,
          });
        },
      });
    }
  }

  // 财务单据: 4, approved and draft.
  for (let i = 0; i < 4; i++) {
    const who = clerk;
    const lines = [
      { name: '造价部', amount: money(100, 3000) },
      { name: '监理部', amount: money(100, 3000) },
    ];
    rows.forms.push({
      id: nextId(),
      ...applicant(who, 30 + i * 40),
      ...(i === 3 ? draftCols : approvedCols),
      title: `${['一', '二', '三', '四'][i]}季度费用分摊`,
      formType: 1,
      content: JSON.stringify(lines),
      money: fenToMoney(lines.reduce((s, l) => s + BigInt(l.amount.replace('.', '')), 0n)),
    });
  }

  // 完税: the VAT of the last twelve months (6 % of a taxable amount).
  for (let m = 1; m <= 12; m++) {
    const d = new Date(end);
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - m);
    const taxable = money(200_000, 900_000);
    const fen = BigInt(taxable.replace('.', '')) * 6n;
    rows.taxes.push({
      id: nextId(),
      tenantId,
      createUser: clerk.id,
      updateUser: clerk.id,
      taxPeriod: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`,
      taxType: 1,
      taxableAmount: taxable,
      taxRate: '0.06',
      taxAmount: fenToMoney((fen + 50n) / 100n),
      payDate: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-15`,
      accountInfoId: accounts[0]!.id,
      certificateNo: `WS${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}0001`,
    });
  }

  // Applications under way (审批中, 1), rejected (审批驳回, 3) and withdrawn (已撤回, 6), and more drafts, of every kind,
  // from a sequence of their own (the year above stays as it was). Like the projects' demo records under approval
  // they carry no process instance: the lists show their status; records sent from the screens run the processes.
  const r2 = random(16_0606);
  const pick2 = <T>(xs: readonly T[]) => xs[Math.floor(r2() * xs.length)]!;
  const money2 = (min: number, max: number) => fenToMoney(BigInt(Math.round((min + r2() * (max - min)) * 100)));
  const sent = (status: number, processKey: string) => (status === 0 ? draftCols : { status, isDraft: 1, processDefinitionKey: processKey });
  const MIX = [1, 1, 3, 1, 6, 3, 0, 6] as const;
  MIX.forEach((status, i) => {
    const who = staff[i % staff.length]!;
    const day = 2 + Math.floor(r2() * 40);
    const payee = pick2(VENDORS);
    rows.payments.push({
      id: nextId(),
      ...applicant(who, day),
      ...sent(status, FINANCE_PROCESS.applyPayment.processKey),
      title: pick2(PAY_TITLES),
      amount: money2(800, 30_000),
      costType: 1 + Math.floor(r2() * 5),
      businessSubjectType: 2,
      payeeName: payee,
      planPayDate: dayText(day - 7),
      payStatus: 0,
    });
    const claimId = nextId();
    const a1 = money2(60, 800);
    const a2 = money2(20, 300);
    rows.claims.push({
      id: claimId,
      ...applicant(who, day),
      ...sent(status, FINANCE_PROCESS.applyExpense.processKey),
      title: pick2(CLAIM_TITLES),
      totalAmount: fenToMoney(toFenText(a1) + toFenText(a2)),
      payStatus: 0,
    });
    // Types 1 (差旅) and 4: a claim under approval holds its lines against those budgets (seedFinance links them).
    for (const [k, amount, type] of [
      [1, a1, 1],
      [2, a2, 4],
    ] as const)
      rows.lines.push({
        id: nextId(),
        tenantId,
        createUser: who.id,
        updateUser: who.id,
        applyExpenseId: claimId,
        expenseDate: dayText(day + 2),
        expenseType: type,
        amount,
        billCount: 1 + Math.floor(r2() * 3),
        sort: k,
      });
    if (i % 2 === 0) {
      rows.expends.push({
        id: nextId(),
        ...applicant(clerk, day),
        ...sent(status, FINANCE_PROCESS.expendForm.processKey),
        title: pick2(EXPENSE_REMARKS),
        amount: money2(200, 5000),
        costStage: 1,
        costType: 1 + Math.floor(r2() * 5),
        expendDate: dayText(day),
        accountInfoId: accounts[1]!.id,
        payeeName: payee,
      });
      rows.refunds.push({
        id: nextId(),
        ...applicant(who, day),
        ...sent(status, FINANCE_PROCESS.applyRefund.processKey),
        title: '多收咨询服务费退回',
        refundAmount: money2(1000, 15_000),
        businessSubjectType: 2,
        payeeName: pick2(PAYERS),
        payStatus: 0,
      });
      rows.lends.push({
        id: nextId(),
        ...applicant(who, day),
        ...sent(status, FINANCE_PROCESS.applyLend.processKey),
        purpose: pick2(['项目备用金', '出差借款', '外业采购备用金']),
        lendAmount: fenToMoney(BigInt(1 + Math.floor(r2() * 5)) * 100_000n),
        planReturnDate: dayText(day - 90),
        payStatus: 0,
      });
      rows.forms.push({
        id: nextId(),
        ...applicant(clerk, day),
        ...sent(status, FINANCE_PROCESS.financeForm.processKey),
        title: `${dayText(day).slice(0, 7)}费用分摊`,
        formType: 1,
        content: JSON.stringify([{ name: '造价部', amount: '1200.00' }]),
        money: '1200.00',
      });
    }
  });
  void deptNames;

  return {
    postings,
    async write(tx: Parameters<Parameters<Db['transaction']>[0]>[0]) {
      if (rows.payments.length) await tx.insert(applyPayments).values(rows.payments);
      if (rows.claims.length) await tx.insert(applyExpenses).values(rows.claims);
      if (rows.lines.length) await tx.insert(applyExpenseInfos).values(rows.lines);
      if (rows.expends.length) await tx.insert(expendFroms).values(rows.expends);
      if (rows.refunds.length) await tx.insert(applyRefunds).values(rows.refunds);
      if (rows.lends.length) await tx.insert(lendMoneys).values(rows.lends);
      if (rows.returns.length) await tx.insert(returnMoneys).values(rows.returns);
      if (rows.forms.length) await tx.insert(financeForms).values(rows.forms);
      if (rows.taxes.length) await tx.insert(fullTaxes).values(rows.taxes);
      if (rows.pays.length) await tx.insert(paymentHis).values(rows.pays);
      // Department names of the applications.
      for (const table of [
        'hjl_apply_payment',
        'hjl_apply_expense',
        'hjl_expend_from',
        'hjl_apply_refund',
        'hjl_apply_lend_return_money',
        'hjl_apply_return_money',
        'hjl_finance_form',
      ])
        await tx.execute(
          sql`UPDATE ${sql.identifier(table)} x SET apply_dept_name = d.dept_name FROM blade_dept d WHERE d.id = x.apply_dept AND x.tenant_id = ${tenantId}`,
        );
    },
  };
}
