/**
 * The leave process (请假流程) on the approval kit: everything generic (start in one transaction, status, 重新提交,
 * history, refusal under approval) comes from `leaveEntity.approval`; here only what is leave's own — days from
 * the dates, the approver chosen on the form, each one's own requests (administrators and operations see all).
 * Routes under /api/blade-desk/process/leave (and the same under /api/blade-workflow/process/leave).
 */
import { isDateText, leaveEntity } from '@hjl/core';
import { eq } from 'drizzle-orm';
import { isAdministrator, type AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { ApprovalKit } from '../approval/api.ts';
import { OPS_CODE, type WorkflowModule } from '../workflow/api.ts';
import { leaves } from './schema.ts';

/** Days from the start date to the end date, both included. */
export const leaveDays = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

export function registerLeave(ctx: ModuleContext & { approval: ApprovalKit; workflow: WorkflowModule }) {
  const wf = ctx.workflow;
  const seesAll = async (user: AuthUser) => isAdministrator(user) || (await ctx.access.permissions(user)).has(OPS_CODE);
  const names = async (user: AuthUser, rows: Row[]) => {
    const n = await ctx.approval.services.queries.names(
      user.tenantId,
      rows.flatMap((r) => [String(r.taskUser ?? ''), String(r.createUser ?? '')]),
    );
    return rows.map((r) => ({ ...r, taskUserName: n.get(String(r.taskUser)) ?? '', applyUserName: n.get(String(r.createUser)) ?? '' }));
  };
  const options = {
    visible: async (user: AuthUser) => ((await seesAll(user)) ? [] : [eq(leaves.createUser, user.userId)]),
    decorateRows: names,
    decorate: async (user: AuthUser, row: Row) => firstRow(await names(user, [row]), 'leave names'),
    async beforeStart(user: AuthUser, v: Row) {
      const [start, end] = [String(v.startTime), String(v.endTime)];
      if (!isDateText(start) || !isDateText(end)) throw fail('日期格式应为yyyy-MM-dd');
      if (end < start) throw fail('结束时间不能早于开始时间');
      v.days = leaveDays(start, end);
      if (Number(v.days) > 366) throw fail('请假天数不能超过366天');
      const approver = await wf.identity.findUser(wf.db, user.tenantId, String(v.taskUser));
      if (!approver) throw fail('审批人不存在');
      if (approver.id === user.userId) throw fail('审批人不能是申请人本人');
      v.taskUser = approver.id;
      v.applyTime = wf.zone.format(wf.clock.now());
    },
    variables: (_user: AuthUser, v: Row) => ({ approver: v.taskUser }),
    // The same calls under the workflow service's prefix (BladeX answers both).
    alsoAt: ['/api/blade-workflow/process/leave'],
    // BladeX's desk service starts a leave with start-process.
    startAt: [`${leaveEntity.api}/start-process`],
  };
  ctx.approval.register(leaveEntity, leaves, options);
}
