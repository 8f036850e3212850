/**
 * The operations console (/api/blade-workflow/ops/*), process monitoring (/api/blade-flow/follow/*) and
 * deployments (/api/blade-flow/manager/*, /api/blade-workflow/deployment/*). Every action takes a comma list
 * of task ids (or instance ids), needs its own permission code, and touches only the caller's tenant. The lists and
 * timer jobs are here; the actions in ops-actions.ts, definitions and deployments in ops-deployments.ts.
 */
import { z } from 'zod';
import { fail } from '../../platform/http/errors.ts';
import { page } from '../../platform/http/envelope.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { idField, OPS_CODE } from './access.ts';
import type { WorkflowModule } from './index.ts';
import { registerInstanceActions, registerTaskActions } from './ops-actions.ts';
import { FLOW, OPS, opsOf, tags, type Ops } from './ops-context.ts';
import { registerDefinitionRoutes, registerDeploymentRoutes } from './ops-deployments.ts';

export function registerOps(ctx: ModuleContext, wf: WorkflowModule) {
  const ops = opsOf(ctx, wf);
  registerOpsLists(ops);
  registerTaskActions(ops);
  registerInstanceActions(ops);
  registerDefinitionRoutes(ops);
  registerDeploymentRoutes(ops);
}

/** The running tasks and processes, the ended ones, a process's nodes and the pending timers. */
function registerOpsLists({ ctx: { route }, engine, queries, guard, maxSize }: Ops) {
  for (const [url, kind, summary] of [
    [`${OPS}/list`, 'opsTasks', '运维: 运行中的任务'],
    [`${OPS}/processList`, 'opsRunning', '运维: 运行中的流程'],
    [`${OPS}/doneList`, 'opsDone', '运维: 已结束的流程'],
    [`${FLOW}/follow/list`, 'opsRunning', '流程监控: 运行中的流程'],
  ] as const) {
    route({
      method: 'GET',
      url,
      summary,
      tags,
      requires: { code: OPS_CODE },
      query: z.looseObject({ current: z.string().optional(), size: z.string().optional() }),
      handler: ({ user, req }) => queries.page(kind, user.tenantId, user.userId, req.query as Record<string, unknown>),
    });
  }

  route({
    method: 'GET',
    url: `${OPS}/processNodes`,
    summary: '运维: 流程的节点(调度目标)',
    tags,
    requires: { code: OPS_CODE },
    query: z.object({ processInstanceId: idField.optional(), taskId: idField.optional() }),
    handler: async ({ user, query }) => {
      let procInstId = query.processInstanceId;
      if (!procInstId && query.taskId) procInstId = (await guard.task(user, query.taskId)).processInstanceId;
      if (!procInstId) throw fail('缺少必要的请求参数: processInstanceId');
      const proc = await guard.instance(user, procInstId);
      const model = await engine.model(proc.procDefId);
      return [...model.nodes.values()]
        .filter((n) => n.type === 'userTask' || n.type === 'endEvent')
        .map((n) => ({ nodeId: n.id, nodeName: n.name ?? n.id, nodeType: n.type, scopeId: n.scopeId }));
    },
  });

  // ------------------------------------------------------------------ timer jobs

  // The pending timers (boundary timers of tasks) and "run now", as Flowable's admin has them. Whether a job is due
  // is judged by the engine's clock, the one its poller uses (`app.workflow.clock`, which tests move).
  route({
    method: 'GET',
    url: `${OPS}/jobs`,
    summary: '运维: 定时任务(due=true 只看到期的)',
    tags,
    requires: { code: OPS_CODE },
    query: z.object({
      current: z.coerce.number({ error: 'current必须是正整数' }).int().min(1, 'current必须是正整数').default(1),
      size: z.coerce.number({ error: 'size必须是正整数' }).int().min(1, 'size必须是正整数').default(10),
      due: z.enum(['true', 'false'], { error: '请求参数类型错误' }).optional(),
      processInstanceId: idField.optional(),
    }),
    handler: async ({ user, query }) => {
      const size = Math.min(query.size, await maxSize(user.tenantId));
      const { rows, total } = await engine.jobPage(user.tenantId, {
        ...(query.due ? { due: query.due === 'true' } : {}),
        ...(query.processInstanceId ? { processInstanceId: query.processInstanceId } : {}),
        limit: size,
        offset: (query.current - 1) * size,
      });
      return page(rows, total, query.current, size);
    },
  });
}
