/**
 * The leave process (请假流程): the first business module on the engine's hooks. A leave record is saved and
 * its process started in one call; its `status` follows the process inside the engine's transaction
 * (1 under approval, 2 approved, 3 rejected, 6 withdrawn; 0 when deleted by operations). A rejected or
 * withdrawn record can be changed and started again (a new instance).
 * Routes under /api/blade-desk/process/leave and /api/blade-workflow/process/leave: list, detail, remove, start.
 */
import { APPROVAL_STATUS, type FieldDef, isDateText, LEAVE_PROCESS_KEY, leaveEntity, submitSchema } from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isAdministrator, type AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { fail, forbidden, notFound } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { actorOf, attachmentsField, idField, OPS_CODE, startFilesVariable, userListField } from './access.ts';
import type { WorkflowEventType } from './engine/hooks.ts';
import type { WorkflowModule } from './index.ts';
import { WorkflowQueries } from './queries.ts';
import { leaves } from './schema.ts';

const PREFIXES = ['/api/blade-desk/process/leave', '/api/blade-workflow/process/leave'];
const BUSINESS_TABLE = 'blade_process_leave';
const tags = ['请假流程'];

export const leaveBusinessKey = (id: string) => `${BUSINESS_TABLE}:${id}`;

/** Days from the start date to the end date, both included. */
export function leaveDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The record status an engine event leaves behind (`running`: the instance still runs after it). */
function statusAfter(type: WorkflowEventType, _running: boolean): number | undefined {
  switch (type) {
    case 'started':
      return APPROVAL_STATUS.approving;
    case 'finished':
      return APPROVAL_STATUS.approved;
    // The engine says `rejected` only when the process is back with the applicant (a rollback to an earlier
    // approver runs on under approval); the instance waits there for the applicant to submit it again.
    case 'rejected':
      return APPROVAL_STATUS.rejected;
    case 'terminated':
      return APPROVAL_STATUS.rejected;
    case 'withdrawn':
      return APPROVAL_STATUS.withdrawn;
    case 'deleted':
      return APPROVAL_STATUS.draft;
  }
}

const cols = leaves as typeof leaves & Record<'id' | 'tenantId' | 'status' | 'processInstanceId' | 'processDefinitionId' | 'isDeleted' | 'createUser', never>;

