/**
 * Attendance import (考勤导入, BUSINESS.md WP6; docs/excel.md): the template has 登录账号, 姓名 and one column per
 * displayable attendance field (`字段名称(单位)`); `POST hjlAttendanceImport/importAttendance` (multipart `file`,
 * `importMonth` as a query parameter or a form field sent before the file, `dryRun=1` to check only) reports every
 * bad cell — unknown account, a name that is not the account's, a person without a salary standard, a value that is
 * not a number of at most two decimals or above the field's maximum, a person twice in the file — and saves nothing
 * unless the whole file is good. A good file replaces the month's attendance (one row per person, values by field
 * code) in one transaction. A month whose salary is under approval or approved is refused before anything is read.
 */
import { SALARY_MSG, attendanceImportEntity, compareMoney, permissionCodes } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Db } from '../../platform/db/index.ts';
import { nextId } from '../../platform/db/ids.ts';
import { readUpload, readWorkbook, runImport, sendWorkbook, templateWorkbook, type ExcelColumn } from '../../platform/excel/index.ts';
import { page } from '../../platform/http/envelope.ts';
import { parseListQuery } from '../../platform/http/query.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { liveUsersBrief, userDisplayName, userIdsNamedLikeSql, usersByAccountOrName } from '../user/api.ts';
import { fieldsOf } from './compute.ts';
import { assertMonthOpen, monthOf } from './context.ts';
import { attendances, salaryInfos } from './schema.ts';

const api = attendanceImportEntity.api;
const codes = permissionCodes(attendanceImportEntity);
const tags = [attendanceImportEntity.label.zh];
/** An attendance value: not below zero, at most two decimals. */
const VALUE_RE = /^\d{1,6}(\.\d{1,2})?$/;
const truthy = (v: unknown) => v === true || v === '1' || v === 'true';
const LIST_PAGING = { filterable: new Map(), sortable: new Set<string>(), maxSize: 1000 };

/** The template's columns: the person, then one per displayable attendance field with its check. */
async function importColumns(db: Db, user: AuthUser) {
  const fields = (await fieldsOf(db, user.tenantId)).filter((f) => Number(f.displayable) === 1);
  const cols: ExcelColumn[] = [
    { key: 'account', header: '登录账号', required: '请输入登录账号', max: 45, width: 16 },
    { key: 'realName', header: '姓名', max: 45 },
    ...fields.map((f): ExcelColumn => ({
      key: `f_${String(f.fieldCode)}`,
      header: f.unit ? `${String(f.fieldName)}(${String(f.unit)})` : String(f.fieldName),
      width: 14,
      check: (v) => {
        if (!VALUE_RE.test(v.trim())) return SALARY_MSG.valueFormat;
        if (f.maxValue != null && compareMoney(v.trim(), String(f.maxValue)) > 0) return `${String(f.fieldName)}不能大于${String(f.maxValue)}`;
        return undefined;
      },
    })),
  ];
  return { cols, fields };
}

