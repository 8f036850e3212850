/**
 * The demo tenant's report list (报表列表), where missing: the built-in report pages (customer, contract, project;
 * S2 L462) and a few saved statistics, as a finance head would keep them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { reports } from '../modules/report/schema.ts';
import { users } from '../modules/user/schema.ts';
import * as demo from './data.ts';
import { grantDemoMenus } from './grants.ts';

/** [name, page path | null, statistic | null, view, remark] */
const REPORTS: [string, string | null, string | null, string, string][] = [
  ['客户统计', '/marketing/customerReport', null, 'bar', '客户类型、地区、负责人与每月新增'],
  ['合同统计', '/contract/contractReport', null, 'bar', '业务类型、每月签订、审批状态与合计'],
  ['项目统计', '/hjlProject/projectReport', null, 'bar', '项目状态、类型、部门与负责人'],
  ['每月收款与开票', null, 'collectionsAgainstInvoices', 'bar', '近12个月已审批收款与已开发票(万元)'],
  ['费用报销月报', null, 'applyExpenseCount', 'line', '近12个月报销单数与金额'],
  ['待审批停留时长', null, 'approvalsWaiting', 'table', '按停留天数统计的待审批任务'],
];

export async function seedReports(db: Db) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')));
  if (!admin) return; // no demo company
  // The demo roles' grants of the report and cockpit menus (given with the rest on a fresh installation).
  await grantDemoMenus(db, tenantId, (_role, code) => /^(report|data_cockpit)/.test(code));
  const [have] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(eq(reports.tenantId, tenantId));
  if ((have?.n ?? 0) > 0) return;
  await db.insert(reports).values(
    REPORTS.map(([name, pagePath, statistic, view, remark]) => ({
      id: nextId(),
      tenantId,
      createUser: admin.id,
      updateUser: admin.id,
      name,
      pagePath,
      statistic,
      view,
      remark,
      content: JSON.stringify(pagePath ? { page: pagePath } : { statistic, view }),
    })),
  );
}