export function registerLeave(ctx: ModuleContext, wf: WorkflowModule) {
  const { route, database } = ctx;
  const engine = wf.engine;
  const repo = ctx.repo(leaveEntity, leaves);
  const maxSize = (tenantId: string) => ctx.params.getInt(tenantId, 'page.maxSize', ctx.config.maxPageSize);
  const queries = new WorkflowQueries(database, (t, u) => wf.identity.groupsOf(wf.db, t, u), maxSize);

  // The record follows its process, in the engine's transaction.
  wf.hooks.on(LEAVE_PROCESS_KEY, async (event, tx) => {
    if (event.type === 'taskCompleted') return;
    const m = /^blade_process_leave:(\d+)$/.exec(event.businessKey ?? '');
    if (!m) return;
    const res = (await tx.execute(sql`SELECT end_time IS NULL AS running FROM blade_wf_hi_procinst WHERE id = ${event.processInstanceId}`)) as unknown as {
      rows: { running: boolean }[];
    };
    const h = res.rows[0];
    const status = statusAfter(event.type, h?.running === true);
    if (status === undefined) return;
    await tx
      .update(leaves)
      .set({ status, updateTime: sql`now()`, ...(event.type === 'started' ? { processInstanceId: event.processInstanceId } : {}) } as never)
      .where(and(eq(cols.id, m[1]!), eq(cols.tenantId, event.tenantId)));
  });

  const names = async (user: AuthUser, rows: Row[]) => {
    const n = await queries.names(
      user.tenantId,
      rows.flatMap((r) => [String(r.taskUser ?? ''), String(r.createUser ?? '')]),
    );
    return rows.map((r) => ({
      ...r,
      taskUserName: n.get(String(r.taskUser)) ?? '',
      applyUserName: n.get(String(r.createUser)) ?? '',
      businessKey: leaveBusinessKey(String(r.id)),
    }));
  };
  /** Everyone sees their own requests; the tenant administrator and the operations code see all. */
  const seesAll = async (user: AuthUser) => isAdministrator(user) || (await ctx.access.permissions(user)).has(OPS_CODE);

  const formSchema = submitSchema(leaveEntity);
  const startSchema = z.looseObject({
    copyUser: userListField('请选择抄送人').optional(),
    processDefinitionId: idField.optional(),
    attachment: attachmentsField.optional(),
  });

  for (const api of PREFIXES) {
    route({
      method: 'GET',
      url: `${api}/list`,
      summary: '请假流程列表',
      tags,
      requires: { code: 'wf_leave' },
      query: z.looseObject({ current: z.string().optional(), size: z.string().optional() }),
      handler: async ({ user, req }) => {
        const extra = (await seesAll(user)) ? [] : [eq(cols.createUser, user.userId)];
        const p = await repo.page(user, req.query as Record<string, unknown>, extra);
        return { ...p, records: await names(user, p.records) };
      },
    });

    route({
      method: 'GET',
      url: `${api}/detail`,
      summary: '请假详情(id、businessId 或 processInstanceId)',
      tags,
      requires: { code: 'wf_leave' },
      query: z.object({ id: idField.optional(), businessId: idField.optional(), processInstanceId: idField.optional() }),
      handler: async ({ user, query }) => {
        const id = query.id ?? query.businessId;
        if (!id && !query.processInstanceId) throw fail('缺少必要的请求参数: id');
        const row = id ? await repo.detail(user, id) : await repo.find(user, [eq(cols.processInstanceId, query.processInstanceId!)]);
        if (!row) throw notFound();
        const own = String(row.createUser) === user.userId;
        const procInstId = row.processInstanceId ? String(row.processInstanceId) : null;
        if (!own && !(await seesAll(user)) && !(procInstId && (await queries.involved(user.tenantId, procInstId, user.userId))))
          throw forbidden('您没有查看该请假的权限');
        const proc = procInstId ? await engine.processInstance(user.tenantId, procInstId) : null;
        const tasks = procInstId && proc && !proc.endTime ? await engine.tasks(user.tenantId, procInstId) : [];
        return {
          ...(await names(user, [row]))[0],
          processIsFinished: proc?.status ?? null,
          serialNumber: proc?.serialNumber ?? null,
          tasks: tasks.map((t) => ({ taskId: t.id, taskName: t.name, assignee: t.assignee })),
        };
      },
    });

    route({
      method: 'POST',
      url: `${api}/remove`,
      summary: '删除请假(审批中的不能删除)',
      tags,
      requires: { code: 'wf_leave_delete' },
      query: z.looseObject({ ids: z.string().optional() }),
      handler: async ({ user, req }) => {
        const ids = parseIds((req.query as Record<string, unknown>).ids);
        const all = await seesAll(user);
        for (const id of ids) {
          const row = await repo.detail(user, id);
          if (!row) throw fail('数据不存在或已被删除');
          if (!all && String(row.createUser) !== user.userId) throw forbidden('只能删除自己的请假');
          if (Number(row.status) === APPROVAL_STATUS.approving) throw fail('审批中的请假不能删除，请先撤回');
        }
        await repo.remove(user, ids);
      },
    });

    route({
      method: 'POST',
      url: `${api}/start`,
      summary: '提交请假并发起审批(带 id: 驳回或撤回后重新提交)',
      tags,
      requires: { code: 'wf_leave_add' },
      msg: '发起成功',
      handler: async ({ user, req }) => {
        const body = { ...parseOrFail(startSchema, req.body), ...(parseOrFail(formSchema, req.body) as Row & { id?: string }) } as Row & {
          id?: string;
          copyUser?: string[];
          processDefinitionId?: string;
          attachment?: { name: string; url: string }[];
        };
        const current = body.id ? await repo.detail(user, body.id) : undefined;
        if (body.id) {
          if (!current) throw fail('数据不存在或已被删除');
          if (String(current.createUser) !== user.userId) throw forbidden('只能重新提交自己的请假');
          if (![APPROVAL_STATUS.draft, APPROVAL_STATUS.rejected, APPROVAL_STATUS.withdrawn].includes(Number(current.status) as 0))
            throw fail('该请假正在审批或已通过，不能重新提交');
        }
        const given = Object.fromEntries(
          Object.keys(leaveEntity.fields)
            .map((k) => [k, body[k]])
            .filter(([, x]) => x !== undefined && x !== null && x !== ''),
        );
        const v = { ...current, ...given } as Row;
        for (const [name, field] of Object.entries(leaveEntity.fields as Record<string, FieldDef>))
          if (field.required && (v[name] === undefined || v[name] === null || v[name] === '')) throw fail(field.required);
        const start = String(v.startTime);
        const end = String(v.endTime);
        if (!isDateText(start) || !isDateText(end)) throw fail('日期格式应为yyyy-MM-dd');
        if (end < start) throw fail('结束时间不能早于开始时间');
        const days = leaveDays(start, end);
        if (days > 366) throw fail('请假天数不能超过366天');
        const approver = await wf.identity.findUser(wf.db, user.tenantId, String(v.taskUser));
        if (!approver) throw fail('审批人不存在');
        if (approver.id === user.userId) throw fail('审批人不能是申请人本人');
        const copyUsers: string[] = [];
        for (const c of body.copyUser ?? []) {
          const u = await wf.identity.findUser(wf.db, user.tenantId, c);
          if (!u) throw fail(`用户 ${c.slice(0, 40)} 不存在`);
          copyUsers.push(u.id);
        }
        const def = body.processDefinitionId
          ? (
              await database.raw(`SELECT id::text AS id FROM blade_wf_procdef WHERE id = $1 AND tenant_id = $2 AND key = $3`, [
                body.processDefinitionId,
                user.tenantId,
                LEAVE_PROCESS_KEY,
              ])
            )[0]
          : await engine.latestDefinition(user.tenantId, LEAVE_PROCESS_KEY);
        if (!def) throw fail('请假流程尚未部署');
        const fields = {
          leaveType: Number(v.leaveType),
          startTime: start,
          endTime: end,
          days,
          reason: String(v.reason),
          taskUser: approver.id,
        };
        let id = body.id;
        if (id) await repo.update(user, id, fields);
        else id = await repo.insert(user, fields);
        await database.db
          .update(leaves)
          .set({
            applyTime: sql`now()`,
            submitTime: sql`now()`,
            isDraft: 1,
            status: APPROVAL_STATUS.draft,
            processDefinitionId: String(def.id),
            processDefinitionKey: LEAVE_PROCESS_KEY,
          } as never)
          .where(and(eq(cols.id, id), eq(cols.tenantId, user.tenantId)));
        try {
          const out = await engine.startProcess(user.tenantId, actorOf(user), {
            processDefinitionId: String(def.id),
            businessKey: leaveBusinessKey(id),
            copyUsers,
            title: `${user.realName || user.account}的请假(${days}天)`,
            variables: {
              leaveType: fields.leaveType,
              startTime: start,
              endTime: end,
              days,
              reason: fields.reason,
              approver: approver.id,
              taskUser: approver.id,
              businessId: id,
              ...startFilesVariable(body.attachment),
            },
          });
          return { id, processInstanceId: out.processInstanceId, serialNumber: out.serialNumber, days };
        } catch (e) {
          // The process did not start: a new record goes away, a resubmitted one keeps its last state.
          if (!body.id) await database.db.delete(leaves).where(and(eq(cols.id, id), eq(cols.tenantId, user.tenantId)));
          else
            await database.db
              .update(leaves)
              .set({ status: Number(current!.status) } as never)
              .where(and(eq(cols.id, id), eq(cols.tenantId, user.tenantId)));
          throw e;
        }
      },
    });
  }
}
