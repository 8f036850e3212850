/** 工资条: each person their own approved records (`my` by month with the year's totals, `myDetail` with the calculation); anyone else's id is not found. */
import { APPROVAL_STATUS, salaryRecordEntity, sumMoney } from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Row } from '../../platform/crud/repo.ts';
import { page } from '../../platform/http/envelope.ts';
import { notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseListQuery } from '../../platform/http/query.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { calculationOf } from './context.ts';
import { salaryRecords } from './schema.ts';

/** The permission of the payslip menu (工资条): a person's own approved records. */
export const PAYSLIP_CODE = 'salary_payslip';
const PAGING = { filterable: new Map(), sortable: new Set<string>(), maxSize: 1000 };
const def = salaryRecordEntity;
const tags = [def.label.zh];
const r = salaryRecords;

const mine = (user: AuthUser) => [eq(r.tenantId, user.tenantId), eq(r.isDeleted, 0), eq(r.userId, user.userId), eq(r.status, APPROVAL_STATUS.approved)];
const payslip = (row: Row) => {
  const { calcDetail: _omit, ...rest } = row;
  return { ...rest, calculation: calculationOf(row) };
};

export function registerPayslips(ctx: ModuleContext, recordRepo: EntityRepo<typeof salaryRecordEntity>) {
  const db = ctx.database.db;
  ctx.route({
    method: 'GET',
    url: `${def.api}/my`,
    summary: '我的工资条(本人已审批的工资,按月)',
    tags,
    requires: { code: PAYSLIP_CODE },
    query: z.looseObject({
      year: z
        .string()
        .regex(/^\d{4}$/, '年份格式应为yyyy')
        .optional(),
      current: z.string().optional(),
      size: z.string().optional(),
    }),
    handler: async ({ user, query }) => {
      const { current, size } = parseListQuery({ current: query.current, size: query.size }, PAGING);
      const where = and(...mine(user), query.year ? sql`${r.importMonth} LIKE ${`${query.year}-%`}` : undefined);
      const rows = await db
        .select()
        .from(r)
        .where(where)
        .orderBy(sql`${r.importMonth} DESC`)
        .limit(size)
        .offset((current - 1) * size);
      const total = await db.$count(r, where);
      const [sums] = await db
        .select({
          grossPay: sql<string>`coalesce(sum(${r.grossPay}), 0)::text`,
          netPay: sql<string>`coalesce(sum(${r.netPay}), 0)::text`,
          incomeTax: sql<string>`coalesce(sum(${r.incomeTax}), 0)::text`,
        })
        .from(r)
        .where(where);
      const named = await recordRepo.withNames(user, rows as Row[]);
      return {
        ...page(
          named.map((x) => {
            const { calcDetail: _omit, ...rest } = x as Row;
            return rest;
          }),
          total,
          current,
          size,
        ),
        totals: { grossPay: sumMoney([sums?.grossPay]), netPay: sumMoney([sums?.netPay]), incomeTax: sumMoney([sums?.incomeTax]) },
      };
    },
  });
  ctx.route({
    method: 'GET',
    url: `${def.api}/myDetail`,
    summary: '我的工资条详情(含核算明细)',
    tags,
    requires: { code: PAYSLIP_CODE },
    query: z.object({ id: idField() }),
    handler: async ({ user, query }) => {
      const [row] = await db
        .select()
        .from(r)
        .where(and(...mine(user), eq(r.id, query.id)))
        .limit(1);
      if (!row) throw notFound();
      const [named] = await recordRepo.withNames(user, [row as Row]);
      return payslip(named as Row);
    },
  });
}
