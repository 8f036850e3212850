/**
 * 数据模型 and 代码生成 (S2 L405-407, BUSINESS.md §6 WP8 blade-develop): models read from a data source (source.ts),
 * their columns as the generated list, form and search show them (model-prototype), generation settings (code),
 * and `gen-code`, which answers a zip of the files emit.ts writes — this codebase's shape, not Java.
 */
import { codeEntity, modelEntity, modelPrototypeEntity, type RowOf } from '@hjl/core';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../../platform/auth/user.ts';
import { registerEntityRoutes } from '../../../platform/crud/routes.ts';
import type { EntityRepo } from '../../../platform/crud/repo.ts';
import { zipStream } from '../../../platform/files/zip.ts';
import { fail, notFound } from '../../../platform/http/errors.ts';
import { idField, idsField } from '../../../platform/http/params.ts';
import type { ModuleContext } from '../../../platform/module.ts';
import { codes, modelPrototypes, models } from '../schema.ts';
import { AUDIT_COLUMNS, fieldTypeOf, generateFiles, namesOf, type PrototypeSpec } from './emit.ts';
import { COPY_CODE, GEN_CODE } from './codes.ts';
import { columnsOf, tablesOf, type SourceDeps } from './source.ts';

const MODEL = modelEntity.api;
const PROTO = modelPrototypeEntity.api;
const CODE = codeEntity.api;

type ModelOf = (user: AuthUser, id: string) => Promise<{ id: string; datasourceId: string | null; modelName: string; modelTable: string }>;

