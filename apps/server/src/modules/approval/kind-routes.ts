/**
 * The routes of an approvable definition at one of its urls (kit.ts): the generic entity routes, then the kit's own
 * list and detail (the people in a record's process read it; `visible`), `get/process_his/{id}` and `start`.
 */
import { maskSecrets, type EntityDef } from '@hjl/core';
import { eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { approvalColumnsOf } from '../../platform/crud/table.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { page } from '../../platform/http/envelope.ts';
import { fail, forbidden } from '../../platform/http/errors.ts';
import { parseListQuery } from '../../platform/http/query.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { idField } from '../workflow/api.ts';
import type { Approvable } from './kind.ts';

const idQuery = z.object({ id: idField.optional(), businessId: idField.optional(), processInstanceId: idField.optional() });
const hisParams = z.object({ id: idField });
const hisQuery = z.looseObject({ current: z.string().optional(), size: z.string().optional() });
const HIS_PAGING = { filterable: new Map(), sortable: new Set<string>(), maxSize: 10_000 };

export function registerApprovableRoutes<D extends EntityDef>(k: Approvable<D>, api: string, start: (user: AuthUser, body: unknown) => Promise<Row>) {
  const { ctx, def, table, opts, repo, codes, businessKey, visibleConds, instancesOf, readable } = k;
  const { services } = k;
  const { wf } = services;
  const tags = [def.label.zh];
  const cols = table;
  const approvalCols = approvalColumnsOf(table);
  const generic = ctx.repo({ ...def, api, routes: def.routes.filter((r) => r !== 'list' && r !== 'page' && r !== 'detail') }, table, opts.parent);
  /** The start route, also at the urls of `startAt`. */
  const startRoute: typeof ctx.route = (o) => {
    for (const url of [o.url, ...(api === def.api ? (opts.startAt ?? []) : [])]) ctx.route({ ...o, url });
  };
  registerEntityRoutes(ctx.route, generic, ctx.access, {
    ...opts,
    async beforeRemove(user, ids) {
      if (opts.visible) {
        // Records of the caller's scope that are not theirs are refused (ids of nobody: the remove answers).
        const count = (extra: SQL[]) => repo.count(user, [inArray(cols.id, ids), ...extra]);
        if ((await count(await opts.visible(user))) < (await count([]))) throw forbidden('只能删除自己的数据');
      }
      await opts.beforeRemove?.(user, ids);
    },
  });

  if (def.routes.includes('list') || def.routes.includes('page')) {
    for (const r of def.routes.filter((x) => x === 'list' || x === 'page')) {
      ctx.route({
        method: 'GET',
        url: `${api}/${r}`,
        summary: `${def.label.zh}分页`,
        tags,
        requires: { code: codes.view },
        query: z.looseObject({ current: z.string().optional(), size: z.string().optional() }),
        handler: async ({ user, req }) => {
          const p = await repo.page(user, req.query as Record<string, unknown>, await visibleConds(user));
          const named = await repo.withNames(user, p.records);
          const records = opts.decorateRows ? await opts.decorateRows(user, named) : named;
          return { ...p, records: records.map((r) => maskSecrets(def, r)) };
        },
      });
    }
  }

  if (def.routes.includes('detail')) {
    ctx.route({
      method: 'GET',
      url: `${api}/detail`,
      summary: `${def.label.zh}详情(id、businessId 或 processInstanceId;流程中的人员也可查看)`,
      tags,
      requires: 'user',
      query: idQuery,
      handler: async ({ user, query }) => {
        const id = query.id ?? query.businessId;
        if (!id && !query.processInstanceId) throw fail('缺少必要的请求参数: id');
        const row = await readable(user, id ? [eq(cols.id, id)] : [eq(approvalCols.processInstanceId, query.processInstanceId)]);
        const named = firstRow(await repo.withNames(user, [row]), `${def.table} detail names`);
        const decorated = maskSecrets(def, opts.decorate ? await opts.decorate(user, named) : named);
        const procInstId = row.processInstanceId ? String(row.processInstanceId) : null;
        const proc = procInstId ? await wf.engine.processInstance(user.tenantId, procInstId) : null;
        const tasks = procInstId && proc && !proc.endTime ? await wf.engine.tasks(user.tenantId, procInstId) : [];
        return {
          ...decorated,
          businessKey: businessKey(String(row.id)),
          processIsFinished: proc?.status ?? null,
          serialNumber: proc?.serialNumber ?? null,
          tasks: tasks.map((t) => ({ taskId: t.id, taskName: t.name, taskDefinitionKey: t.taskDefKey, assignee: t.assignee })),
        };
      },
    });
  }

  ctx.route({
    method: 'GET',
    url: `${api}/get/process_his/:id`,
    summary: `${def.label.zh}审批历史(每次提交的流程,新的在前,含流转记录)`,
    tags,
    requires: 'user',
    query: hisQuery,
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(hisParams, req.params);
      await readable(user, [eq(cols.id, id)]);
      const all = await instancesOf(user.tenantId, id);
      // The specs fetch it whole (current 1, size 10000, S1 L128); bad paging is a Chinese 400.
      const q = req.query as { current?: string; size?: string };
      const { current, size } = parseListQuery({ current: q.current, size: q.size }, HIS_PAGING);
      const slice = all.slice((current - 1) * size, current * size);
      const records = [];
      for (const p of slice) {
        records.push({
          processInstanceId: p.id,
          processDefinitionId: p.procDefId,
          processDefinitionKey: p.procDefKey,
          processDefinitionName: p.procDefName,
          processDefinitionVersion: p.procDefVersion,
          serialNumber: p.serialNumber,
          title: p.title,
          startUser: p.startUserId,
          startUserName: p.startUserName,
          startTime: p.startTime,
          endTime: p.endTime,
          processIsFinished: p.status,
          deleteReason: p.deleteReason,
          flow: await services.history.timeline(user.tenantId, p.id),
        });
      }
      return page(records, all.length, current, size);
    },
  });

  startRoute({
    method: 'POST',
    url: `${api}/start`,
    summary: `${def.label.zh}保存并提交审批(带 id: 驳回或撤回后重新提交)`,
    tags,
    requires: { code: codes.add },
    msg: '发起成功',
    handler: ({ user, req }) => start(user, req.body),
  });
}
