/**
 * Process definitions and deployments (/api/blade-flow/manager/*, /api/blade-workflow/deployment/* and the spec's
 * design/deployment/*): pages, suspend and activate, upload and check, remove, change category — the caller's tenant
 * only (a platform administrator may deploy to others).
 */
import { z } from 'zod';
import { isPlatformAdmin, type AuthUser } from '../../platform/auth/user.ts';
import { fail, forbidden } from '../../platform/http/errors.ts';
import { page } from '../../platform/http/envelope.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { findTenant } from '../tenant/api.ts';
import { categoryAndBelow, categoryNameOf, tenantCategories } from './design-catalog.ts';
import { idListField, inputOf } from './access.ts';
import { DEPLOY, DESIGN_DEPLOY, FLOW, listParams, tags, type Ops } from './ops-context.ts';

/** What the definition and deployment routes share: ids checked to be the tenant's, suspend or activate. */
function deploymentKit({ engine }: Ops) {
  const definitions = async (user: AuthUser, ids: string[]) => {
    if ((await engine.definitionIdsOf(user.tenantId, ids)).length !== new Set(ids).size) throw fail('流程定义不存在');
    return ids;
  };
  const suspendDefs = async (user: AuthUser, ids: string[], state: string | number) => {
    const suspend = ['suspend', 'suspended', '2', 2].includes(state);
    const active = ['active', '1', 1].includes(state);
    if (!suspend && !active) throw fail('状态只能是 active 或 suspend');
    for (const id of ids) await engine.setDefinitionSuspended(user.tenantId, id, suspend);
  };
  /** Deployments of the caller's tenant among ids; refused while an instance of them runs. */
  const removeDeployments = (user: AuthUser, ids: string[]) => engine.removeDeployments(user.tenantId, ids);
  /** Definitions of the caller's deployments among ids. */
  const defsOfDeployments = async (user: AuthUser, ids: string[]) => {
    const defs = await engine.deploymentDefinitions(user.tenantId, ids);
    if (!defs) throw fail('部署不存在');
    return defs;
  };
  return { definitions, suspendDefs, removeDeployments, defsOfDeployments };
}

