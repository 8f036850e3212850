/**
 * User administration (/api/blade-user, spec 2 section 7 and spec 1 section 7): page, detail, add/edit,
 * remove, grant roles, reset password, unlock, platform, dimission, leaders, the personal-center list, the
 * user search of pickers and the approval of registered guests. Every read and write is confined to the
 * caller's tenant and data scope through the entity repo of `userEntity`.
 */
import { APPROVAL, USER_MSG, USER_STATUS, userEntity } from '@hjl/core';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { isAdministrator, isPlatformAdmin, ADMIN_ROLE_ALIAS, type AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail, forbidden, notFound } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { assertMayWrite } from '../../platform/crud/routes.ts';
import { firstRow } from '../../platform/db/rows.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { rolesOf } from '../system/api.ts';
import { findTenant } from '../tenant/api.ts';
import { userDisplayName, type SearchRowExtension } from './api.ts';
import { approveBody, grantBody, idText, platformBody, userBody, type UserBody } from './schemas.ts';
import { users, userPlatforms } from './schema.ts';
import { countUsers, hashPassword, sameAccount, type UserRow } from './service.ts';
import { deptNameLike, inDeptTree, postNameLike, viewsOf } from './views.ts';

/** Query of the user lists: paging, the entity's filters, and deptId (the dept and its descendants). */
const pageQuery = z.looseObject({
  current: z.string().optional(),
  size: z.string().optional(),
  ascs: z.string().optional(),
  descs: z.string().optional(),
  account: z.string().optional(),
  realName: z.string().optional(),
  phone: z.string().optional(),
  status: z.string().optional(),
  deptId: z.string().optional(),
});

const idQuery = z.object({ id: idText() });

/** What the management routes share: the scoped repo and the checks of referenced roles, depts and posts. */
export class UserAdmin {
  readonly repo: EntityRepo;

  constructor(readonly ctx: ModuleContext) {
    this.repo = ctx.repo(userEntity, users);
  }

  get db() {
    return this.ctx.database.db;
  }

  /** Live users of the caller's tenant within their data scope. */
  scope(user: AuthUser): Promise<SQL[]> {
    return this.repo.scope(user);
  }

  async find(user: AuthUser, id: string): Promise<UserRow | undefined> {
    return (await this.repo.find(user, [eq(users.id, id)])) as UserRow | undefined;
  }

  /** The users among ids that the caller may change; refuses when none is. */
  async findMany(user: AuthUser, ids: string[]): Promise<UserRow[]> {
    const rows = await this.db
      .select()
      .from(users)
      .where(and(inArray(users.id, ids), ...(await this.scope(user))));
    if (!rows.length) throw fail('数据不存在或已被删除');
    return rows;
  }

  async views(user: AuthUser, rows: UserRow[]) {
    return viewsOf(this.db, user.tenantId, rows);
  }

  /** deptId of a list query: the dept and every dept below it. */
  deptFilter(user: AuthUser, query: Record<string, unknown>): SQL[] {
    const raw = query.deptId;
    if (raw === undefined || raw === '') return [];
    return [inDeptTree(user.tenantId, parseIds(raw, 'deptId'))];
  }

