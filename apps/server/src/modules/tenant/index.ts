/**
 * Tenants, tenant packages and OAuth clients (spec 2 section 7, spec 1 section 7). All three are platform-wide
 * and only the platform administrator (tenant 000000, role alias administrator) may read or change them; the
 * one exception is `tenant/info`, which the login page calls before anyone is logged in.
 */
import crypto from 'node:crypto';
import { clientEntity, isDateText, isIdText, permissionCodes, submitSchema, tenantEntity, tenantPackageEntity, WEB_CLIENT_ID } from '@hjl/core';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idField } from '../../platform/http/params.ts';
import { isPlatformAdmin, PLATFORM_TENANT_ID, type AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { assertMayWrite, registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import { parseOrFail, type Router } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { liveMenuIds, type SystemAccess } from '../system/api.ts';
import { clients, tenantPackages, tenants } from './schema.ts';
import { hashClientSecret } from './api.ts';
import { createTenant, domainHost, requirePackage, tenantsUsingPackages, type TenantInput } from './service.ts';

/** A router whose coded routes answer 403 to anyone but the platform administrator (tenants, packages, clients are the platform's). */
function platformOnly(route: Router): Router {
  return (def) => route(typeof def.requires === 'object' ? { ...def, requires: { ...def.requires, platform: true } } : def);
}

const listQuery = z.looseObject({ current: z.string().optional(), size: z.string().optional() });
const idText = (name: string) =>
  z
    .union([z.string(), z.number()], { message: `缺少必要的请求参数: ${name}` })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', `缺少必要的请求参数: ${name}`);
const optionalId = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), idField({ message: `${label}格式不正确` }).optional());
const accountNumber = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,9}$/, '账号额度必须是整数'),
    ],
    { message: '请输入账号额度' },
  )
  .transform(Number)
  .refine((n) => Number.isInteger(n) && n >= -1, '账号额度不能小于-1(-1表示不限制)');
const expireTime = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .refine((v) => isDateText(v, 'optional'), '过期时间格式应为yyyy-MM-dd HH:mm:ss')
    .nullable()
    .optional(),
);

