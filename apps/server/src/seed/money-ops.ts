/**
 * The demo company's project money, piece 2 (tenant 000000, BUSINESS.md WP3): labour fees on the demo projects that have
 * approved collections, in every stage — paid (with their ledger expense row, cost type 人工成本), at the second
 * step (发放), at the first step (申请), rejected and drafts —, each paid to the project leader (60 %) and a
 * colleague (40 %), employees whose fees are wages (nothing withheld per payment; a paid fee joins the payroll of
 * its month, seed/salary.ts) with their staff accounts' bank details; project
 * expenses with lines (paid with their payment and ledger row, approved, under approval, drafts); settlements
 * (approved on the finished projects with their submitted and approved amounts, others under approval or drafts). Seeded once
 * (when the demo tenant has never had a labour fee), set-based; an installation from before it gets its dictionary
 * and the demo roles' grants of the new menus.
 */
import {
  LABOUR_COST_TYPE,
  LABOUR_SECOND_PROCESS,
  LABOUR_STAGE,
  MONEY_PAY_STATUS,
  labourFeeEntity,
  costTypeOfExpense,
  fenToMoney,
  labourOught,
  labourShares,
  projectDecisionEntity,
  projectExpenseEntity,
  projectExpensePayEntity,
  sumMoney,
  toFen,
} from '@hjl/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';
import type { FirmClock } from '../platform/time/index.ts';
import type { Executor } from '../platform/crud/repo.ts';
import { nextId } from '../platform/db/ids.ts';
import { ledgerEntryOf, ledgerRowOfEntry } from '../modules/finance/api.ts';
import { incomeExpends, userAccounts } from '../modules/finance/schema.ts';
import {
  labourFees,
  labourPersons,
  projectCollects,
  projectCollectPersons,
  projectDecisions,
  projectExpenseLines,
  projectExpensePays,
  projectExpenses,
} from '../modules/money/schema.ts';
import { reductionRate } from '../modules/money/settlement.ts';
import { projects } from '../modules/project/schema.ts';
import { users } from '../modules/user/schema.ts';
import * as demo from './data.ts';
import { ensureDemoDicts } from './dicts.ts';
import { grantDemoMenus } from './grants.ts';

const DICTS = ['labour_stage'];
/** The menus of piece 2 (their codes' prefixes): granted to the demo roles of an older installation. */
const PREFIXES = ['project_labour', 'project_decision', 'project_expense'];
/** Stages of the demo labour fees in turn: [approval status, labour stage, paid]. */
/** Project expenses in turn: [approval status, paid]. */
const EXPENSES: [number, number][] = [
  [2, 1],
  [2, 0],
  [1, 0],
  [2, 1],
  [0, 0],
];
/** The demo expense lines of the i-th project: [type, amount, bills, remark]. */
const expenseLines = (i: number): [number, string, number, string][] => [
  [1, fenToMoney(BigInt(38000 + ((i * 7919) % 90000))), 2, '现场踏勘差旅'],
  [2, fenToMoney(BigInt(12000 + ((i * 3571) % 40000))), 1, '成果文件打印装订'],
];
const STAGES: [number, number, number][] = [
  [2, LABOUR_STAGE.pay, MONEY_PAY_STATUS.paid],
  [1, LABOUR_STAGE.pay, MONEY_PAY_STATUS.unpaid],
  [1, LABOUR_STAGE.apply, MONEY_PAY_STATUS.unpaid],
  [2, LABOUR_STAGE.pay, MONEY_PAY_STATUS.paid],
  [0, LABOUR_STAGE.apply, MONEY_PAY_STATUS.unpaid],
  [3, LABOUR_STAGE.apply, MONEY_PAY_STATUS.unpaid],
];

