/**
 * The dictType / dictData calls of spec 2 (section 7), as views over the system dictionary: a dict type is a
 * root (type = code, name = dictValue), a dict data entry is one of its children (value = dictKey,
 * label = dictValue). `status` is the dictionary's isSealed (0 in use, 1 sealed), which is also what 0 and 1
 * mean in those calls. Every change goes through DictStore, so the rules and the lookup cache are shared.
 * `export` writes the same rows as the page (its filters, every page) to an .xlsx download.
 */
import { permissionCodes } from '@hjl/core';
import { and, asc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { idField } from '../../platform/http/params.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { sendWorkbook, writeWorkbook, type ExcelColumn } from '../../platform/excel/index.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { DictStore, LookupItem } from './store.ts';

type Rec = Row | LookupItem;

const typeView = (r: Rec) => ({ id: r.id, name: r.dictValue, type: r.code, status: r.isSealed, remark: r.remark, createTime: (r as Row).createTime });
const dataView = (r: Rec) => ({
  id: r.id,
  sort: r.sort,
  label: r.dictValue,
  value: r.dictKey,
  dictType: r.code,
  status: r.isSealed,
  colorType: r.colorType ?? '',
  cssClass: r.cssClass ?? '',
  remark: r.remark,
  createTime: (r as Row).createTime,
});

const idQuery = z.object({
  id: idField(),
});
const typeQuery = z.object({ type: z.string({ message: '缺少必要的请求参数: type' }).min(1, '缺少必要的请求参数: type').max(255) });
const dictTypeQuery = z.object({ dictType: z.string({ message: '缺少必要的请求参数: dictType' }).min(1, '缺少必要的请求参数: dictType').max(255) });
const pageQuery = z.looseObject({
  pageNo: z.string().optional(),
  pageSize: z.string().optional(),
  current: z.string().optional(),
  size: z.string().optional(),
  name: z.string().optional(),
  type: z.string().optional(),
  dictType: z.string().optional(),
  label: z.string().optional(),
  status: z.string().optional(),
});
const body = z.looseObject({});
/** Most rows one export writes. */
const EXPORT_MAX = '10000';
const STATUS = [
  { key: '0', label: '正常' },
  { key: '1', label: '停用' },
];

/** Copies the keys that are present, renamed (a missing key stays missing: updates are partial). */
function rename(src: Record<string, unknown>, names: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const [from, to] of Object.entries(names)) if (from in src) out[to] = src[from];
  return out;
}
const typeFields = { id: 'id', name: 'dictValue', type: 'code', status: 'isSealed', remark: 'remark', sort: 'sort' };
const dataFields = {
  id: 'id',
  label: 'dictValue',
  value: 'dictKey',
  status: 'isSealed',
  sort: 'sort',
  colorType: 'colorType',
  cssClass: 'cssClass',
  remark: 'remark',
};