export function registerTenant(ctx: ModuleContext & { systemAccess: SystemAccess }) {
  const db = ctx.database.db;
  const route = platformOnly(ctx.route);
  const invalidateMenus = () => ctx.systemAccess.invalidate();

  // ---------------------------------------------------------------- tenant packages
  const packageRepo = ctx.repo(tenantPackageEntity, tenantPackages);
  registerEntityRoutes(route, packageRepo, ctx.access, {
    async beforeWrite(_user, data) {
      if (typeof data.menuId !== 'string') return;
      const ids = [...new Set(data.menuId.split(','))];
      if ((await liveMenuIds(db, ids)).size !== ids.length) throw fail('所选菜单不存在');
      data.menuId = ids.join(',');
    },
    async beforeRemove(_user, ids) {
      const [used] = await tenantsUsingPackages(db, ids);
      if (used) throw fail(`产品包正在被租户 [${used.tenantName}] 使用,请先更换其产品包`);
    },
    afterWrite: invalidateMenus,
  });

  // ---------------------------------------------------------------- tenants
  const tenantCodes = permissionCodes(tenantEntity);
  const tenantRepo = ctx.repo({ ...tenantEntity, routes: ['detail'] }, tenants);
  const tenantBody = submitSchema(tenantEntity);
  const packageNames = async (rows: Row[]) => {
    const ids = [...new Set(rows.map((r) => r.packageId).filter((v): v is string => typeof v === 'string'))];
    if (!ids.length) return new Map<string, string>();
    const found = await db
      .select({ id: tenantPackages.id, name: tenantPackages.packageName })
      .from(tenantPackages)
      .where(and(inArray(tenantPackages.id, ids), eq(tenantPackages.isDeleted, 0)));
    return new Map(found.map((p) => [p.id, p.name]));
  };
  const withPackageName = async (rows: Row[]) => {
    const names = await packageNames(rows);
    return rows.map((r) => ({ ...r, packageName: names.get(String(r.packageId)) ?? '' }));
  };
  /** A tenant named by its tenant id or by its row id (callers use both). */
  const findTenant = async (key: string) => {
    const byRowId = isIdText(key) ? [eq(tenants.id, key)] : [];
    const [t] = await db
      .select()
      .from(tenants)
      .where(and(or(eq(tenants.tenantId, key), ...byRowId), eq(tenants.isDeleted, 0)))
      .limit(1);
    if (!t) throw fail('租户不存在');
    return t;
  };

  registerEntityRoutes(route, tenantRepo, ctx.access, { decorate: async (_u, row) => firstRow(await withPackageName([row]), 'tenant package name') });

  route({
    method: 'GET',
    url: `${tenantEntity.api}/list`,
    summary: '租户分页',
    tags: ['租户管理'],
    requires: { code: tenantCodes.view },
    query: listQuery,
    handler: async ({ user, req }) => {
      const page = await tenantRepo.page(user, req.query as Record<string, unknown>);
      return { ...page, records: await withPackageName(page.records) };
    },
  });

  route({
    method: 'POST',
    url: `${tenantEntity.api}/submit`,
    summary: '租户新增或修改',
    tags: ['租户管理'],
    requires: { anyOf: [tenantCodes.add, tenantCodes.edit] },
    body: tenantBody,
    handler: async ({ user, body }) => {
      const { id, tenantId: _ignored, ...data } = body as Row & { id?: string };
      await assertMayWrite(ctx.access, user, tenantEntity, !!id);
      if (data.accountNumber !== undefined && data.accountNumber !== null && (data.accountNumber as number) < -1)
        throw fail('账号额度不能小于-1(-1表示不限制)');
      if (data.packageId) await requirePackage(db, String(data.packageId));
      if (typeof data.domainUrl === 'string') {
        const host = domainHost(data.domainUrl);
        const [other] = await db
          .select({ id: tenants.id })
          .from(tenants)
          .where(
            and(
              sql`regexp_replace(lower(${tenants.domainUrl}), '^[a-z][a-z0-9+.-]*://|/.*$', '', 'g') = ${host}`,
              eq(tenants.isDeleted, 0),
              ...(id ? [sql`${tenants.id} <> ${id}`] : []),
            ),
          )
          .limit(1);
        if (other) throw fail('该域名已绑定其他租户');
      }
      if (id) {
        const current = await findTenant(id);
        if (current.tenantId === PLATFORM_TENANT_ID && data.expireTime) throw fail('平台租户不能设置过期时间');
        await tenantRepo.update(user, id, data);
        invalidateMenus();
        return {};
      }
      // The body passed the tenant's submit schema (tenantName required on add).
      const created = await createTenant(db, ctx.params, user, data as TenantInput);
      return created;
    },
  });

  route({
    method: 'POST',
    url: `${tenantEntity.api}/remove`,
    summary: '租户删除',
    tags: ['租户管理'],
    requires: { code: tenantCodes.delete },
    handler: async ({ user, req }) => {
      const ids = parseIds((req.query as Record<string, unknown>).ids);
      const platform = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(inArray(tenants.id, ids), eq(tenants.tenantId, PLATFORM_TENANT_ID)));
      if (platform.length) throw fail('平台租户不能删除');
      await tenantRepo.remove(user, ids);
      invalidateMenus();
    },
  });

  // 授权配置: account quota and expiry of several tenants at once.
  const settingQuery = z.object({ ids: z.string({ message: '缺少必要的请求参数: ids' }), accountNumber, expireTime });
  route({
    method: 'POST',
    url: `${tenantEntity.api}/setting`,
    summary: '租户授权配置',
    tags: ['租户管理'],
    requires: { code: 'tenant_setting' },
    handler: async ({ user, req }) => {
      const q = parseOrFail(settingQuery, { ...(req.body as object | undefined), ...(req.query as object) });
      const ids = parseIds(q.ids);
      const live = await db
        .select({ id: tenants.id, tenantId: tenants.tenantId })
        .from(tenants)
        .where(and(inArray(tenants.id, ids), eq(tenants.isDeleted, 0)));
      if (live.length !== ids.length) throw fail('数据不存在或已被删除');
      if (q.expireTime && live.some((t) => t.tenantId === PLATFORM_TENANT_ID)) throw fail('平台租户不能设置过期时间');
      await db
        .update(tenants)
        .set({ accountNumber: q.accountNumber, expireTime: q.expireTime ?? null, updateUser: user.userId, updateTime: sql`now()` })
        .where(inArray(tenants.id, ids));
    },
  });

  // 数据源配置: which data source a tenant uses (a stored setting; the data source module reads it).
  const datasourceQuery = z.object({ tenantId: idText('tenantId'), datasourceId: optionalId('数据源') });
  route({
    method: 'POST',
    url: `${tenantEntity.api}/datasource`,
    summary: '租户数据源配置',
    tags: ['租户管理'],
    requires: { code: 'tenant_datasource' },
    handler: async ({ user, req }) => {
      const q = parseOrFail(datasourceQuery, { ...(req.body as object | undefined), ...(req.query as object) });
      const t = await findTenant(q.tenantId);
      await db
        .update(tenants)
        .set({ datasourceId: q.datasourceId ?? null, updateUser: user.userId, updateTime: sql`now()` })
        .where(eq(tenants.id, t.id));
    },
  });

  // 产品包配置
  const packageDetailQuery = z.object({ tenantId: idText('tenantId') });
  route({
    method: 'GET',
    url: `${tenantEntity.api}/package-detail`,
    summary: '租户产品包详情',
    tags: ['租户管理'],
    requires: { code: tenantCodes.view },
    query: packageDetailQuery,
    handler: async ({ query }) => {
      const t = await findTenant(query.tenantId);
      if (!t.packageId) return {};
      const [p] = await db
        .select()
        .from(tenantPackages)
        .where(and(eq(tenantPackages.id, t.packageId), eq(tenantPackages.isDeleted, 0)))
        .limit(1);
      return p ?? {};
    },
  });
  const packageSettingQuery = z.object({ tenantId: idText('tenantId'), packageId: optionalId('产品包') });
  route({
    method: 'POST',
    url: `${tenantEntity.api}/package-setting`,
    summary: '租户产品包配置',
    tags: ['租户管理'],
    requires: { code: 'tenant_package_setting' },
    handler: async ({ user, req }) => {
      const q = parseOrFail(packageSettingQuery, { ...(req.body as object | undefined), ...(req.query as object) });
      const t = await findTenant(q.tenantId);
      if (q.packageId) await requirePackage(db, q.packageId);
      await db
        .update(tenants)
        .set({ packageId: q.packageId ?? null, updateUser: user.userId, updateTime: sql`now()` })
        .where(eq(tenants.id, t.id));
      invalidateMenus();
    },
  });

  // BladeX's pickers: the tenants (the platform administrator sees all, anyone else their own) and the packages.
  ctx.route({
    method: 'GET',
    url: `${tenantEntity.api}/select`,
    summary: '租户下拉数据',
    tags: ['租户管理'],
    requires: 'user',
    handler: async ({ user }) =>
      db
        .select({ id: tenants.id, tenantId: tenants.tenantId, tenantName: tenants.tenantName })
        .from(tenants)
        .where(and(eq(tenants.isDeleted, 0), ...(isPlatformAdmin(user) ? [] : [eq(tenants.tenantId, user.tenantId)])))
        .orderBy(tenants.tenantId),
  });
  route({
    method: 'GET',
    url: `${tenantPackageEntity.api}/select`,
    summary: '产品包下拉数据',
    tags: [tenantPackageEntity.label.zh],
    requires: { anyOf: [permissionCodes(tenantPackageEntity).view, 'tenant_package_setting'] },
    handler: async () =>
      db
        .select({ id: tenantPackages.id, packageName: tenantPackages.packageName })
        .from(tenantPackages)
        .where(eq(tenantPackages.isDeleted, 0))
        .orderBy(tenantPackages.id),
  });

  // Public: the login page asks which tenant its address belongs to.
  ctx.route({
    method: 'GET',
    url: `${tenantEntity.api}/info`,
    summary: '按域名查询租户',
    tags: ['租户管理'],
    requires: 'public',
    query: z.object({ domain: z.string({ message: '缺少必要的请求参数: domain' }).min(1, '缺少必要的请求参数: domain').max(255) }),
    handler: async ({ query }) => {
      const host = domainHost(query.domain);
      if (!host) return {};
      const [t] = await db
        .select({ tenantId: tenants.tenantId, domain: tenants.domainUrl, backgroundUrl: tenants.backgroundUrl })
        .from(tenants)
        .where(and(sql`regexp_replace(lower(${tenants.domainUrl}), '^[a-z][a-z0-9+.-]*://|/.*$', '', 'g') = ${host}`, eq(tenants.isDeleted, 0)))
        .limit(1);
      return t ?? {};
    },
  });

  // ---------------------------------------------------------------- clients
  registerClients(ctx, route);
}