  /**
   * Roles, depts and posts must be the tenant's own; the administrator role may only be given by an
   * administrator. Leaders must be other users of the tenant.
   */
  async checkRefs(
    user: AuthUser,
    v: { roleId?: string[]; deptId?: string[]; postId?: string[]; directorId?: string | null; areaLeaderId?: string | null },
    self?: string,
    tenantId = user.tenantId,
  ) {
    if (v.roleId) {
      const found = await rolesOf(this.db, tenantId, v.roleId);
      if (found.length !== v.roleId.length) throw fail('所选角色不存在');
      if (found.some((r) => r.roleAlias === ADMIN_ROLE_ALIAS) && !isAdministrator(user)) throw fail(USER_MSG.adminRole);
    }
    if (v.deptId && (await this.ctx.refs.resolver('dept').existing(tenantId, v.deptId)).size !== v.deptId.length) throw fail('所选部门不存在');
    if (v.postId && (await this.ctx.refs.resolver('post').existing(tenantId, v.postId)).size !== v.postId.length) throw fail('所选岗位不存在');
    for (const [leader, label] of [
      [v.directorId, '部门领导'],
      [v.areaLeaderId, '区域领导'],
    ] as const) {
      if (!leader) continue;
      if (leader === self) throw fail(`${label}不能是本人`);
      const [u] = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, leader), eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
      if (!u) throw fail(`所选${label}不存在`);
    }
  }

  async assertAccountFree(tenantId: string, account: string, except?: string) {
    const [other] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), sameAccount(account), eq(users.isDeleted, 0), ...(except ? [ne(users.id, except)] : [])))
      .limit(1);
    if (other) throw fail(USER_MSG.exists(account));
  }

  /** The tenant's account quota (blade_tenant.account_number, -1 unlimited) for `adding` more users. */
  async assertQuota(tenantId: string, adding: number) {
    const tenant = await findTenant(this.db, tenantId);
    const t = tenant && { n: tenant.accountNumber };
    if (t && t.n >= 0 && (await countUsers(this.db, tenantId)) + adding > t.n) throw fail(USER_MSG.quota);
  }

  initPassword(tenantId: string) {
    return this.ctx.params.get(tenantId, 'account.initPassword', '123456');
  }

  /** Column values of a validated body (only the fields it carries). */
  columnsOf(v: UserBody) {
    const out: Partial<typeof users.$inferInsert> = {};
    if (v.account !== undefined) out.account = v.account;
    if (v.name !== undefined) out.name = v.name;
    if (v.realName !== undefined) out.realName = v.realName;
    if (v.code !== undefined) out.code = v.code;
    if (v.phone !== undefined) out.phone = v.phone;
    if (v.email !== undefined) out.email = v.email;
    if (v.sex !== undefined) out.sex = v.sex;
    if (v.birthday !== undefined) out.birthday = v.birthday;
    if (v.userType !== undefined) out.userType = v.userType;
    if (v.roleId !== undefined) out.roleId = v.roleId.join(',');
    if (v.deptId !== undefined) out.deptId = v.deptId.join(',');
    if (v.postId !== undefined) out.postId = v.postId.join(',');
    if (v.directorId !== undefined) out.directorId = v.directorId;
    if (v.areaLeaderId !== undefined) out.areaLeaderId = v.areaLeaderId;
    return out;
  }

  async insert(user: AuthUser, v: UserBody): Promise<string> {
    // The body's schema requires the account of a new user; this is that rule again, for the types.
    const account = v.account;
    if (account === undefined) throw fail('请输入登录账号');
    const tenantId = await this.tenantOfNewUser(user, v.tenantId);
    await this.checkRefs(user, v, undefined, tenantId);
    await this.assertAccountFree(tenantId, account);
    await this.assertQuota(tenantId, 1);
    const id = nextId();
    await this.db.insert(users).values({
      ...this.columnsOf(v),
      id,
      tenantId,
      account,
      password: await hashPassword(v.password ?? (await this.initPassword(tenantId))),
      approvalStatus: APPROVAL.approved,
      createUser: user.userId,
      createDept: user.deptIds[0] ?? null,
      updateUser: user.userId,
    });
    return id;
  }

  /**
   * The tenant a new user is created in: the one the platform administrator names (its roles, departments and
   * posts are then that tenant's), else the caller's own.
   */
  async tenantOfNewUser(user: AuthUser, named: string | undefined): Promise<string> {
    if (named === undefined || named === user.tenantId || !isPlatformAdmin(user)) return user.tenantId;
    if (!(await findTenant(this.db, named))) throw fail('所选租户不存在');
    return named;
  }

  async update(user: AuthUser, v: UserBody): Promise<void> {
    const id = v.id;
    if (id === undefined) throw fail('缺少必要的请求参数: id');
    const current = await this.find(user, id);
    if (!current) throw fail('数据不存在或已被删除');
    await this.checkRefs(user, v, id);
    if (v.account !== undefined && v.account !== current.account) await this.assertAccountFree(user.tenantId, v.account, id);
    await this.db
      .update(users)
      .set({ ...this.columnsOf(v), updateUser: user.userId, updateTime: sql`now()` })
      .where(and(eq(users.id, id), ...(await this.scope(user))));
  }

  /** Sets columns on the caller-visible users among ids; answers how many changed. */
  async setMany(user: AuthUser, ids: string[], values: Partial<typeof users.$inferInsert>): Promise<number> {
    const done = await this.db
      .update(users)
      .set({ ...values, updateUser: user.userId, updateTime: sql`now()` })
      .where(and(inArray(users.id, ids), ...(await this.scope(user))))
      .returning({ id: users.id });
    if (!done.length) throw fail('数据不存在或已被删除');
    return done.length;
  }
}

