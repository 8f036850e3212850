/**
 * The demo company's project money as the 360 view shows it (BUSINESS.md WP3): the finished demo projects
 * (已完成, 已归档) that have collections get the costs finance entered against them (项目支出登记: 外包费用, 资料费,
 * 其他成本, a share of what they collected, dated after their first collection), so their gross profit is plausible
 * rather than all income; labour fees, project expenses and settlements come from their own records. Seeded once
 * (when the demo tenant has no such entry), set-based. An installation from before the report gets the demo roles'
 * grants of 项目收支.
 */
import { PROJECT_LEDGER_BIZ, PROJECT_STATUS, fenToMoney, toFen } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { nextId } from '../platform/db/ids.ts';
import type { Db } from '../platform/db/index.ts';
import { ledgerEntryOf, ledgerRowOfEntry } from '../modules/finance/api.ts';
import { incomeExpends } from '../modules/finance/schema.ts';
import { projects } from '../modules/project/schema.ts';
import { users } from '../modules/user/schema.ts';
import * as demo from './data.ts';
import { grantDemoMenus } from './grants.ts';

/** Cost type (cost_type dict), percent of the project's collections, days after its first collection. */
const COSTS: [number, number, number, string][] = [
  [2, 25, 20, '外包费用:专业分包'],
  [3, 3, 12, '资料费:图纸晒印及资料'],
  [5, 5, 35, '其他成本:差旅及会务'],
];
const CODES = ['project_income_expend', 'project_income_expend_export'];

/** percent % of an amount, to the fen (half up). */
const part = (amount: string, percent: number) => fenToMoney((toFen(amount) * BigInt(Math.round(percent * 100)) + 5000n) / 10000n);
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export async function seedProjectStatement(db: Db) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const [clerk] = await db
    .select({ id: users.id, deptId: users.deptId, realName: users.realName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, 'lihong'), eq(users.isDeleted, 0)))
    .limit(1);
  if (!clerk) return; // no demo company
  // The demo roles' grants of 项目收支 (as seed/data.ts grants them), once.
  await grantDemoMenus(db, tenantId, (_role, code) => CODES.includes(code));
  const [had] = await db
    .select({ id: incomeExpends.id })
    .from(incomeExpends)
    .where(and(eq(incomeExpends.tenantId, tenantId), eq(incomeExpends.bizType!, PROJECT_LEDGER_BIZ.direct)))
    .limit(1);
  if (had) return;
  const finished = await db
    .select({
      id: projects.id,
      projectName: projects.projectName!,
      collected: sql<string>`sum(${incomeExpends.tradeAmount!})::text`,
      first: sql<string>`min(${incomeExpends.transactionDate!})::text`,
    })
    .from(projects)
    .innerJoin(
      incomeExpends,
      and(
        eq(incomeExpends.projectId!, projects.id),
        eq(incomeExpends.tenantId, tenantId),
        eq(incomeExpends.isDeleted, 0),
        eq(incomeExpends.status, 2),
        eq(incomeExpends.bizType!, PROJECT_LEDGER_BIZ.collect),
      ),
    )
    .where(and(eq(projects.tenantId, tenantId), eq(projects.isDeleted, 0), inArray(projects.projectStatus!, [PROJECT_STATUS.done, PROJECT_STATUS.archived])))
    .groupBy(projects.id, projects.projectName!);
  const dept = clerk.deptId ? String(clerk.deptId).split(',')[0]! : null;
  // Entered as 项目支出登记 enters them (money/statement.ts): no producing record, the form's columns are the posting's
  // own; no account named.
  const rows = finished.flatMap((p) =>
    COSTS.map(([costType, percent, days, remark]) => {
      const form = {
        costStage: 1,
        costType,
        projectId: String(p.id),
        projectName: p.projectName == null ? null : String(p.projectName),
        payeeName: remark.split(':')[1]!,
      };
      const entry = ledgerEntryOf(form, {
        tenantId,
        bizType: PROJECT_LEDGER_BIZ.direct,
        bizId: nextId(),
        direction: 'expense',
        amount: part(String(p.collected), percent),
        date: addDays(String(p.first), days),
        accountInfoId: null,
        optionPersonName: clerk.realName,
        remark,
        userId: clerk.id,
        deptId: dept,
      });
      return ledgerRowOfEntry(entry, nextId());
    }),
  );
  if (rows.length) await db.insert(incomeExpends).values(rows);
}