/** `clock`: the firm's zone, for the date of the settlements still open (today). */
export async function seedMoneyOps(db: Db, clock: FirmClock) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const people = await db
    .select({ id: users.id, account: users.account, realName: users.realName, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  const admin = people.find((p) => p.account === 'admin');
  if (!admin) return;
  const [had] = await db.select({ id: labourFees.id }).from(labourFees).where(eq(labourFees.tenantId, tenantId)).limit(1);
  if (had) return;
  const clerk = people.find((p) => p.account === 'lihong') ?? admin;
  const dept = (p: { deptId: string | null }) => (p.deptId ? String(p.deptId).split(',')[0]! : null);

  // The approved collections of the demo projects with their persons (who shares them: who is paid the labour fee).
  const collects = await db
    .select({
      id: projectCollects.id,
      projectId: projectCollects.projectId!,
      projectName: projectCollects.projectName!,
      amount: projectCollects.collectAmount!,
      date: projectCollects.collectDate!,
      createUser: projectCollects.createUser,
    })
    .from(projectCollects)
    .where(and(eq(projectCollects.tenantId, tenantId), eq(projectCollects.isDeleted, 0), eq(projectCollects.status, 2)))
    .orderBy(projectCollects.projectId!, projectCollects.collectDate!);
  const sharers = await db
    .select({ collectId: projectCollectPersons.collectId!, userId: projectCollectPersons.userId!, sort: projectCollectPersons.sort! })
    .from(projectCollectPersons)
    .where(and(eq(projectCollectPersons.tenantId, tenantId), eq(projectCollectPersons.isDeleted, 0)))
    .orderBy(projectCollectPersons.sort!);
  const accounts = new Map<string, { accountName: string; accountNum: string; bankName: string }>();
  for (const a of await db
    .select({ userId: userAccounts.userId!, accountName: userAccounts.accountName!, accountNum: userAccounts.accountNum!, bankName: userAccounts.bankName! })
    .from(userAccounts)
    .where(and(eq(userAccounts.tenantId, tenantId), eq(userAccounts.isDeleted, 0))))
    if (!accounts.has(String(a.userId)))
      accounts.set(String(a.userId), { accountName: String(a.accountName), accountNum: String(a.accountNum), bankName: String(a.bankName) });

  // One labour fee per project over its first approved collection's month.
  const firstByProject = new Map<string, (typeof collects)[number]>();
  for (const c of collects) if (!firstByProject.has(String(c.projectId))) firstByProject.set(String(c.projectId), c);
  const feeRows: (typeof labourFees.$inferInsert)[] = [];
  const personRows: (typeof labourPersons.$inferInsert)[] = [];
  const ledgerRows: (typeof incomeExpends.$inferInsert)[] = [];
  [...firstByProject.values()].forEach((c, i) => {
    const [status, stage, paid] = STAGES[i % STAGES.length]!;
    const persons = sharers
      .filter((s) => String(s.collectId) === String(c.id))
      .map((s) => String(s.userId))
      .filter((u) => accounts.has(u))
      .slice(0, 2);
    if (!persons.length) return;
    const ratios = persons.length === 2 ? ['60', '40'] : ['100'];
    const month = String(c.date).slice(0, 7);
    const periodStart = `${month}-01`;
    const periodEnd = String(c.date);
    // The project's expense (applied on the collection's day) counts when approved.
    const expenses = EXPENSES[i % EXPENSES.length]![0] === 2 ? sumMoney(expenseLines(i).map((l) => l[1])) : '0.00';
    const ought = labourOught(String(c.amount), '30', expenses);
    if (toFen(ought) <= 0n) return;
    // The persons are the firm's employees: their fees are wages, nothing withheld here (BUSINESS.md §1 "Labour fee").
    const shares = labourShares(
      ought,
      ratios,
      persons.map(() => true),
    );
    const id = nextId();
    const applicant = people.find((p) => String(p.id) === String(c.createUser)) ?? admin;
    const payDate = paid ? periodEnd : null;
    const fee: typeof labourFees.$inferInsert = {
      id,
      tenantId,
      createUser: applicant.id,
      createDept: dept(applicant),
      updateUser: applicant.id,
      createTime: `${periodEnd} 17:00:00`,
      status,
      isDraft: status === 0 ? 0 : 1,
      processDefinitionKey: status === 0 ? null : stage === LABOUR_STAGE.pay ? LABOUR_SECOND_PROCESS.key : labourFeeEntity.approval!.processKey,
      submitTime: status === 0 ? null : `${periodEnd} 17:00:00`,
      projectId: String(c.projectId),
      projectName: c.projectName,
      collectId: String(c.id),
      periodStart,
      periodEnd,
      labourRatio: '30',
      collectAmount: String(c.amount),
      expenseAmount: expenses,
      oughtAmount: ought,
      actualAmount: ought,
      taxAmount: sumMoney(shares.map((s) => s.taxAmount)),
      netAmount: sumMoney(shares.map((s) => s.netAmount)),
      labourStage: stage,
      payStatus: paid,
      payDate,
      remark: `${month} 劳务费`,
    };
    feeRows.push(fee);
    persons.forEach((u, k) => {
      const acc = accounts.get(u)!;
      personRows.push({
        id: nextId(),
        tenantId,
        createUser: applicant.id,
        updateUser: applicant.id,
        labourId: id,
        projectId: String(c.projectId),
        userId: u,
        personName: acc.accountName,
        bankName: acc.bankName,
        bankAccount: acc.accountNum,
        shareRatio: `${ratios[k]}.00`,
        amount: shares[k]!.amount,
        taxAmount: shares[k]!.taxAmount,
        netAmount: shares[k]!.netAmount,
        // Paid, it joins the payroll of the month paid (seeded before the payroll: seed/salary.ts computes it in).
        salaryMonth: payDate ? payDate.slice(0, 7) : null,
        sort: k + 1,
      });
    });
    // Paid as the second step posts it (labour.ts), the project copied from the fee; the demo's fees name no account.
    if (paid)
      ledgerRows.push({
        ...ledgerRowOfEntry(
          ledgerEntryOf(fee, {
            tenantId,
            bizType: labourFeeEntity.table,
            bizId: id,
            direction: 'expense',
            amount: ought,
            date: payDate!,
            accountInfoId: null,
            costType: LABOUR_COST_TYPE,
            payeeName: persons.map((u) => accounts.get(u)!.accountName).join('、'),
            optionPersonName: clerk.realName,
            remark: `劳务费: ${c.projectName ?? ''} ${periodStart}~${periodEnd}`.slice(0, 500),
            userId: clerk.id,
            deptId: dept(clerk),
          }),
          nextId(),
        ),
        createTime: `${payDate} 16:00:00`,
      });
  });

  // Project expenses on the same projects: paid (with its payment and ledger row), approved, under approval, a draft.
  const expenseRows: (typeof projectExpenses.$inferInsert)[] = [];
  const expenseLineRows: (typeof projectExpenseLines.$inferInsert)[] = [];
  const payRows: (typeof projectExpensePays.$inferInsert)[] = [];
  [...firstByProject.values()].forEach((c, i) => {
    const applicant = people.find((p) => String(p.id) === String(c.createUser)) ?? admin;
    const [status, paid] = EXPENSES[i % EXPENSES.length]!;
    const day = String(c.date);
    const lines = expenseLines(i);
    const total = sumMoney(lines.map((l) => l[1]));
    const id = nextId();
    const expense: typeof projectExpenses.$inferInsert = {
      id,
      tenantId,
      createUser: applicant.id,
      createDept: dept(applicant),
      updateUser: applicant.id,
      createTime: `${day} 11:00:00`,
      status,
      isDraft: status === 0 ? 0 : 1,
      processDefinitionKey: status === 0 ? null : projectExpenseEntity.approval!.processKey,
      submitTime: status === 0 ? null : `${day} 11:00:00`,
      projectId: String(c.projectId),
      projectName: c.projectName,
      title: '项目现场踏勘及资料费用',
      expenseType: 1,
      totalAmount: total,
      applyUser: applicant.id,
      applyDate: day,
      payStatus: paid,
      paidAmount: paid ? total : null,
      payDate: paid ? day : null,
    };
    expenseRows.push(expense);
    lines.forEach(([type, amount, bills, remark], k) =>
      expenseLineRows.push({
        id: nextId(),
        tenantId,
        createUser: applicant.id,
        updateUser: applicant.id,
        expenseId: id,
        expenseDate: day,
        expenseType: type,
        amount,
        bills,
        remark,
        sort: k + 1,
      }),
    );
    if (!paid) return;
    payRows.push({
      id: nextId(),
      tenantId,
      createUser: clerk.id,
      createDept: dept(clerk),
      updateUser: clerk.id,
      status: 2,
      isDraft: 1,
      processDefinitionKey: projectExpensePayEntity.approval!.processKey,
      expenseId: id,
      projectId: String(c.projectId),
      projectName: c.projectName,
      amount: total,
      expenseType: 0,
      transactionDate: day,
      payerName: '南京华建工程咨询有限公司',
      debitAccountNo: '3201 0000 0000 0001',
      payerAccountBank: '中国工商银行南京分行',
      businessSubjectType: 1,
      personId: applicant.id,
      personName: applicant.realName,
    });
    // Paid as the payment's approval posts it (expense-pay.ts), the project copied from the expense; of the payment
    // form the demo's row names the payer only, and no account.
    ledgerRows.push({
      ...ledgerRowOfEntry(
        ledgerEntryOf(expense, {
          tenantId,
          bizType: projectExpenseEntity.table,
          bizId: id,
          direction: 'expense',
          amount: total,
          date: day,
          accountInfoId: null,
          costStage: 1,
          costType: costTypeOfExpense(1),
          payerName: '南京华建工程咨询有限公司',
          payeeName: applicant.realName,
          optionPersonName: clerk.realName,
          remark: '项目费用: 项目现场踏勘及资料费用',
          userId: clerk.id,
          deptId: dept(clerk),
        }),
        nextId(),
      ),
      createTime: `${day} 16:30:00`,
    });
  });

  // Settlements: approved on the finished projects (their submitted and approved amounts), under approval and a
  // draft on projects at the third review.
  const finished = await db
    .select({
      id: projects.id,
      projectName: projects.projectName!,
      leader: projects.leaderUser!,
      stage: projects.projectStatus!,
      submitted: projects.investmentAmount!,
      approved: projects.approvedAmount!,
      fee: projects.projectAmount!,
      endDate: projects.endDate!,
    })
    .from(projects)
    .where(and(eq(projects.tenantId, tenantId), eq(projects.isDeleted, 0), eq(projects.status, 2), inArray(projects.projectStatus!, [4, 5, 6])))
    .orderBy(projects.projectNum!)
    .limit(40);
  const settlementRows: (typeof projectDecisions.$inferInsert)[] = [];
  let open = 0;
  for (const p of finished) {
    const done = Number(p.stage) >= 5;
    if (!done && open >= 4) continue;
    if (!done) open++;
    const submitted = String(p.submitted ?? p.fee ?? '0');
    const approved = done && p.approved ? String(p.approved) : fenToMoney((toFen(submitted) * 94n) / 100n);
    if (toFen(submitted) <= 0n || toFen(approved) > toFen(submitted)) continue;
    const leader = people.find((u) => String(u.id) === String(p.leader)) ?? admin;
    const date = done && p.endDate ? String(p.endDate) : clock.today();
    const status = done ? 2 : open % 2 === 1 ? 1 : 0;
    settlementRows.push({
      id: nextId(),
      tenantId,
      createUser: leader.id,
      createDept: dept(leader),
      updateUser: leader.id,
      createTime: `${date} 10:00:00`,
      status,
      isDraft: status === 0 ? 0 : 1,
      processDefinitionKey: status === 0 ? null : projectDecisionEntity.approval!.processKey,
      submitTime: status === 0 ? null : `${date} 10:00:00`,
      projectId: String(p.id),
      projectName: p.projectName,
      submittedAmount: submitted,
      approvedAmount: approved,
      reductionAmount: fenToMoney(toFen(submitted) - toFen(approved)),
      reductionRate: reductionRate(submitted, approved),
      settlementFee: p.fee ? fenToMoney((toFen(String(p.fee)) * 10n) / 100n) : null,
      decisionDate: date,
      summary: done ? '结算审核完成,审定金额经建设单位确认' : '结算资料已报送,待审核',
    });
  }

  await db.transaction(async (tx) => {
    await ensureDictsAndGrants(tx, tenantId);
    if (feeRows.length) await tx.insert(labourFees).values(feeRows);
    if (personRows.length) await tx.insert(labourPersons).values(personRows);
    if (expenseRows.length) await tx.insert(projectExpenses).values(expenseRows);
    if (expenseLineRows.length) await tx.insert(projectExpenseLines).values(expenseLineRows);
    if (payRows.length) await tx.insert(projectExpensePays).values(payRows);
    if (settlementRows.length) await tx.insert(projectDecisions).values(settlementRows);
    if (ledgerRows.length) await tx.insert(incomeExpends).values(ledgerRows);
  });
}

/** The piece's dictionaries and the demo roles' grants of its menus, where an installation lacks them. */
async function ensureDictsAndGrants(tx: Executor, tenantId: string) {
  await ensureDemoDicts(tx, tenantId, DICTS);
  await grantDemoMenus(tx, tenantId, (_role, c) => PREFIXES.some((p) => c.startsWith(p)));
}