/** Checks an uploaded attendance file (docs/excel.md) and, unless a dry run or a bad cell, replaces the month's attendance with it. */
async function importAttendance(ctx: ModuleContext, user: AuthUser, req: FastifyRequest) {
  const db = ctx.database.db;
  const query = req.query as Record<string, string | undefined>;
  // The month may come as a query parameter: refuse a missing or approved month before reading the upload.
  const early = query.importMonth !== undefined ? monthOf(query.importMonth) : undefined;
  if (early) await assertMonthOpen(ctx, user.tenantId, early);
  const upload = await readUpload(req);
  const month = early ?? monthOf(upload.fields.importMonth);
  if (!early) await assertMonthOpen(ctx, user.tenantId, month);
  const dryRun = truthy({ ...upload.fields, ...query }.dryRun);
  const { cols, fields } = await importColumns(db, user);
  const sheet = await readWorkbook(upload.buffer, cols);
  const text = (v: unknown) => (v == null ? '' : String(v).trim());
  const accounts = [...new Set(sheet.rows.map((r) => text(r.values.account)).filter(Boolean))];
  const people = (await usersByAccountOrName(db, user.tenantId, accounts)).filter((p) => accounts.includes(p.account));
  const byAccount = new Map(people.map((p) => [p.account, p]));
  const withStandard = new Set(
    people.length
      ? (
          await db
            .select({ userId: salaryInfos.userId })
            .from(salaryInfos)
            .where(
              and(
                eq(salaryInfos.tenantId, user.tenantId),
                eq(salaryInfos.isDeleted, 0),
                inArray(
                  salaryInfos.userId,
                  people.map((p) => p.id),
                ),
              ),
            )
        ).map((r) => String(r.userId))
      : [],
  );
  const seen = new Map<string, number>();
  return runImport<{ userId: string; values: Record<string, string> }>(sheet, {
    dryRun,
    check(row, error) {
      const account = text(row.values.account);
      if (!account) return undefined;
      const person = byAccount.get(account);
      if (!person) {
        error('登录账号', `登录账号不存在: ${account}`);
        return undefined;
      }
      const name = text(row.values.realName);
      if (name && person.realName && name !== person.realName) error('姓名', `姓名与登录账号不符(${account} 是 ${person.realName})`);
      if (!withStandard.has(person.id)) error('登录账号', `${userDisplayName(person)}未设置薪资标准`);
      const first = seen.get(person.id);
      if (first !== undefined) error('登录账号', `人员重复: ${account} 已在第${first}行`);
      else seen.set(person.id, row.row);
      const values: Record<string, string> = {};
      for (const f of fields) {
        const v = text(row.values[`f_${String(f.fieldCode)}`]);
        values[String(f.fieldCode)] = v && VALUE_RE.test(v) ? v : '0';
      }
      return { userId: person.id, values };
    },
    async save(items) {
      await db.transaction(async (tx) => {
        await tx
          .update(attendances)
          .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` })
          .where(and(eq(attendances.tenantId, user.tenantId), eq(attendances.isDeleted, 0), eq(attendances.importMonth, month)));
        const batchNo = `${month.replace('-', '')}-${nextId().slice(-6)}`;
        const rows = items.map((i) => ({
          id: nextId(),
          tenantId: user.tenantId,
          createUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          updateUser: user.userId,
          importMonth: month,
          userId: i.userId,
          attendanceValues: JSON.stringify(i.values),
          batchNo,
        }));
        for (let i = 0; i < rows.length; i += 1000) await tx.insert(attendances).values(rows.slice(i, i + 1000));
      });
    },
  });
}

export function registerAttendance(ctx: ModuleContext) {
  const db = ctx.database.db;

  ctx.route({
    method: 'GET',
    url: `${api}/template`,
    summary: '考勤导入模板(按可显示的考勤字段)',
    tags,
    requires: { code: codes.import },
    raw: true,
    handler: async ({ user, reply }) => sendWorkbook(reply, '考勤导入模板.xlsx', await templateWorkbook('考勤数据', (await importColumns(db, user)).cols)),
  });

  ctx.route({
    method: 'POST',
    url: `${api}/importAttendance`,
    summary: '导入考勤(multipart file + importMonth; dryRun 只校验;覆盖该月考勤)',
    tags,
    requires: { code: codes.import },
    query: z.looseObject({ dryRun: z.string().optional(), importMonth: z.string().optional() }),
    handler: ({ user, req }) => importAttendance(ctx, user, req),
  });

  ctx.route({
    method: 'GET',
    url: `${api}/page`,
    summary: '某月考勤(每人一行,按考勤字段)',
    tags,
    requires: { code: codes.view },
    query: z.looseObject({
      importMonth: z.string().optional(),
      realName: z.string().max(45).optional(),
      current: z.string().optional(),
      size: z.string().optional(),
    }),
    handler: async ({ user, query }) => {
      const month = monthOf(query.importMonth);
      const { current, size } = parseListQuery({ current: query.current, size: query.size }, LIST_PAGING);
      const a = attendances;
      const where = and(
        eq(a.tenantId, user.tenantId),
        eq(a.isDeleted, 0),
        eq(a.importMonth, month),
        query.realName ? sql`${a.userId} IN (${userIdsNamedLikeSql(user.tenantId, query.realName)})` : undefined,
      );
      const rows = await db
        .select({ id: a.id, importMonth: a.importMonth, userId: a.userId, values: a.attendanceValues, batchNo: a.batchNo })
        .from(a)
        .where(where)
        .orderBy(a.id)
        .limit(size)
        .offset((current - 1) * size);
      const n = await db.$count(a, where);
      const people = await liveUsersBrief(
        db,
        user.tenantId,
        rows.map((r) => String(r.userId)),
      );
      return page(
        rows.map(({ values, ...r }) => ({
          ...r,
          id: String(r.id),
          userId: String(r.userId),
          account: people.get(String(r.userId))?.account ?? null,
          userName: people.get(String(r.userId))?.name ?? null,
          values: JSON.parse(String(values ?? '{}')) as Record<string, string>,
        })),
        n,
        current,
        size,
      );
    },
  });
}
