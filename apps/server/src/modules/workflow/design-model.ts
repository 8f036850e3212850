/**
 * Model designs (/api/blade-workflow/design/model, and the same models under /api/blade-flow/model) with
 * their history versions (/design/model/history). Every save of the XML writes a new version; the model row
 * holds the main version; any history version can be made the main one again. Deploy hands the main version's
 * XML and a snapshot of its forms to the engine through `ModelDeployer` and records what was deployed.
 */
import {
  parseFormColumns,
  permissionCodes,
  SERIAL_CYCLES,
  serialRuleError,
  submitSchema,
  wfModelEntity,
  wfModelHistoryEntity,
  type FormColumn,
  type SerialCycle,
  type SerialRule,
} from '@hjl/core';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, max, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { assertMayWrite, registerEntityRoutes } from '../../platform/crud/routes.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { blankBpmn, readBpmn, type BpmnInfo } from './design-bpmn.ts';
import { checkCategory, registerChangeCategory, withCategoryNames, writable } from './design-form.ts';
import { requireId } from './design-shared.ts';
import { checkUnique, insertRow, registerVersionHistory } from './design-shared.ts';
import { wfDeployForms, wfForms, wfModelHistories, wfModels, wfModelScopes } from './schema.ts';

/** A form as deployed with a process definition: the main version of the form design at deploy time. */
export interface FormSnapshot {
  formKey: string;
  name: string;
  version: number;
  columns: FormColumn[];
}

/**
 * What the design routes need of the engine: deploy a model's XML for a tenant. The engine's
 * `WorkflowEngine.deploy` is wired in here when the engine is merged (see `setModelDeployer`).
 */
export interface ModelDeployer {
  deploy(
    tenantId: string,
    xml: string,
    opts: { name: string; category?: string; forms: FormSnapshot[] },
  ): Promise<{ deploymentId: string; processDefinitionId: string }>;
}

/** Until an engine is wired in, deploying is refused with a clear message (nothing is recorded). */
export const noEngineDeployer: ModelDeployer = {
  deploy: () => Promise.reject(fail('流程引擎未启用,暂不能部署')),
};

const deployers = new WeakMap<FastifyInstance, ModelDeployer>();

/** Wires the engine (or a test double) into the design routes of an app. */
export function setModelDeployer(app: FastifyInstance, deployer: ModelDeployer) {
  deployers.set(app, deployer);
}

/** Fields of a model a caller writes; the XML comes beside them, version and deploy columns are the server's. */
const MODEL_FIELDS = [
  'modelKey',
  'name',
  'categoryId',
  'icon',
  'formKey',
  'description',
  'serialPrefix',
  'serialDateFormat',
  'serialLength',
  'serialStart',
  'serialCycle',
];

const optionalIdText = z.union([z.string(), z.number()]).transform(String).optional();

export function registerDesignModel(ctx: ModuleContext) {
  registerModelRoutes(ctx, wfModelEntity.api, 'all');
  // BladeX's older flow service names the same models (spec 2 section 7: model list, remove, deploy, submit, detail).
  registerModelRoutes(ctx, '/api/blade-flow/model', 'flow');
  registerModelHistory(ctx);
}