export function registerUserAdmin(ctx: ModuleContext, admin: UserAdmin, searchExtensions: readonly SearchRowExtension[] = []) {
  const { route } = ctx;
  const db = ctx.database.db;
  const tags = ['用户管理'];
  /** Query and form/JSON body together: BladeX clients send these parameters either way. */
  const params = (req: { query: unknown; body: unknown }) => ({
    ...(req.query as object),
    ...(req.body && typeof req.body === 'object' ? (req.body as object) : {}),
  });
  const approved = eq(users.approvalStatus, APPROVAL.approved);

  route({
    method: 'GET',
    url: '/api/blade-user/page',
    summary: '用户分页(deptId含下级部门)',
    tags,
    requires: { code: 'user' },
    query: pageQuery,
    handler: async ({ user, req }) => {
      const q = req.query as Record<string, unknown>;
      const p = await admin.repo.page(user, q, [approved, ...admin.deptFilter(user, q)]);
      return { ...p, records: await admin.views(user, p.records as UserRow[]) };
    },
  });

  // BladeX's user-list: the tenant's users matching the list's filters, unpaged (capped by the page limit).
  route({
    method: 'GET',
    url: '/api/blade-user/user-list',
    summary: '用户列表(不分页)',
    tags,
    requires: { code: 'user' },
    query: pageQuery,
    handler: async ({ user, req }) => {
      const q = { ...(req.query as Record<string, unknown>), current: '1', size: '1000' };
      const p = await admin.repo.page(user, q, [approved, ...admin.deptFilter(user, q)]);
      return admin.views(user, p.records as UserRow[]);
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-user/detail',
    summary: '用户详情',
    tags,
    requires: { code: 'user' },
    query: idQuery,
    handler: async ({ user, query }) => {
      const u = await admin.find(user, query.id);
      if (!u) throw notFound();
      return (await admin.views(user, [u]))[0];
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-user/info',
    summary: '当前用户信息',
    tags,
    requires: 'user',
    handler: async ({ user }) => {
      const [u] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, user.userId), eq(users.tenantId, user.tenantId), eq(users.isDeleted, 0)));
      if (!u) throw notFound();
      return (await admin.views(user, [u]))[0];
    },
  });

  const write = async (user: AuthUser, body: UserBody, mode: 'submit' | 'update') => {
    const isUpdate = body.id !== undefined;
    if (mode === 'update' && !isUpdate) throw fail('缺少必要的请求参数: id');
    await assertMayWrite(ctx.access, user, userEntity, isUpdate);
    if (isUpdate) await admin.update(user, body);
    else await admin.insert(user, body);
  };
  route({
    method: 'POST',
    url: '/api/blade-user/submit',
    summary: '新增或修改用户',
    tags,
    requires: { anyOf: ['user_add', 'user_edit'] },
    body: userBody,
    handler: ({ user, body }) => write(user, body, 'submit'),
  });
  route({
    method: 'POST',
    url: '/api/blade-user/update',
    summary: '修改用户',
    tags,
    requires: { code: 'user_edit' },
    handler: ({ user, req }) => {
      // Without an id the body would read as an add, whose messages would mislead here.
      const raw = (req.body ?? {}) as Record<string, unknown>;
      if (typeof raw !== 'object' || raw.id === undefined || raw.id === null || raw.id === '') throw fail('缺少必要的请求参数: id');
      return write(user, parseOrFail(userBody, raw), 'update');
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-user/remove',
    summary: '删除用户(逻辑删除)',
    tags,
    requires: { code: 'user_delete' },
    query: z.object({ ids: z.string().optional() }),
    handler: async ({ user, req }) => {
      const ids = parseIds((req.query as Record<string, unknown>).ids);
      if (ids.includes(user.userId)) throw fail(USER_MSG.removeSelf);
      await admin.setMany(user, ids, { isDeleted: 1 });
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-user/grant',
    summary: '用户角色配置',
    tags,
    requires: { code: 'user_role' },
    handler: async ({ user, req }) => {
      const { userIds, roleIds } = parseOrFail(grantBody, params(req));
      await admin.checkRefs(user, { roleId: roleIds });
      await admin.setMany(user, userIds, { roleId: roleIds.join(',') });
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-user/reset-password',
    summary: '重置密码为初始密码(参数 account.initPassword)',
    tags,
    requires: { code: 'user_reset' },
    handler: async ({ user, req }) => {
      const ids = parseIds((params(req) as Record<string, unknown>).userIds, 'userIds');
      const password = await hashPassword(await admin.initPassword(user.tenantId));
      await admin.setMany(user, ids, { password, failCount: 0, lockUntil: null });
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-user/unlock',
    summary: '账号解封(清除登录失败次数与锁定)',
    tags,
    requires: { code: 'user_unlock' },
    handler: async ({ user, req }) => {
      // An empty userIds (nothing chosen) does nothing, as in BladeX.
      const raw = (params(req) as Record<string, unknown>).userIds;
      if (raw === undefined || raw === null || String(raw).trim() === '') return;
      const ids = parseIds(raw, 'userIds');
      await admin.setMany(user, ids, { failCount: 0, lockUntil: null });
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-user/update-platform',
    summary: '用户平台配置',
    tags,
    requires: { code: 'user_platform' },
    handler: async ({ user, req }) => {
      const v = parseOrFail(platformBody, params(req));
      if (!(await admin.find(user, v.userId))) throw fail('数据不存在或已被删除');
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ userType: v.userType, updateUser: user.userId, updateTime: sql`now()` })
          .where(and(eq(users.id, v.userId), eq(users.tenantId, user.tenantId)));
        await tx
          .insert(userPlatforms)
          .values({ id: nextId(), tenantId: user.tenantId, userId: v.userId, userType: v.userType, userExt: v.userExt ?? null, updateUser: user.userId })
          .onConflictDoUpdate({
            target: [userPlatforms.userId, userPlatforms.userType],
            set: { userExt: v.userExt ?? null, updateUser: user.userId, updateTime: sql`now()` },
          });
      });
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-user/platform-detail',
    summary: '用户平台详情',
    tags,
    requires: { anyOf: ['user_platform', 'user'] },
    query: idQuery,
    handler: async ({ user, query }) => {
      const u = await admin.find(user, query.id);
      if (!u) throw notFound();
      const [ext] = await db
        .select({ userExt: userPlatforms.userExt })
        .from(userPlatforms)
        .where(and(eq(userPlatforms.userId, u.id), eq(userPlatforms.userType, u.userType), eq(userPlatforms.tenantId, user.tenantId)));
      return { ...(await admin.views(user, [u]))[0], userExt: ext?.userExt ?? '' };
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-user/dimission/:id',
    summary: '办理离职(账号停用,不能再登录)',
    tags,
    requires: { code: 'user_dimission' },
    handler: async ({ user, req }) => {
      const id = parseOrFail(idQuery, req.params).id;
      if (id === user.userId) throw fail(USER_MSG.dimissionSelf);
      await admin.setMany(user, [id], { status: USER_STATUS.left });
    },
  });

  // The leader of a user: the caller's own, or (with the `user` menu) another user's of the tenant.
  for (const [path, column, label] of [
    ['director', users.directorId, '部门领导'],
    ['areaLeader', users.areaLeaderId, '区域领导'],
  ] as const) {
    route({
      method: 'GET',
      url: `/api/blade-user/${path}/info`,
      summary: `${label}信息(无则为空对象)`,
      tags,
      requires: 'user',
      query: z.object({ userId: z.preprocess((v) => (v === '' ? undefined : v), idText().optional()) }),
      handler: async ({ user, query }) => {
        const target = query.userId ?? user.userId;
        if (target !== user.userId && !(await ctx.access.permissions(user)).has('user')) throw forbidden();
        const [row] = await db
          .select({ leader: column })
          .from(users)
          .where(and(eq(users.id, target), eq(users.tenantId, user.tenantId), eq(users.isDeleted, 0)));
        if (!row) throw notFound();
        if (!row.leader) return {};
        const [leader] = await db
          .select()
          .from(users)
          .where(and(eq(users.id, row.leader), eq(users.tenantId, user.tenantId), eq(users.isDeleted, 0)));
        if (!leader) return {};
        const v = firstRow(await admin.views(user, [leader]), 'leader view');
        return pick(v, ['id', 'account', 'name', 'realName', 'phone', 'email', 'avatar', 'deptId', 'deptName', 'postId', 'postName']);
      },
    });
  }

  route({
    method: 'GET',
    url: '/api/blade-user/getCenterList',
    summary: '个人中心: 本部门及下级部门的用户',
    tags,
    requires: 'user',
    query: pageQuery,
    handler: async ({ user, req }) => {
      const p = await admin.repo.page(user, req.query as Record<string, unknown>, [
        approved,
        eq(users.status, USER_STATUS.active),
        inDeptTree(user.tenantId, user.deptIds),
      ]);
      const views = await admin.views(user, p.records as UserRow[]);
      return { ...p, records: views.map(pickerRow) };
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-user/search/user',
    summary: '用户搜索(realName, deptName, postName)',
    tags,
    requires: 'user',
    query: z.looseObject({
      current: z.string().optional(),
      size: z.string().optional(),
      realName: z.string().max(200).optional(),
      deptName: z.string().max(200).optional(),
      postName: z.string().max(200).optional(),
      /** Only these users (a picker showing the names of the ids it holds). */
      ids: z.string().max(4000).optional(),
    }),
    handler: async ({ user, req }) => {
      const q = req.query as Record<string, string | undefined>;
      const extra: SQL[] = [approved, eq(users.status, USER_STATUS.active)];
      if (q.ids) extra.push(inArray(users.id, parseIds(q.ids)));
      if (q.deptName?.trim()) extra.push(deptNameLike(user.tenantId, q.deptName.trim()));
      if (q.postName?.trim()) extra.push(postNameLike(user.tenantId, q.postName.trim()));
      const p = await admin.repo.page(user, { current: q.current, size: q.size, realName: q.realName?.trim() }, extra);
      const views = await admin.views(user, p.records as UserRow[]);
      let records: Record<string, unknown>[] = views.map(pickerRow);
      for (const extend of searchExtensions) records = await extend(user, records);
      return { ...p, records };
    },
  });

  // Registered guests (register-guest) wait with approval_status 0 until approved (given roles: then they
  // can log in) or refused (the registration is deleted, which frees the account name).
  route({
    method: 'GET',
    url: '/api/blade-user/audit-page',
    summary: '注册审核: 待审核用户分页',
    tags,
    requires: { code: 'user_approve' },
    query: pageQuery,
    handler: async ({ user, req }) => {
      const p = await admin.repo.page(user, req.query as Record<string, unknown>, [eq(users.approvalStatus, APPROVAL.pending)]);
      return { ...p, records: await admin.views(user, p.records as UserRow[]) };
    },
  });

  const pending = async (user: AuthUser, ids: string[]) => {
    const rows = await admin.findMany(user, ids);
    if (rows.some((r) => r.approvalStatus !== APPROVAL.pending)) throw fail('只能审核待审核的用户');
    return rows;
  };

  route({
    method: 'POST',
    url: '/api/blade-user/audit-pass',
    summary: '注册审核: 通过(并配置角色)',
    tags,
    requires: { code: 'user_approve' },
    handler: async ({ user, req }) => {
      const v = parseOrFail(approveBody, params(req));
      await pending(user, v.userIds);
      await admin.checkRefs(user, { roleId: v.roleIds, ...(v.deptIds ? { deptId: v.deptIds } : {}) });
      await admin.setMany(user, v.userIds, {
        approvalStatus: APPROVAL.approved,
        roleId: v.roleIds.join(','),
        ...(v.deptIds ? { deptId: v.deptIds.join(',') } : {}),
      });
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-user/audit-refuse',
    summary: '注册审核: 拒绝(删除该注册)',
    tags,
    requires: { code: 'user_approve' },
    handler: async ({ user, req }) => {
      const ids = parseIds((params(req) as Record<string, unknown>).userIds, 'userIds');
      await pending(user, ids);
      await admin.setMany(user, ids, { approvalStatus: APPROVAL.refused, isDeleted: 1 });
    },
  });
}

const PICKER_FIELDS = ['id', 'account', 'name', 'realName', 'avatar', 'phone', 'email', 'deptId', 'deptName', 'postId', 'postName'] as const;

/** A user as the pickers list them: PICKER_FIELDS and `displayName`, the name the web shows (userDisplayName). */
const pickerRow = <T extends Record<(typeof PICKER_FIELDS)[number], unknown> & Parameters<typeof userDisplayName>[0]>(v: T) => ({
  ...pick(v, PICKER_FIELDS),
  displayName: userDisplayName(v),
});

function pick<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}