/** 流程管理: the definitions page, suspend/activate, delete a deployment, upload and check BPMN files. */
export function registerDefinitionRoutes(ops: Ops) {
  const {
    ctx: { route, database },
    wf,
    engine,
    maxSize,
  } = ops;
  const { definitions, suspendDefs, removeDeployments } = deploymentKit(ops);
  route({
    method: 'GET',
    url: `${FLOW}/manager/list`,
    summary: '流程管理: 流程定义',
    tags,
    requires: { code: 'wf_deployment' },
    query: listParams.loose(),
    handler: async ({ user, query }) => {
      const size = Math.min(query.size, await maxSize(user.tenantId));
      const key = query.key ?? query.processDefinitionKey;
      const categories = await tenantCategories(wf.db, user.tenantId);
      const { rows, total } = await engine.definitionPage(user.tenantId, {
        ...(query.category ? { categories: categoryAndBelow(categories, query.category) } : {}),
        ...(key ? { key } : {}),
        ...(query.name ? { name: query.name } : {}),
        limit: size,
        offset: (query.current - 1) * size,
      });
      return page(
        rows.map((r) => ({ ...r, categoryName: categoryNameOf(categories, r.category as string | null) ?? null })),
        total,
        query.current,
        size,
      );
    },
  });

  /** Definitions of the caller's tenant among ids (unknown ones refused). */
  route({
    method: 'POST',
    url: `${FLOW}/manager/change-state`,
    summary: '流程管理: 挂起/激活流程定义',
    tags,
    requires: { code: 'wf_deployment_status' },
    query: z.looseObject({ processId: z.string().optional(), state: z.string().optional() }),
    handler: async ({ user, req }) => {
      const b = parseOrFail(
        z.looseObject({
          processId: idListField('缺少必要的请求参数: processId'),
          state: z.union([z.string(), z.number()], { error: '缺少必要的请求参数: state' }),
        }),
        inputOf(req),
      );
      await suspendDefs(user, await definitions(user, b.processId), b.state);
    },
  });

  route({
    method: 'POST',
    url: `${FLOW}/manager/delete-deployment`,
    summary: '流程管理: 删除部署',
    tags,
    requires: { code: 'wf_deployment_delete' },
    msg: '删除成功',
    query: z.looseObject({ deploymentIds: z.string().optional() }),
    handler: async ({ user, req }) =>
      removeDeployments(user, parseOrFail(z.looseObject({ deploymentIds: idListField('缺少必要的请求参数: deploymentIds') }), inputOf(req)).deploymentIds),
  });

  route({
    method: 'POST',
    url: `${FLOW}/manager/deploy-upload`,
    summary: '流程管理: 上传部署BPMN(multipart: category, tenantIds, files)',
    tags,
    requires: { code: 'wf_deployment_upload' },
    msg: '部署成功',
    handler: async ({ user, req }) => {
      if (!req.isMultipart()) throw fail('请上传流程文件');
      const fields: Record<string, string> = {};
      const files: { name: string; xml: string }[] = [];
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const buf = await part.toBuffer();
          if (!/\.(bpmn|xml|bpmn20\.xml)$/i.test(part.filename)) throw fail(`不支持的文件类型: ${part.filename.slice(0, 80)}，请上传 .bpmn 或 .xml 文件`);
          files.push({ name: part.filename, xml: buf.toString('utf8') });
        } else fields[part.fieldname] = String(part.value);
      }
      if (!files.length) throw fail('请上传流程文件');
      const category = fields.category?.trim() || undefined;
      const tenantIds = [
        ...new Set(
          (fields.tenantIds ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (!tenantIds.length) tenantIds.push(user.tenantId);
      for (const t of tenantIds) {
        if (t !== user.tenantId && !isPlatformAdmin(user)) throw forbidden('只有平台管理员可以部署到其他租户');
        if (!/^\d{6}$/.test(t) || !(await findTenant(database.db, t))) throw fail(`租户 ${t.slice(0, 20)} 不存在`);
      }
      const out = [];
      for (const t of tenantIds) {
        for (const f of files) {
          const d = await engine.deploy(t, f.xml, { resourceName: f.name, deployUser: user.userId, ...(category ? { category } : {}) });
          out.push({ tenantId: t, deploymentId: d.deploymentId, definitions: d.definitions });
        }
      }
      return out;
    },
  });

  route({
    method: 'POST',
    url: `${FLOW}/manager/check-upload`,
    summary: '流程管理: 检查上传的流程文件(multipart: file)',
    tags,
    requires: { code: 'wf_deployment_upload' },
    handler: async ({ user, req }) => {
      if (!req.isMultipart()) throw fail('请上传流程文件');
      let file: { name: string; xml: string } | undefined;
      for await (const part of req.parts()) {
        if (part.type !== 'file') continue;
        const buf = await part.toBuffer();
        if (!file) file = { name: part.filename, xml: buf.toString('utf8') };
      }
      if (!file) throw fail('请上传流程文件');
      // As BladeX: the file's name and whether it may be deployed (the deploy's own checks), with the reason when not.
      const suffix = /\.(bpmn|xml|bpmn20\.xml)$/i.test(file.name);
      const problem = suffix ? await engine.checkModel(user.tenantId, file.xml) : `不支持的文件类型: ${file.name.slice(0, 80)}，请上传 .bpmn 或 .xml 文件`;
      return { name: file.name, success: !problem, ...(problem ? { msg: problem } : {}) };
    },
  });
}

/** 部署管理 under the product's path and the spec's (design/deployment). */
export function registerDeploymentRoutes(ops: Ops) {
  const {
    ctx: { route },
    wf,
    engine,
    queries,
    maxSize,
  } = ops;
  const { suspendDefs, removeDeployments, defsOfDeployments } = deploymentKit(ops);
  for (const base of [DEPLOY, DESIGN_DEPLOY]) {
    route({
      method: 'GET',
      url: `${base}/list`,
      summary: '部署管理: 部署列表',
      tags,
      requires: { code: 'wf_deployment' },
      query: listParams.loose(),
      handler: async ({ user, query }) => {
        const size = Math.min(query.size, await maxSize(user.tenantId));
        const { rows, total } = await engine.deploymentPage(user.tenantId, {
          ...(query.category ? { categories: categoryAndBelow(await tenantCategories(wf.db, user.tenantId), query.category) } : {}),
          ...(query.name ? { name: query.name } : {}),
          limit: size,
          offset: (query.current - 1) * size,
        });
        const names = await queries.names(
          user.tenantId,
          rows.map((r) => String(r.deployUser ?? '')),
        );
        return page(
          rows.map((r) => ({ ...r, deployUserName: names.get(String(r.deployUser ?? '')) ?? null })),
          total,
          query.current,
          size,
        );
      },
    });
    route({
      method: 'POST',
      url: `${base}/remove`,
      summary: '部署管理: 删除部署',
      tags,
      requires: { code: 'wf_deployment_delete' },
      msg: '删除成功',
      query: z.looseObject({ ids: z.string().optional() }),
      handler: async ({ user, req }) => removeDeployments(user, parseOrFail(z.looseObject({ ids: idListField('缺少必要的请求参数: ids') }), inputOf(req)).ids),
    });
    route({
      method: 'POST',
      url: `${base}/changeStatus`,
      summary: '部署管理: 挂起/激活',
      tags,
      requires: { code: 'wf_deployment_status' },
      query: z.looseObject({ ids: z.string().optional(), status: z.string().optional() }),
      handler: async ({ user, req }) => {
        const b = parseOrFail(
          z.looseObject({ ids: idListField('缺少必要的请求参数: ids'), status: z.union([z.string(), z.number()], { error: '缺少必要的请求参数: status' }) }),
          inputOf(req),
        );
        await suspendDefs(user, await defsOfDeployments(user, b.ids), b.status);
      },
    });
    route({
      method: 'POST',
      url: `${base}/changeCategory`,
      summary: '部署管理: 变更分类',
      tags,
      requires: { code: 'wf_deployment_category' },
      query: z.looseObject({ ids: z.string().optional(), category: z.string().optional() }),
      handler: async ({ user, req }) => {
        const b = parseOrFail(
          z.looseObject({ ids: idListField('缺少必要的请求参数: ids'), category: z.string({ error: '请选择流程分类' }).min(1, '请选择流程分类').max(255) }),
          inputOf(req),
        );
        await defsOfDeployments(user, b.ids);
        await engine.setDeploymentCategory(user.tenantId, b.ids, b.category);
      },
    });
  }
}
