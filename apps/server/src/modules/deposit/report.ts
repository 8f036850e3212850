/**
 * 未退保证金 (BUSINESS.md WP5, the report a finance head asks for every month): the approved deposits not fully
 * refunded, each with what is still out and its age — the days past its expected refund date on the day asked
 * (default today in the firm's zone), in the buckets 未到期, 0–90, 90–180, 180–365, over 365 days —, with the totals
 * by bucket, by type and by project over all of them (the rows paged, the totals not). Confined to the caller's
 * tenant and data scope (project staff: their projects' deposits), rows and totals alike.
 */
import {
  APPROVAL_STATUS,
  DEPOSIT_AGE_BUCKETS,
  DEPOSIT_CODES,
  DEPOSIT_DIRECTION,
  depositAgeBucket,
  depositEntity,
  isDateText,
  subtractMoney,
  sumMoney,
  type ChartData,
} from '@hjl/core';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import { page } from '../../platform/http/envelope.ts';
import { parseListQuery } from '../../platform/http/query.ts';
import type { DepositShared } from './context.ts';
import type { DepositRepo } from './deposits.ts';
import { deposits } from './schema.ts';

/** Most deposits one report sums (a firm has a few hundred outstanding). */
const MAX_ROWS = 20_000;
const PAGING = { filterable: new Map(), sortable: new Set<string>(), maxSize: 500 };

const reportQuery = z.looseObject({
  asOf: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || isDateText(v), { message: '统计日期格式应为yyyy-MM-dd' }),
  depositType: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || /^\d{1,4}$/.test(v), { message: '保证金类型不正确' }),
  direction: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v === '0' || v === '1', { message: '收付方向不正确' }),
  projectId: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || /^\d{1,19}$/.test(v), { message: '项目不存在或无权访问' }),
  current: z.string().optional(),
  size: z.string().optional(),
});
type ReportQuery = z.infer<typeof reportQuery>;

interface Group {
  key: string;
  name: string;
  count: number;
  amount: string;
}

/** Adds one deposit's outstanding amount to its group. */
function addTo(groups: Map<string, Group>, key: string, name: string, amount: string) {
  const g = groups.get(key) ?? { key, name, count: 0, amount: '0.00' };
  g.count += 1;
  g.amount = sumMoney([g.amount, amount]);
  groups.set(key, g);
}

/** The report as of a day (default today), within the caller's scope. */
export async function outstandingDeposits(s: DepositShared, repo: DepositRepo, user: AuthUser, query: ReportQuery) {
  const db = s.ctx.database.db;
  const asOf = query.asOf || s.clock.today();
  const daysPast = sql<number>`(${asOf}::date - ${deposits.expectedRefundDate})::int`;
  const rows = await db
    .select({
      id: deposits.id,
      depositType: deposits.depositType,
      direction: deposits.direction,
      projectId: deposits.projectId,
      projectName: deposits.projectName,
      payeeName: deposits.payeeName,
      amount: deposits.amount,
      refundedAmount: deposits.refundedAmount,
      payDate: deposits.payDate,
      expectedRefundDate: deposits.expectedRefundDate,
      daysPast,
    })
    .from(deposits)
    .where(
      and(
        ...(await repo.scope(user)),
        eq(deposits.status, APPROVAL_STATUS.approved),
        isNull(deposits.replacedById),
        sql`${deposits.amount} > coalesce(${deposits.refundedAmount}, 0)`,
        eq(deposits.direction, query.direction ? Number(query.direction) : DEPOSIT_DIRECTION.paid),
        ...(query.depositType ? [eq(deposits.depositType, Number(query.depositType))] : []),
        ...(query.projectId ? [eq(deposits.projectId, query.projectId)] : []),
      ),
    )
    .orderBy(asc(deposits.expectedRefundDate), asc(deposits.id))
    .limit(MAX_ROWS);
  const types = new Map((await s.dictionary(user, depositEntity.fields.depositType)).map((d) => [d.key, d.label]));
  const buckets = new Map<string, Group>(DEPOSIT_AGE_BUCKETS.map((b) => [b.key, { key: b.key, name: b.label, count: 0, amount: '0.00' }]));
  const byType = new Map<string, Group>();
  const byProject = new Map<string, Group>();
  const records = rows.map((r) => {
    const outstanding = subtractMoney(String(r.amount), String(r.refundedAmount ?? '0'));
    const days = Number(r.daysPast);
    const bucket = depositAgeBucket(days);
    const bucketName = DEPOSIT_AGE_BUCKETS.find((b) => b.key === bucket)?.label ?? bucket;
    const typeName = types.get(String(r.depositType)) ?? `类型${String(r.depositType)}`;
    addTo(buckets, bucket, bucketName, outstanding);
    addTo(byType, String(r.depositType), typeName, outstanding);
    addTo(byProject, String(r.projectId), String(r.projectName ?? ''), outstanding);
    return {
      ...r,
      id: String(r.id),
      projectId: String(r.projectId),
      depositTypeName: typeName,
      outstanding,
      daysPast: Math.max(days, 0),
      bucket,
      bucketName,
    };
  });
  const { current, size } = parseListQuery({ current: query.current, size: query.size }, PAGING, { size: 20 });
  const bucketList = [...buckets.values()];
  const chart: ChartData = {
    kind: 'bar',
    title: '未退保证金账龄',
    categories: bucketList.map((b) => b.name),
    series: [{ name: '未退金额(元)', data: bucketList.map((b) => Number(b.amount)) }],
  };
  const byAmount = (a: Group, b: Group) => Number(b.amount) - Number(a.amount) || a.key.localeCompare(b.key);
  return {
    asOf,
    ...page(records.slice((current - 1) * size, current * size), records.length, current, size),
    totalAmount: sumMoney(records.map((r) => r.outstanding)),
    byBucket: bucketList,
    byType: [...byType.values()].sort((a, b) => a.key.localeCompare(b.key)),
    byProject: [...byProject.values()].sort(byAmount),
    chart,
  };
}

export function registerReport(s: DepositShared, repo: DepositRepo) {
  s.ctx.route({
    method: 'GET',
    url: `${depositEntity.api}/outstanding`,
    summary: '未退保证金(账龄:未到期、逾期0-90/90-180/180-365/365天以上;按类型、按项目合计)',
    tags: [depositEntity.label.zh],
    requires: { code: DEPOSIT_CODES.outstanding },
    query: reportQuery,
    handler: ({ user, query }) => outstandingDeposits(s, repo, user, query),
  });
}