/** A model's column as the generator reads it. */
interface Prototype extends Omit<PrototypeSpec, 'maxLength'> {
  modelId: string;
  isRow: number;
  componentType: string | null;
  queryType: string | null;
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

const prototypeRow = z.object({
  jdbcName: z
    .string({ message: '请输入列名' })
    .regex(/^[a-z_][a-z0-9_]*$/, '列名只能包含小写字母、数字和下划线')
    .max(64),
  jdbcType: z.string().max(64).optional(),
  comment: z.string().max(255).nullish(),
  propertyType: z.enum(['string', 'text', 'int', 'id', 'money', 'date', 'datetime'], { message: '字段类型不正确' }).nullish(),
  propertyName: z
    .string()
    .regex(/^[a-z][a-zA-Z0-9]*$/, '字段名须以小写字母开头,只含字母和数字')
    .max(64)
    .nullish(),
  isList: z.coerce.number().int().min(0).max(1).optional(),
  isForm: z.coerce.number().int().min(0).max(1).optional(),
  isRow: z.coerce.number().int().min(0).max(1).optional(),
  componentType: z.string().max(32).nullish(),
  dictCode: z.string().max(64).nullish(),
  isRequired: z.coerce.number().int().min(0).max(1).optional(),
  isQuery: z.coerce.number().int().min(0).max(1).optional(),
  queryType: z.string().max(16).nullish(),
});

export function registerCodegen(ctx: ModuleContext, deps: { datasources: EntityRepo; allowed: Set<string> }) {
  const { route, access, database } = ctx;
  const db = database.db;
  const source: SourceDeps = { database, datasources: deps.datasources, allowed: deps.allowed };
  const modelRepo = ctx.repo(modelEntity, models);
  const protoRepo = ctx.repo(modelPrototypeEntity, modelPrototypes);
  const modelTags = [modelEntity.label.zh];

  /** The caller's model; its name and table are required on every write. */
  const modelOf: ModelOf = async (user, id) => {
    const m = await modelRepo.detail(user, id);
    if (!m) throw notFound('数据模型不存在');
    return { id: m.id, datasourceId: m.datasourceId, modelName: m.modelName ?? '', modelTable: m.modelTable ?? '' };
  };

  registerEntityRoutes(route, modelRepo, access, {
    // The table must be one the data source has (its columns are read now, so a typo fails here).
    beforeWrite: async (user, data) => {
      if (typeof data.modelTable === 'string') await columnsOf(source, user, (data.datasourceId as string | null) ?? null, data.modelTable);
      if (!data.modelClass && typeof data.modelTable === 'string') data.modelClass = camel(data.modelTable);
    },
    afterWrite: async (user, { op, ids }) => {
      if (op === 'remove') await db.delete(modelPrototypes).where(and(eq(modelPrototypes.tenantId, user.tenantId), inArray(modelPrototypes.modelId, ids)));
    },
  });

  route({
    method: 'GET',
    url: `${MODEL}/table-list`,
    summary: '数据源的数据表',
    tags: modelTags,
    requires: { code: modelEntity.name },
    query: z.object({ datasourceId: idField().optional() }),
    handler: async ({ user, query }) => tablesOf(source, user, query.datasourceId),
  });
  route({
    method: 'GET',
    url: `${MODEL}/table-info`,
    summary: '数据表的字段',
    tags: modelTags,
    requires: { code: modelEntity.name },
    query: z.object({ tableName: z.string({ message: '请选择数据表' }).max(64), datasourceId: idField().optional() }),
    handler: async ({ user, query }) => columnsOf(source, user, query.datasourceId, query.tableName),
  });

  /** The model's saved columns, or — none saved yet — its table's columns with the defaults. */
  const prototypesOf = async (user: AuthUser, modelId: string): Promise<Prototype[]> => {
    const model = await modelOf(user, modelId);
    // At most 300 columns (submit-list's limit), in the order saved.
    const saved = (await protoRepo.page(user, { size: '300' }, [eq(modelPrototypes.modelId, modelId)], 300)).records;
    if (saved.length)
      return saved.map((p) => ({
        modelId,
        jdbcName: p.jdbcName ?? '',
        jdbcType: p.jdbcType ?? '',
        comment: p.comment,
        propertyType: p.propertyType,
        propertyName: p.propertyName,
        isList: p.isList ?? 1,
        isForm: p.isForm ?? 1,
        isRow: p.isRow ?? 0,
        componentType: p.componentType,
        dictCode: p.dictCode,
        isRequired: p.isRequired ?? 0,
        isQuery: p.isQuery ?? 0,
        queryType: p.queryType,
      }));
    const cols = await columnsOf(source, user, model.datasourceId, model.modelTable);
    return cols
      .filter((c) => !(AUDIT_COLUMNS as readonly string[]).includes(c.name))
      .map((c) => ({
        modelId,
        jdbcName: c.name,
        jdbcType: c.dataType,
        comment: c.comment || c.name,
        propertyType: fieldTypeOf(c.dataType, c.name),
        propertyName: camel(c.name),
        isList: 1,
        isForm: 1,
        isRow: 0,
        componentType: 'input',
        dictCode: null,
        isRequired: c.nullable ? 0 : 1,
        isQuery: 0,
        queryType: 'like',
      }));
  };

  route({
    method: 'GET',
    url: `${MODEL}/model-prototype`,
    summary: '模型的字段(未保存时取数据表的字段)',
    tags: modelTags,
    requires: { code: modelEntity.name },
    query: z.object({ modelId: idField() }),
    handler: async ({ user, query }) => prototypesOf(user, query.modelId),
  });
  route({
    method: 'GET',
    url: `${PROTO}/select`,
    summary: '模型字段下拉数据',
    tags: modelTags,
    requires: { code: modelEntity.name },
    query: z.object({ modelId: idField() }),
    handler: async ({ user, query }) => (await prototypesOf(user, query.modelId)).map((p) => ({ jdbcName: p.jdbcName, comment: p.comment })),
  });
  route({
    method: 'POST',
    url: `${PROTO}/submit-list`,
    summary: '保存模型的字段',
    tags: modelTags,
    requires: { code: `${modelEntity.name}_edit` },
    body: z
      .array(prototypeRow.extend({ modelId: idField() }), { message: '请提交模型字段' })
      .min(1, '请提交模型字段')
      .max(300),
    handler: async ({ user, body }) => {
      const modelId = body[0]?.modelId ?? '';
      if (body.some((p) => p.modelId !== modelId)) throw fail('一次只能保存一个模型的字段');
      const model = await modelOf(user, modelId);
      const columns = new Set((await columnsOf(source, user, model.datasourceId, model.modelTable)).map((c) => c.name));
      const unknown = body.find((p) => !columns.has(p.jdbcName));
      if (unknown) throw fail(`数据表${model.modelTable}没有列: ${unknown.jdbcName}`);
      await db.transaction(async (tx) => {
        await tx.delete(modelPrototypes).where(and(eq(modelPrototypes.tenantId, user.tenantId), eq(modelPrototypes.modelId, modelId)));
        for (const p of body) {
          const w = await protoRepo.prepareWrite(user, { ...p, modelId });
          await w.write(tx);
        }
      });
      return {};
    },
  });

  registerCodes(ctx, { modelOf, prototypesOf, source });
}

/** 代码生成: the settings, `copy`, and `gen-code`'s zip of the files emit.ts writes. */
function registerCodes(
  ctx: ModuleContext,
  { modelOf, prototypesOf, source }: { modelOf: ModelOf; prototypesOf: (user: AuthUser, modelId: string) => Promise<Prototype[]>; source: SourceDeps },
) {
  const { route, access } = ctx;
  const codeRepo = ctx.repo(codeEntity, codes);
  const codeTags = [codeEntity.label.zh];
  registerEntityRoutes(route, codeRepo, access, {
    beforeWrite: async (user, data) => {
      if (typeof data.modelId !== 'string') return;
      const model = await modelOf(user, data.modelId);
      data.tableName = model.modelTable;
    },
  });

  route({
    method: 'POST',
    url: `${CODE}/copy`,
    summary: '复制代码生成配置',
    tags: codeTags,
    requires: { code: COPY_CODE },
    query: z.object({ id: idField() }),
    handler: async ({ user, query }) => {
      const c = await codeRepo.detail(user, query.id);
      if (!c) throw notFound('代码生成配置不存在');
      const { id: _id, tenantId: _t, createUser: _cu, createDept: _cd, createTime: _ct, updateUser: _uu, updateTime: _ut, isDeleted: _d, ...fields } = c;
      return { id: await codeRepo.insert(user, { ...fields, codeName: `${c.codeName}(副本)`.slice(0, 64) }) };
    },
  });

  route({
    method: 'POST',
    url: `${CODE}/gen-code`,
    summary: '生成代码(本系统的实体定义、数据表、模块注册、菜单与页面, zip)',
    tags: codeTags,
    requires: { code: GEN_CODE },
    query: z.object({ ids: idsField({ max: 20 }), system: z.string().max(16).optional() }),
    // A download: the browser sends the token in the query (API.md, Headers).
    queryToken: true,
    raw: true,
    handler: async ({ user, query, reply }) => {
      const files = [];
      for (const id of query.ids) files.push(...(await filesOf(user, id)));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('代码生成.zip')}`)
        .send(
          zipStream(
            files.map((f) => ({ name: f.name, data: Buffer.from(f.data, 'utf8') })),
            { paths: true },
          ),
        );
    },
  });

  /** The files of one generation setting: its model's table must carry the base columns the entity layer keeps. */
  const filesOf = async (user: AuthUser, id: string) => {
    const c = (await codeRepo.detail(user, id)) as RowOf<typeof codeEntity> | undefined;
    if (!c) throw notFound('代码生成配置不存在');
    const model = await modelOf(user, c.modelId ?? '');
    const columns = await columnsOf(source, user, model.datasourceId, model.modelTable);
    const have = new Set(columns.map((col) => col.name));
    const missing = AUDIT_COLUMNS.filter((a) => !have.has(a));
    if (missing.length) throw fail(`数据表${model.modelTable}缺少基础字段: ${missing.join(', ')}`);
    const lengths = new Map(columns.map((col) => [col.name, col.maxLength]));
    const prototypes: PrototypeSpec[] = (await prototypesOf(user, model.id)).map((p) => ({ ...p, maxLength: lengths.get(p.jdbcName) ?? null }));
    const spec = {
      codeName: c.codeName ?? model.modelName,
      tableName: model.modelTable,
      tablePrefix: c.tablePrefix ?? '',
      serviceName: c.serviceName ?? 'business',
      apiPath: c.apiPath ?? null,
      webPath: c.webPath ?? null,
      author: c.author ?? null,
      modelName: model.modelName,
      prototypes,
    };
    if (!namesOf(spec).ident) throw fail('表名去掉前缀后为空,请修改表前缀');
    return generateFiles(spec);
  };
}
