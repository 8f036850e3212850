/**
 * Listener mappings (/api/blade-workflow/design/listener, menu 监听器映射, WORKFLOW.md "Listeners"): models
 * imported from Java systems name listener classes (`flowable:taskListener class="com.acme.ManagerTaskHandler"`);
 * the tenant's administrator maps each class name to a built-in handler with its parameters, so such a model
 * deploys and runs without a release. A model naming an unmapped class is refused at deploy, naming both.
 */
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import { page } from '../../platform/http/envelope.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { fail } from '../../platform/http/errors.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { idField, idListField, inputOf } from './access.ts';
import type { WorkflowModule } from './index.ts';

const API = '/api/blade-workflow/design/listener';
const tags = ['监听器映射'];
export const LISTENER_CODES = { view: 'wf_listener', add: 'wf_listener_add', edit: 'wf_listener_edit', remove: 'wf_listener_delete' } as const;

const JAVA_CLASS = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/** Parameters as an object of texts, or its JSON text (a form posting a text area). */
const paramsField = z.union([z.string(), z.record(z.string().max(64), z.unknown())], { error: '参数格式不正确' }).transform((v, ctx) => {
  let o: unknown = v;
  if (typeof v === 'string') {
    try {
      o = v.trim() ? JSON.parse(v) : {};
    } catch {
      o = null;
    }
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) {
    ctx.addIssue({ code: 'custom', message: '参数格式不正确' });
    return z.NEVER;
  }
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(o as Record<string, unknown>)) {
    if (x === undefined || x === null || x === '') continue;
    if (typeof x !== 'string' && typeof x !== 'number' && typeof x !== 'boolean') {
      ctx.addIssue({ code: 'custom', message: `参数 ${k.slice(0, 40)} 应为文本` });
      return z.NEVER;
    }
    out[k] = String(x).slice(0, 1000);
  }
  return out;
});

const submitBody = z.looseObject({
  id: idField.optional(),
  className: z
    .string({ error: '请输入监听器类名' })
    .trim()
    .min(1, '请输入监听器类名')
    .max(500, '监听器类名过长')
    .regex(JAVA_CLASS, '监听器类名应为 Java 类的完整名称'),
  handler: z.string({ error: '请选择处理程序' }).trim().min(1, '请选择处理程序').max(128),
  params: paramsField.optional(),
});

export function registerListenerMaps(ctx: ModuleContext, wf: WorkflowModule) {
  const { route } = ctx;
  const engine = wf.engine;
  const maxSize = (tenantId: string) => ctx.params.getInt(tenantId, 'page.maxSize', ctx.config.maxPageSize);
  const row = (r: Awaited<ReturnType<typeof engine.listenerMaps>>[number]) => {
    const info = engine.listeners.list().find((h) => h.name === r.handler);
    return { id: r.id, className: r.className, handler: r.handler, handlerName: info?.label ?? r.handler, params: r.params, updateTime: r.updateTime };
  };
  const one = async (user: AuthUser, id: string) => {
    const [r] = await engine.listenerMaps(user.tenantId, { id });
    if (!r) throw fail('数据不存在或已被删除');
    return r;
  };

  route({
    method: 'GET',
    url: `${API}/handlers`,
    summary: '可映射的内置处理程序及其参数',
    tags,
    requires: { code: LISTENER_CODES.view },
    handler: async () => engine.listeners.list(),
  });

  route({
    method: 'GET',
    url: `${API}/list`,
    summary: '监听器映射列表',
    tags,
    requires: { code: LISTENER_CODES.view },
    query: z.object({
      current: z.coerce.number({ error: 'current必须是正整数' }).int().min(1, 'current必须是正整数').default(1),
      size: z.coerce.number({ error: 'size必须是正整数' }).int().min(1, 'size必须是正整数').default(10),
      className: z.string().max(500).optional(),
    }),
    handler: async ({ user, query }) => {
      const size = Math.min(query.size, await maxSize(user.tenantId));
      const all = (await engine.listenerMaps(user.tenantId, { ...(query.className ? { className: query.className } : {}) })).map(row);
      return page(all.slice((query.current - 1) * size, query.current * size), all.length, query.current, size);
    },
  });

  route({
    method: 'GET',
    url: `${API}/detail`,
    summary: '监听器映射详情',
    tags,
    requires: { code: LISTENER_CODES.view },
    query: z.object({ id: idField }),
    handler: async ({ user, query }) => row(await one(user, query.id)),
  });

  route({
    method: 'POST',
    url: `${API}/submit`,
    summary: '新增或修改监听器映射(同一类名只映射一次)',
    tags,
    requires: { anyOf: [LISTENER_CODES.add, LISTENER_CODES.edit] },
    handler: async ({ user, req }) => {
      const b = parseOrFail(submitBody, inputOf(req));
      const info = engine.listeners.list().find((h) => h.name === b.handler);
      if (!info) throw fail(`没有名为 ${b.handler.slice(0, 40)} 的监听处理程序`);
      const params = b.params ?? {};
      const known = new Set(info.params.map((p) => p.name));
      const unknown = info.params.length ? Object.keys(params).find((k) => !known.has(k)) : undefined;
      if (unknown) throw fail(`参数 ${unknown.slice(0, 40)} 不属于处理程序 ${info.name}`);
      const missing = info.params.find((p) => p.required && !params[p.name]);
      if (missing) throw fail(`请填写参数 ${missing.label}`);
      const current = b.id ? await one(user, b.id) : undefined;
      const clash = (await engine.listenerMaps(user.tenantId)).find((r) => r.className === b.className && r.id !== current?.id);
      if (clash && current) throw fail(`监听器类 ${b.className} 已有映射`);
      await engine.mapListenerClass(user.tenantId, b.className, b.handler, params);
      if (current && current.className !== b.className) await engine.unmapListenerClasses(user.tenantId, [current.id]);
      const saved = firstRow(
        (await engine.listenerMaps(user.tenantId)).filter((r) => r.className === b.className),
        'listener mapping just saved',
      );
      return row(saved);
    },
  });

  route({
    method: 'POST',
    url: `${API}/remove`,
    summary: '删除监听器映射',
    tags,
    requires: { code: LISTENER_CODES.remove },
    query: z.looseObject({ ids: z.string().optional() }),
    handler: async ({ user, req }) => {
      const { ids } = parseOrFail(z.looseObject({ ids: idListField('缺少必要的请求参数: ids') }), inputOf(req));
      const found = await engine.listenerMaps(user.tenantId);
      if (!ids.every((id) => found.some((r) => r.id === id))) throw fail('数据不存在或已被删除');
      await engine.unmapListenerClasses(user.tenantId, ids);
    },
  });
}
