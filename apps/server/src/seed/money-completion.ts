/**
 * The demo company's project money, piece 3 (tenant 000000, BUSINESS.md WP3): the settlement fees of the first finished
 * demo projects paid (完工付款, approved, with the payment form's details) — each one ledger expense row written
 * through finance's `postLedgerEntry` (bizType hjl_project_decision), so their 360 view shows 结算费用 —, and a
 * completion (项目完工) drafted for a running project. Seeded once (when the demo tenant has never had a fee
 * payment; the ledger's producing key keeps the rows single anyway); an installation from before it gets the demo
 * roles' grants of the new menus (once).
 */
import { APPROVAL_STATUS, fenToMoney, projectCompletionPayEntity, projectDecisionEntity, toFen } from '@hjl/core';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';
import type { FirmClock } from '../platform/time/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { ledgerEntryOf, postLedgerEntry } from '../modules/finance/api.ts';
import { projectCompletionPays, projectCompletions, projectDecisions } from '../modules/money/schema.ts';
import { projects } from '../modules/project/schema.ts';
import { users } from '../modules/user/schema.ts';
import * as demo from './data.ts';
import { grantDemoMenus } from './grants.ts';

/** How many finished demo projects get their settlement fee paid. */
const PAID = 3;

/** `clock`: the firm's zone, for the date of the drafted completion (today). */
export async function seedMoneyCompletion(db: Db, clock: FirmClock) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')))
    .limit(1);
  if (!admin) return;
  const [had] = await db.select({ id: projectCompletionPays.id }).from(projectCompletionPays).where(eq(projectCompletionPays.tenantId, tenantId)).limit(1);
  if (had) return;
  const people = await db
    .select({ id: users.id, account: users.account, realName: users.realName, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0), inArray(users.account, ['lihong', 'admin'])));
  const clerk = people.find((p) => p.account === 'lihong') ?? people.find((p) => p.account === 'admin')!;
  const dept = clerk.deptId ? String(clerk.deptId).split(',')[0]! : null;

  // The approved settlements with a fee, oldest first.
  const settled = await db
    .select({
      id: projectDecisions.id,
      projectId: projectDecisions.projectId!,
      projectName: projectDecisions.projectName!,
      fee: projectDecisions.settlementFee!,
      date: projectDecisions.decisionDate!,
      createUser: projectDecisions.createUser,
    })
    .from(projectDecisions)
    .where(
      and(
        eq(projectDecisions.tenantId, tenantId),
        eq(projectDecisions.isDeleted, 0),
        eq(projectDecisions.status, APPROVAL_STATUS.approved),
        gt(projectDecisions.settlementFee!, '0'),
      ),
    )
    .orderBy(asc(projectDecisions.id))
    .limit(PAID);

  // A running project without a settlement or completion: a completion drafted by its leader.
  const [running] = await db
    .select({ id: projects.id, projectName: projects.projectName!, leader: projects.leaderUser! })
    .from(projects)
    .where(
      and(
        eq(projects.tenantId, tenantId),
        eq(projects.isDeleted, 0),
        eq(projects.status, APPROVAL_STATUS.approved),
        eq(projects.projectStatus!, 2),
        sql`NOT EXISTS (SELECT 1 FROM hjl_project_decision d WHERE d.project_id = ${projects.id} AND d.is_deleted = 0)`,
      ),
    )
    .orderBy(asc(projects.projectNum!))
    .limit(1);

  await db.transaction(async (tx) => {
    await grantDemoMenus(tx, tenantId, (_role, c) => c.startsWith('project_completion'));
    for (const d of settled) {
      const fee = fenToMoney(toFen(String(d.fee)));
      const date = String(d.date);
      const payId = nextId();
      // The company's payment form, on the payment and copied to its ledger row.
      const form = { payerName: '南京华建工程咨询有限公司', debitAccountNo: '3201 0000 0000 0001', payerAccountBank: '中国工商银行南京分行' };
      await tx.insert(projectCompletionPays).values({
        id: payId,
        tenantId,
        createUser: d.createUser ?? admin.id,
        createDept: dept,
        updateUser: clerk.id,
        createTime: `${date} 14:00:00`,
        status: APPROVAL_STATUS.approved,
        isDraft: 1,
        processDefinitionKey: projectCompletionPayEntity.approval!.processKey,
        submitTime: `${date} 14:00:00`,
        decisionId: String(d.id),
        projectId: String(d.projectId),
        projectName: d.projectName,
        settlementFee: fee,
        amount: fee,
        expenseType: 0,
        transactionDate: date,
        transactionReferenceNumber: `JS${date.replaceAll('-', '')}${String(d.id).slice(-4)}`,
        ...form,
        businessSubjectType: 2,
        customerName: '结算审核费',
        remark: '结算费用支付',
      });
      // The same posting the approval makes (completion-pay.ts): one row per settlement, however often it runs; the
      // payment names no account.
      await postLedgerEntry(
        tx,
        ledgerEntryOf(form, {
          tenantId,
          bizType: projectDecisionEntity.table,
          bizId: String(d.id),
          direction: 'expense',
          amount: fee,
          date,
          accountInfoId: null,
          costStage: 1,
          projectId: String(d.projectId),
          projectName: d.projectName == null ? null : String(d.projectName),
          payeeName: '结算审核费',
          optionPersonName: clerk.realName ?? null,
          remark: `结算费用: ${d.projectName ?? ''}`.slice(0, 500),
          userId: String(clerk.id),
          deptId: dept,
        }),
      );
    }
    if (running)
      await tx.insert(projectCompletions).values({
        id: nextId(),
        tenantId,
        createUser: running.leader ? String(running.leader).split(',')[0]! : admin.id,
        updateUser: running.leader ? String(running.leader).split(',')[0]! : admin.id,
        status: 0,
        isDraft: 0,
        projectId: String(running.id),
        projectName: running.projectName,
        completionDate: clock.today(),
        summary: '招标代理工作已全部完成,中标通知书已发出,无结算审核环节',
      });
  });
}