/** OAuth clients. The secret is generated here, answered once on creation and stored only as a digest. */
function registerClients(ctx: ModuleContext, route: Router) {
  const codes = permissionCodes(clientEntity);
  const repo = ctx.repo({ ...clientEntity, routes: ['detail', 'remove'] }, clients);
  const body = submitSchema(clientEntity);
  const tags = [clientEntity.label.zh];
  const hideSecret = ({ clientSecret: _s, ...row }: Row) => row;

  registerEntityRoutes(route, repo, ctx.access, {
    decorate: (_u, row) => hideSecret(row),
    async beforeRemove(user, ids) {
      const web = await repo.find(user, [inArray(clients.id, ids), eq(clients.clientId, WEB_CLIENT_ID)]);
      if (web) throw fail('系统内置客户端不能删除');
    },
  });

  route({
    method: 'GET',
    url: `${clientEntity.api}/list`,
    summary: '应用分页',
    tags,
    requires: { code: codes.view },
    query: listQuery,
    handler: async ({ user, req }) => {
      const page = await repo.page(user, req.query as Record<string, unknown>);
      return { ...page, records: page.records.map(hideSecret) };
    },
  });

  route({
    method: 'POST',
    url: `${clientEntity.api}/submit`,
    summary: '应用新增或修改',
    tags,
    requires: { anyOf: [codes.add, codes.edit] },
    body,
    handler: async ({ user, body }) => {
      const { id, clientSecret: given, ...data } = body as Row & { id?: string };
      await assertMayWrite(ctx.access, user, clientEntity, !!id);
      for (const k of ['accessTokenValidity', 'refreshTokenValidity'] as const) {
        if (data[k] !== undefined && data[k] !== null && (data[k] as number) <= 0) throw fail(`${clientEntity.fields[k].label.zh}必须大于0`);
      }
      // Lists and details never carry the secret, so an edit form shows it empty: empty keeps the stored one,
      // anything else replaces it (docs/compatibility.md).
      const secret = typeof given === 'string' && given.trim() ? given.trim() : undefined;
      if (secret !== undefined && secret.length < 6) throw fail('客户端密钥至少6个字符');
      if (id) {
        const current = await repo.detail(user as AuthUser, id);
        if (current?.clientId === WEB_CLIENT_ID && data.clientId !== undefined && data.clientId !== WEB_CLIENT_ID)
          throw fail('系统内置客户端的客户端id不能修改');
        if (current?.clientId === WEB_CLIENT_ID && secret !== undefined) throw fail('系统内置客户端的密钥由服务器配置(WEB_CLIENT_SECRET),不能在此修改');
        await repo.update(user, id, secret === undefined ? data : { ...data, clientSecret: hashClientSecret(secret) });
        return {};
      }
      const chosen = secret ?? crypto.randomBytes(24).toString('hex');
      const newId = await repo.insert(user, { ...data, clientSecret: hashClientSecret(chosen) });
      // A generated secret is shown this once; a chosen one the caller knows already.
      return secret === undefined ? { id: newId, clientId: data.clientId, clientSecret: chosen } : { id: newId, clientId: data.clientId };
    },
  });
}