function registerModelRoutes(ctx: ModuleContext, api: string, which: 'all' | 'flow') {
  const { route, access, app } = ctx;
  const db = ctx.database.db;
  const def = { ...wfModelEntity, api };
  const repo = ctx.repo(def, wfModels);
  const codes = permissionCodes(wfModelEntity);
  const body = submitSchema(writable(wfModelEntity, MODEL_FIELDS));
  const tags = ['模型设计'];
  const t = wfModels;
  const h = wfModelHistories;

  registerEntityRoutes(route, repo, access, {
    ...withCategoryNames(db, 'xml'),
    async beforeRemove(user, ids) {
      // History versions and start permissions go with their model (only the caller's models).
      const mine = (
        await db
          .select({ id: t.id })
          .from(t)
          .where(and(...(await repo.scope(user)), inArray(t.id, ids)))
      ).map((m) => String(m.id));
      if (!mine.length) return;
      for (const [table, column] of [
        [h, h.modelId],
        [wfModelScopes, wfModelScopes.modelId],
      ] as const) {
        await db
          .update(table)
          .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` })
          .where(and(eq(table.tenantId, user.tenantId), inArray(column, mine)));
      }
    },
  });

  route({
    method: 'POST',
    url: `${api}/submit`,
    summary: '模型新增或修改(保存XML时生成新版本)',
    tags,
    requires: { anyOf: [codes.add, codes.edit] },
    body: z.looseObject({ xml: z.unknown().optional(), versionRemark: z.unknown().optional() }),
    handler: async ({ user, body: raw }) => {
      const data = parseOrFail(body, raw) as Row & { id?: string };
      const id = data.id;
      await assertMayWrite(access, user, wfModelEntity, !!id);
      const current = id ? await repo.detail(user, id) : undefined;
      if (id && !current) throw fail('数据不存在或已被删除');

      let xml: string | undefined;
      let info: BpmnInfo | undefined;
      if (raw.xml !== undefined && raw.xml !== null && raw.xml !== '') {
        if (typeof raw.xml !== 'string') throw fail('流程XML必须是文本');
        xml = raw.xml;
        info = await readBpmn(xml);
        if (data.modelKey && data.modelKey !== info.processId) throw fail(`模型标识(${String(data.modelKey)})与流程标识(${info.processId})不一致`);
      } else if (!current) {
        // A new model from the dialog: an empty process named by its key, for the designer to open.
        if (!data.modelKey) throw fail('请输入模型标识');
        xml = blankBpmn(String(data.modelKey), String(data.name));
        info = { processId: String(data.modelKey), processName: String(data.name), formKeys: [] };
      } else if (data.modelKey && data.modelKey !== current.modelKey) {
        throw fail('模型标识即流程标识,请在流程设计中修改流程的标识');
      }

      const fields: Row = {};
      for (const f of MODEL_FIELDS) if (data[f] !== undefined) fields[f] = data[f];
      if (info) fields.modelKey = info.processId;
      await checkCategory(db, user, data.categoryId);
      checkSerialRule({ ...current, ...fields });
      await checkUnique(repo, user, 'modelKey', fields.modelKey, id, wfModelEntity.fields.modelKey.unique);

      const modelId = id ?? nextId();
      const versionRemark = typeof raw.versionRemark === 'string' ? raw.versionRemark.slice(0, 255) : null;
      await db.transaction(async (tx) => {
        let version = current ? Number(current.version ?? 0) : 0;
        if (xml !== undefined) {
          const [top] = await tx
            .select({ v: max(h.version) })
            .from(h)
            .where(and(eq(h.tenantId, user.tenantId), eq(h.modelId, modelId)));
          version = Number(top?.v ?? 0) + 1;
          Object.assign(fields, { xml, version });
        }
        if (current) await repo.updateMany(user, [modelId], fields, tx);
        else await insertRow(tx, t, user, modelId, fields);
        if (xml !== undefined) {
          await insertRow(tx, h, user, nextId(), {
            modelId,
            modelKey: fields.modelKey ?? current?.modelKey,
            name: fields.name ?? current?.name,
            xml,
            version,
            remark: versionRemark,
          });
        }
      });
      return { id: modelId };
    },
  });

  route({
    method: 'POST',
    url: `${api}/deploy`,
    summary: '部署模型的主版本',
    tags,
    requires: { code: `${wfModelEntity.name}_deploy` },
    query: z.object({ id: optionalIdText, modelId: optionalIdText, category: optionalIdText, categoryId: optionalIdText }),
    handler: async ({ user, query }) => {
      const model = await repo.detail(user, requireId(query.id ?? query.modelId));
      if (!model) throw fail('模型不存在或已被删除');
      const category = query.categoryId ?? query.category ?? (model.categoryId ? String(model.categoryId) : undefined);
      if (category) await checkCategory(db, user, requireId(category, 'category'));
      const xml = String(model.xml ?? '');
      const info = await readBpmn(xml);
      const forms = await formSnapshots(user, [...(model.formKey ? [String(model.formKey)] : []), ...info.formKeys]);

      const deployer = deployers.get(app) ?? noEngineDeployer;
      const result = await deployer.deploy(user.tenantId, xml, { name: String(model.name), ...(category ? { category } : {}), forms });
      if (!result?.deploymentId || !result.processDefinitionId) throw new Error('deployer answered no deployment');

      const version = Number(model.version ?? 0);
      const deployed = { deploymentId: String(result.deploymentId), processDefinitionId: String(result.processDefinitionId), deployTime: sql`now()` };
      await db.transaction(async (tx) => {
        await repo.updateMany(user, [String(model.id)], { ...deployed, deployedVersion: version, ...(category ? { categoryId: category } : {}) }, tx);
        await tx
          .update(h)
          .set(deployed)
          .where(and(eq(h.tenantId, user.tenantId), eq(h.modelId, String(model.id)), eq(h.version, version), eq(h.isDeleted, 0)));
        if (forms.length) {
          await tx.insert(wfDeployForms).values(
            forms.map((f) => ({
              id: nextId(),
              tenantId: user.tenantId,
              deploymentId: deployed.deploymentId,
              processDefinitionId: deployed.processDefinitionId,
              modelId: String(model.id),
              modelVersion: version,
              formKey: f.formKey,
              formName: f.name,
              formVersion: f.version,
              content: JSON.stringify(f.columns),
              createUser: user.userId,
            })),
          );
        }
      });
      return { deploymentId: deployed.deploymentId, processDefinitionId: deployed.processDefinitionId, version };
    },
  });

  /** The main versions of the forms a model names, or 400 naming those that do not exist. */
  const formSnapshots = async (user: AuthUser, keys: string[]): Promise<FormSnapshot[]> => {
    const wanted = [...new Set(keys)];
    if (!wanted.length) return [];
    const rows = await db
      .select({ formKey: wfForms.formKey, name: wfForms.name, version: wfForms.version, content: wfForms.content })
      .from(wfForms)
      .where(and(eq(wfForms.tenantId, user.tenantId), eq(wfForms.isDeleted, 0), inArray(wfForms.formKey, wanted)));
    const byKey = new Map(rows.map((r) => [String(r.formKey), r]));
    const missing = wanted.filter((k) => !byKey.has(k));
    if (missing.length) throw fail(`流程引用的表单不存在: ${missing.join(', ')}`);
    return wanted.map((k) => {
      const f = byKey.get(k);
      if (!f) throw fail(`流程引用的表单不存在: ${k}`);
      const parsed = parseFormColumns(String(f.content ?? '[]'));
      if ('error' in parsed) throw fail(`表单「${String(f.name)}」的字段有误: ${parsed.error}`);
      return { formKey: k, name: String(f.name), version: Number(f.version ?? 0), columns: parsed.columns };
    });
  };

  if (which === 'flow') return;

  registerChangeCategory(ctx, repo, '模型变更分类', tags);

  const iconParams = z.object({ id: optionalIdText, icon: z.string().max(1000, '图标最多1000个字符').optional() });
  route({
    method: 'POST',
    url: `${api}/changeIcon`,
    summary: '模型变更图标',
    tags,
    requires: { code: codes.edit },
    query: iconParams,
    body: iconParams,
    handler: async ({ user, query, body: b }) => {
      const id = requireId(query.id ?? b.id);
      const icon = query.icon ?? b.icon;
      if (!icon) throw fail('请选择图标');
      await repo.updateMany(user, [id], { icon });
    },
  });
}

/** The model's serial-number rule (undefined when it gives none); throws its mistake as a 400. */
export function serialRuleOf(m: Row): SerialRule | undefined {
  const given = ['serialPrefix', 'serialDateFormat', 'serialLength', 'serialStart', 'serialCycle'].some(
    (f) => m[f] !== undefined && m[f] !== null && m[f] !== '',
  );
  if (!given) return undefined;
  const cycle = String(m.serialCycle ?? 'none');
  if (!SERIAL_CYCLES.includes(cycle as SerialCycle)) throw fail('流水号重置周期只能是none、day、week、month或year');
  const rule: SerialRule = {
    prefix: String(m.serialPrefix ?? ''),
    dateFormat: String(m.serialDateFormat ?? ''),
    suffixLength: Number(m.serialLength ?? 4),
    start: Number(m.serialStart ?? 1),
    cycle: cycle as SerialCycle,
  };
  const error = serialRuleError(rule);
  if (error) throw fail(error);
  return rule;
}

/** Refuses a serial-number rule that could not number anything (only when the model has one). */
function checkSerialRule(m: Row) {
  serialRuleOf(m);
}

/** The serial-number fields of a model, as `serialRuleOf` reads them. */
export type SerialRuleFields = Pick<Row, 'serialPrefix' | 'serialDateFormat' | 'serialLength' | 'serialStart' | 'serialCycle'>;

/**
 * The serial-number fields of the tenant's live model with key `key` (a column of the outer query) as one JSON
 * object, null when there is no model: for a statement that reads them with something else (the start reads them
 * with its definition, process/start.ts); `serialRuleOf` makes the rule of them. `key` must name its table.
 */
export function serialRuleFieldsOf(tenantId: string | SQLWrapper, key: SQLWrapper): SQL<SerialRuleFields | null> {
  const m = wfModels;
  // Columns named through the alias: the outer query's columns may be written unqualified.
  const c = (col: { name: string }) => sql`sm.${sql.identifier(col.name)}`;
  return sql<SerialRuleFields | null>`(SELECT json_build_object('serialPrefix', ${c(m.serialPrefix)}, 'serialDateFormat', ${c(m.serialDateFormat)},
      'serialLength', ${c(m.serialLength)}, 'serialStart', ${c(m.serialStart)}, 'serialCycle', ${c(m.serialCycle)})
    FROM ${m} sm WHERE ${c(m.tenantId)} = ${tenantId} AND ${c(m.modelKey)} = ${key} AND ${c(m.isDeleted)} = 0 LIMIT 1)`;
}

/** The serial-number rule of the tenant's model of a process key, read when an instance starts. */
export async function modelSerialRule(db: Db, tenantId: string, modelKey: string): Promise<SerialRule | undefined> {
  const [m] = await db
    .select({
      serialPrefix: wfModels.serialPrefix,
      serialDateFormat: wfModels.serialDateFormat,
      serialLength: wfModels.serialLength,
      serialStart: wfModels.serialStart,
      serialCycle: wfModels.serialCycle,
    })
    .from(wfModels)
    .where(and(eq(wfModels.tenantId, tenantId), eq(wfModels.modelKey, modelKey), eq(wfModels.isDeleted, 0)))
    .limit(1);
  return m ? serialRuleOf(m) : undefined;
}

function registerModelHistory(ctx: ModuleContext) {
  const { route, access } = ctx;
  const db = ctx.database.db;
  const repo = ctx.repo(wfModelEntity, wfModels);
  const history = ctx.repo(wfModelHistoryEntity, wfModelHistories);
  const api = wfModelHistoryEntity.api;
  const tags = ['模型设计'];
  const t = wfModels;

  registerVersionHistory({ route, access, db }, history, { table: t, parentCol: 'modelId', label: '模型', tags }, (_user, rows) =>
    rows.map(({ xml: _x, ...r }) => r),
  );

  route({
    method: 'POST',
    url: `${api}/setMainVersion`,
    summary: '设为模型主版本',
    tags,
    requires: { code: `${wfModelHistoryEntity.name}_main` },
    query: z.object({ id: optionalIdText }),
    handler: async ({ user, query }) => {
      const version = await history.detail(user, requireId(query.id));
      if (!version) throw notFound('历史版本不存在');
      const model = await repo.detail(user, String(version.modelId));
      if (!model) throw fail('模型不存在或已被删除');
      await checkUnique(repo, user, 'modelKey', version.modelKey, String(model.id), wfModelEntity.fields.modelKey.unique);
      await repo.updateMany(user, [String(model.id)], { modelKey: version.modelKey, name: version.name, xml: version.xml, version: version.version });
    },
  });
}

/** A form as a process shows it: the snapshot deployed with the definition, else the form's main version. */
export interface ProcessForm {
  formKey: string;
  formName: string;
  formVersion: number;
  /** The form's fields (JSON text, as the designer saved them). */
  content: string;
  /** True when it is the snapshot deployed with the definition. */
  deployed: boolean;
}

/**
 * The forms deployed with definitions, by tenant, definition id and form key, as read: a snapshot is written once
 * with its definition (design deploy) and never changed, and a definition id is never given again, so a snapshot
 * once read stays right on every server instance. (Only snapshots are kept: a definition deployed without one reads
 * the form's current main version, which changes, and a snapshot may still be on its way for a definition just
 * deployed.) Bounded: cleared when full.
 */
const deployedForms = new Map<string, ProcessForm>();
const MAX_DEPLOYED_FORMS = 500;

/**
 * The form `formKey` of a process definition: the copy deployed with it (so instances keep the form they
 * started with after the form is edited), else — a definition deployed without the designer — the tenant's
 * current main version; null when there is neither.
 */
export async function processForm(db: Db, tenantId: string, processDefinitionId: string, formKey: string | null | undefined): Promise<ProcessForm | null> {
  if (!formKey) return null;
  const cacheKey = `${tenantId}\u0000${processDefinitionId}\u0000${formKey}`;
  const cached = deployedForms.get(cacheKey);
  if (cached) return { ...cached };
  const [snap] = await db
    .select({ formKey: wfDeployForms.formKey, formName: wfDeployForms.formName, formVersion: wfDeployForms.formVersion, content: wfDeployForms.content })
    .from(wfDeployForms)
    .where(and(eq(wfDeployForms.tenantId, tenantId), eq(wfDeployForms.processDefinitionId, processDefinitionId), eq(wfDeployForms.formKey, formKey)))
    .orderBy(desc(wfDeployForms.createTime))
    .limit(1);
  if (snap) {
    const form = { ...snap, deployed: true };
    if (deployedForms.size >= MAX_DEPLOYED_FORMS) deployedForms.clear();
    deployedForms.set(cacheKey, form);
    return { ...form };
  }
  const [f] = await db
    .select({ formKey: wfForms.formKey, formName: wfForms.name, formVersion: wfForms.version, content: wfForms.content })
    .from(wfForms)
    .where(and(eq(wfForms.tenantId, tenantId), eq(wfForms.formKey, formKey), eq(wfForms.isDeleted, 0)))
    .limit(1);
  return f
    ? { formKey: String(f.formKey), formName: String(f.formName), formVersion: Number(f.formVersion ?? 1), content: String(f.content ?? '[]'), deployed: false }
    : null;
}
