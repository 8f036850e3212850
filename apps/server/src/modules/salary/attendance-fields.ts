/**
 * 考勤字段配置 (`attendance-field-config`): the fields of the attendance import and how each is paid; the lists the
 * import and the configuration page read, and `update` of several at once.
 */
import { attendanceFieldConfigEntity, compareMoney, permissionCodes, salaryRecordEntity } from '@hjl/core';
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField, isBlank } from '../../platform/http/params.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { attendanceFields } from './schema.ts';

const fieldDef = attendanceFieldConfigEntity;
const fieldCodes = permissionCodes(fieldDef);

export function registerAttendanceFields(ctx: ModuleContext) {
  const db = ctx.database.db;
  const fieldRepo = ctx.repo(fieldDef, attendanceFields);
  registerEntityRoutes(ctx.route, fieldRepo, ctx.access, {
    beforeWrite(_user, data) {
      if (!isBlank(data.unitAmount) && compareMoney(String(data.unitAmount), '0') < 0) throw fail('单价不能为负数');
      if (!isBlank(data.maxValue) && compareMoney(String(data.maxValue), '0') < 0) throw fail('最大值不能为负数');
    },
  });
  const fieldsWhere = (user: AuthUser, extra?: SQL) => and(eq(attendanceFields.tenantId, user.tenantId), eq(attendanceFields.isDeleted, 0), extra);
  const fieldList = (user: AuthUser, extra?: SQL) =>
    db
      .select()
      .from(attendanceFields)
      .where(fieldsWhere(user, extra))
      .orderBy(attendanceFields.sort, attendanceFields.id)
      .limit(500)
      .then((rows) => rows.map((r) => ({ ...r, id: String(r.id) })));
  const fieldRead = (url: string, summary: string, extra?: SQL) =>
    ctx.route({
      method: 'GET',
      url: `${fieldDef.api}/${url}`,
      summary,
      tags: [fieldDef.label.zh],
      requires: { anyOf: [fieldCodes.view, 'attendance_import', salaryRecordEntity.name] },
      handler: ({ user }) => fieldList(user, extra),
    });
  fieldRead('all-displayable', '导入显示的考勤字段', eq(attendanceFields.displayable, 1));
  fieldRead('not-displayable-list', '不在导入中显示的考勤字段', ne(attendanceFields.displayable, 1));
  fieldRead('payable-deduction', '计薪的考勤字段(应发或扣款)', inArray(attendanceFields.payableOrDeduction, [1, 2]));
  ctx.route({
    method: 'POST',
    url: `${fieldDef.api}/update`,
    summary: '批量修改考勤字段(显示、计薪方式、单价、最大值、排序)',
    tags: [fieldDef.label.zh],
    requires: { code: fieldCodes.edit },
    body: z.union([
      z.array(z.looseObject({ id: idField({ message: '请选择考勤字段' }) })).max(200, '一次最多修改200个字段'),
      z.looseObject({ id: idField({ message: '请选择考勤字段' }) }),
    ]),
    handler: async ({ user, body }) => {
      const list = Array.isArray(body) ? body : [body];
      if (!list.length) throw fail('请选择考勤字段');
      const keep = ['fieldName', 'unit', 'displayable', 'payableOrDeduction', 'unitAmount', 'maxValue', 'sort', 'remark'];
      const found = await fieldRepo.count(user, [
        inArray(
          attendanceFields.id,
          list.map((x) => x.id),
        ),
      ]);
      if (found < new Set(list.map((x) => x.id)).size) throw fail('考勤字段不存在');
      // Each change is checked as a submit would be (the definition's rules), then all written in one transaction.
      const prepared: Awaited<ReturnType<typeof fieldRepo.prepareWrite>>[] = [];
      for (const item of list) {
        const change = Object.fromEntries(Object.entries(item).filter(([k]) => keep.includes(k)));
        if (!isBlank(change.unitAmount) && compareMoney(String(change.unitAmount), '0') < 0) throw fail('单价不能为负数');
        prepared.push(await fieldRepo.prepareWrite(user, change, item.id));
      }
      await db.transaction(async (tx) => {
        for (const p of prepared) await p.write(tx);
      });
      return true;
    },
  });
}