export function registerDictDataViews(ctx: ModuleContext, store: DictStore) {
  const { route } = ctx;
  const codes = permissionCodes(store.repo.def);
  const db = ctx.database.db;
  const t = store.table;
  const tags = ['字典类型与数据'];

  const paging = (q: z.output<typeof pageQuery>) => ({ current: q.pageNo ?? q.current, size: q.pageSize ?? q.size });
  const clean = (q: Record<string, unknown>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

  const rootOf = async (user: AuthUser, id: string) => {
    const row = await store.repo.detail(user, id);
    if (!row || row.parentId !== '0') throw notFound();
    return row;
  };
  const entryOf = async (user: AuthUser, id: string) => {
    const row = await store.repo.detail(user, id);
    if (!row || row.parentId === '0') throw notFound();
    return row;
  };
  // update and delete answer to the methods of spec 2's clients (PUT, DELETE) and to POST, the method the
  // other calls of this API use for changes.
  /** Entries of a type in sort order (the admin's view: sealed ones included). */
  const entries = async (user: AuthUser, type: string) => {
    const root = await store.root(user.tenantId, type);
    if (!root) return [];
    return db
      .select()
      .from(t)
      .where(and(eq(t.parentId, root.id), ...(await store.repo.scope(user))))
      .orderBy(asc(t.sort), asc(t.id));
  };

  // ---- dictType ---- (the system dictionary is platform-wide: changes are the platform administrator's)
  const T = '/api/system/dictType';
  route({
    method: 'GET',
    url: `${T}/page`,
    summary: '字典类型分页',
    tags,
    requires: { code: codes.view },
    query: pageQuery,
    handler: async ({ user, query }) => {
      const p = await store.repo.page(user, clean({ ...paging(query), dictValue: query.name, code: query.type, isSealed: query.status }), [store.isRoot()]);
      return { ...p, records: p.records.map(typeView) };
    },
  });
  route({
    method: 'GET',
    url: `${T}/export`,
    summary: '导出字典类型(按分页条件,令牌也可用 ?blade-auth=)',
    tags,
    requires: { code: codes.view },
    raw: true,
    query: pageQuery,
    handler: async ({ user, query, reply }) => {
      const p = await store.repo.page(user, clean({ current: '1', size: EXPORT_MAX, dictValue: query.name, code: query.type, isSealed: query.status }), [
        store.isRoot(),
      ]);
      const rows = p.records.map(typeView).map((r) => ({ ...r, status: String(r.status ?? 0) }));
      const columns: ExcelColumn[] = [
        { key: 'id', header: '字典编号', width: 22 },
        { key: 'name', header: '字典名称', width: 24 },
        { key: 'type', header: '字典类型', width: 24 },
        { key: 'status', header: '状态', width: 10, dict: STATUS },
        { key: 'remark', header: '备注', width: 30 },
        { key: 'createTime', header: '创建时间', width: 20 },
      ];
      return sendWorkbook(reply, '字典类型', await writeWorkbook('字典类型', columns, rows));
    },
  });
  route({
    method: 'GET',
    url: `${T}/get`,
    summary: '字典类型详情',
    tags,
    requires: { code: codes.view },
    query: idQuery,
    handler: async ({ user, query }) => typeView(await rootOf(user, query.id)),
  });
  route({
    method: 'GET',
    url: `${T}/list-all-simple`,
    summary: '字典类型精简列表',
    tags,
    requires: 'user',
    handler: async ({ user }) => {
      const rows = await db
        .select()
        .from(t)
        .where(and(store.isRoot(), eq(t.isSealed, 0), ...(await store.repo.scope(user))))
        .orderBy(asc(t.sort), asc(t.id));
      return rows.map((r) => ({ id: r.id, name: r.dictValue, type: r.code }));
    },
  });
  route({
    method: 'POST',
    url: `${T}/create`,
    summary: '新增字典类型',
    tags,
    requires: { code: codes.add, platform: true },
    body,
    handler: ({ user, body }) => {
      const data = rename(body, typeFields);
      delete data.id;
      return store.submit(user, { sort: 0, isSealed: 0, ...data });
    },
  });
  for (const method of ['PUT', 'POST'] as const) {
    route({
      method,
      url: `${T}/update`,
      summary: '修改字典类型',
      tags,
      requires: { code: codes.edit, platform: true },
      body,
      handler: async ({ user, body }) => {
        const { id } = parseOrFail(idQuery, body);
        await rootOf(user, id);
        await store.submit(user, { ...rename(body, typeFields), id });
      },
    });
  }
  for (const method of ['DELETE', 'POST'] as const) {
    route({
      method,
      url: `${T}/delete`,
      summary: '删除字典类型',
      tags,
      requires: { code: codes.delete, platform: true },
      query: idQuery,
      handler: async ({ user, query }) => {
        await rootOf(user, query.id);
        await store.remove(user, [query.id]);
      },
    });
  }

  // ---- dictData ----
  const D = '/api/system/dictData';
  route({
    method: 'GET',
    url: `${D}/page`,
    summary: '字典数据分页',
    tags,
    requires: { code: codes.view },
    query: pageQuery,
    handler: async ({ user, query }) => {
      const p = await store.repo.page(user, clean({ ...paging(query), code_equal: query.dictType, dictValue: query.label, isSealed: query.status }), [
        ne(t.parentId, '0'),
      ]);
      return { ...p, records: p.records.map(dataView) };
    },
  });
  route({
    method: 'GET',
    url: `${D}/export`,
    summary: '导出字典数据(按分页条件,令牌也可用 ?blade-auth=)',
    tags,
    requires: { code: codes.view },
    raw: true,
    query: pageQuery,
    handler: async ({ user, query, reply }) => {
      const p = await store.repo.page(
        user,
        clean({ current: '1', size: EXPORT_MAX, code_equal: query.dictType, dictValue: query.label, isSealed: query.status }),
        [ne(t.parentId, '0')],
      );
      const rows = p.records.map(dataView).map((r) => ({ ...r, status: String(r.status ?? 0) }));
      const columns: ExcelColumn[] = [
        { key: 'id', header: '字典编码', width: 22 },
        { key: 'sort', header: '字典排序', width: 10 },
        { key: 'label', header: '字典标签', width: 20 },
        { key: 'value', header: '字典键值', width: 16 },
        { key: 'dictType', header: '字典类型', width: 24 },
        { key: 'status', header: '状态', width: 10, dict: STATUS },
        { key: 'remark', header: '备注', width: 30 },
      ];
      return sendWorkbook(reply, '字典数据', await writeWorkbook('字典数据', columns, rows));
    },
  });
  route({
    method: 'GET',
    url: `${D}/get`,
    summary: '字典数据详情',
    tags,
    requires: { code: codes.view },
    query: idQuery,
    handler: async ({ user, query }) => dataView(await entryOf(user, query.id)),
  });
  route({
    method: 'GET',
    url: `${D}/list`,
    summary: '字典数据列表',
    tags,
    requires: { code: codes.view },
    query: dictTypeQuery,
    handler: async ({ user, query }) => (await entries(user, query.dictType)).map(dataView),
  });
  const byType = async (tenantId: string, type: string) => (await store.items(tenantId, type)).map(dataView);
  route({
    method: 'GET',
    url: `${D}/type/:type`,
    summary: '某字典类型的数据',
    tags,
    requires: 'user',
    handler: ({ user, req }) => byType(user.tenantId, String((req.params as { type: string }).type)),
  });
  for (const url of ['/api/system/dict-data/list', '/system/dict-data/list']) {
    route({
      method: 'GET',
      url,
      summary: '某字典类型的数据',
      tags,
      requires: 'user',
      query: typeQuery,
      handler: ({ user, query }) => byType(user.tenantId, query.type),
    });
  }
  route({
    method: 'GET',
    url: `${D}/list-all-simple`,
    summary: '字典数据精简列表',
    tags,
    requires: 'user',
    handler: async ({ user }) => {
      const rows = await db
        .select()
        .from(t)
        .where(and(ne(t.parentId, '0'), eq(t.isSealed, 0), ...(await store.repo.scope(user))))
        .orderBy(asc(t.code), asc(t.sort), asc(t.id));
      return rows.map((r) => ({ dictType: r.code, value: r.dictKey, label: r.dictValue, colorType: r.colorType ?? '', cssClass: r.cssClass ?? '' }));
    },
  });
  route({
    method: 'POST',
    url: `${D}/create`,
    summary: '新增字典数据',
    tags,
    requires: { code: codes.add, platform: true },
    body,
    handler: async ({ user, body }) => {
      const type = typeof body.dictType === 'string' ? body.dictType : '';
      if (!type) throw fail('请选择字典类型');
      const root = await store.root(user.tenantId, type);
      if (!root) throw fail('当前字典类型不存在');
      const data = rename(body, dataFields);
      delete data.id;
      return store.submit(user, { isSealed: 0, ...data, parentId: root.id });
    },
  });
  for (const method of ['PUT', 'POST'] as const) {
    route({
      method,
      url: `${D}/update`,
      summary: '修改字典数据',
      tags,
      requires: { code: codes.edit, platform: true },
      body,
      handler: async ({ user, body }) => {
        const { id } = parseOrFail(idQuery, body);
        await entryOf(user, id);
        await store.submit(user, { ...rename(body, dataFields), id });
      },
    });
  }
  for (const method of ['DELETE', 'POST'] as const) {
    route({
      method,
      url: `${D}/delete`,
      summary: '删除字典数据',
      tags,
      requires: { code: codes.delete, platform: true },
      query: idQuery,
      handler: async ({ user, query }) => {
        await entryOf(user, query.id);
        await store.remove(user, [query.id]);
      },
    });
  }
}
