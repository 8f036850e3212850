/**
 * Users in Excel (platform/excel): export of the list as filtered (and within the caller's data scope),
 * the import template, and the import with its dry run. Roles, depts and posts travel by name.
 * `isCovered` (1/true) lets the import update users whose account already exists.
 */
import { APPROVAL, USER_MSG, isIdText, phoneError } from '@hjl/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_ROLE_ALIAS, isAdministrator, type AuthUser } from '../../platform/auth/user.ts';
import { nextId } from '../../platform/db/ids.ts';
import { readUpload, readWorkbook, runImport, sendWorkbook, templateWorkbook, writeWorkbook, type ExcelColumn } from '../../platform/excel/index.ts';
import { parseListQuery } from '../../platform/http/query.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { liveDeptsAndPosts } from '../org/api.ts';
import { tenantRoles } from '../system/api.ts';
import type { UserAdmin } from './admin.ts';
import { users } from './schema.ts';
import { hashPassword, type UserRow } from './service.ts';
import { sexDict, viewsOf } from './views.ts';

/** Largest export, in rows. */
const MAX_EXPORT_ROWS = 10_000;

const STATUS_LABELS = [
  { key: '1', label: '在职' },
  { key: '2', label: '离职' },
];

const emailCheck = (v: string) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? undefined : '请输入正确的邮箱地址');

async function userColumns(ctx: ModuleContext): Promise<ExcelColumn[]> {
  return [
    { key: 'account', header: '登录账号', required: '请输入登录账号', max: 45, width: 16 },
    { key: 'name', header: '用户昵称', max: 20 },
    { key: 'realName', header: '用户姓名', required: '请输入用户姓名', max: 10 },
    { key: 'phone', header: '手机号码', required: '手机号码不能为空', check: (v) => phoneError(v), width: 16 },
    { key: 'email', header: '电子邮箱', max: 45, check: emailCheck, width: 24 },
    { key: 'sex', header: '用户性别', dict: await sexDict(ctx.database.db) },
    { key: 'birthday', header: '用户生日', type: 'date' },
    { key: 'roleName', header: '所属角色', required: '请选择所属角色', max: 500, width: 20 },
    { key: 'deptName', header: '所属部门', required: '请选择所属部门', max: 500, width: 20 },
    { key: 'postName', header: '所属岗位', max: 500, width: 20 },
    { key: 'status', header: '状态', dict: STATUS_LABELS, exportOnly: true },
    { key: 'createTime', header: '创建时间', exportOnly: true, width: 20 },
  ];
}

const names = (v: unknown) =>
  v === null || v === undefined
    ? []
    : [
        ...new Set(
          String(v)
            .split(/[,，、]/)
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];

const truthy = (v: unknown) => v === true || v === '1' || v === 'true';

interface ImportItem {
  /** Existing user to cover, or undefined for a new one. */
  id?: string;
  values: Partial<typeof users.$inferInsert> & { account: string };
}

export function registerUserExcel(ctx: ModuleContext, admin: UserAdmin) {
  const { route } = ctx;
  const db = ctx.database.db;
  const tags = ['用户管理'];

  route({
    method: 'GET',
    url: '/api/blade-user/export-user',
    summary: '导出用户(按列表条件,令牌也可用 ?blade-auth=)',
    tags,
    requires: { code: 'user_export' },
    raw: true,
    query: z.looseObject({ account: z.string().optional(), realName: z.string().optional(), deptId: z.string().optional(), status: z.string().optional() }),
    handler: async ({ user, req, reply }) => {
      const query = req.query as Record<string, unknown>;
      const q = parseListQuery({ ...query, current: undefined, size: undefined }, { ...admin.repo.listSpec, maxSize: MAX_EXPORT_ROWS });
      const rows = (await db
        .select()
        .from(users)
        .where(
          and(
            ...(await admin.scope(user)),
            eq(users.approvalStatus, APPROVAL.approved),
            ...admin.deptFilter(user, query),
            ...q.filters.map((f) => admin.repo.filterCondition(f)),
          ),
        )
        .orderBy(desc(users.createTime), desc(users.id))
        .limit(MAX_EXPORT_ROWS)) as UserRow[];
      const views = await viewsOf(db, user.tenantId, rows);
      return sendWorkbook(reply, '用户数据.xlsx', await writeWorkbook('用户数据', await userColumns(ctx), views));
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-user/export-template',
    summary: '用户导入模板',
    tags,
    requires: { code: 'user_import' },
    raw: true,
    handler: async ({ reply }) => sendWorkbook(reply, '用户导入模板.xlsx', await templateWorkbook('用户数据', await userColumns(ctx))),
  });

  route({
    method: 'POST',
    url: '/api/blade-user/import-user',
    summary: '导入用户(multipart file; isCovered 覆盖已有账号; dryRun 只校验)',
    tags,
    requires: { code: 'user_import' },
    query: z.looseObject({ isCovered: z.string().optional(), dryRun: z.string().optional() }),
    handler: async ({ user, req }) => {
      const upload = await readUpload(req);
      const opts = { ...upload.fields, ...(req.query as Record<string, string>) };
      const sheet = await readWorkbook(upload.buffer, await userColumns(ctx));
      return importUsers(user, sheet, { isCovered: truthy(opts.isCovered), dryRun: truthy(opts.dryRun) });
    },
  });

  async function importUsers(user: AuthUser, sheet: Awaited<ReturnType<typeof readWorkbook>>, o: { isCovered: boolean; dryRun: boolean }) {
    const tenantId = user.tenantId;
    const [roleRows, { depts: deptRows, posts: postRows }] = await Promise.all([tenantRoles(db, tenantId), liveDeptsAndPosts(db, tenantId)]);
    const byName = <T extends { id: string; name: string }>(rows: T[]) => {
      const m = new Map<string, T>();
      for (const r of rows) if (!m.has(r.name)) m.set(r.name, r);
      return m;
    };
    const roleMap = byName(roleRows);
    const deptMap = byName(deptRows);
    const postMap = byName(postRows);
    const accounts = sheet.rows.map((r) => r.values.account).filter((a): a is string => typeof a === 'string');
    const existing = new Map(
      accounts.length
        ? (
            await db
              .select({ id: users.id, account: users.account })
              .from(users)
              .where(
                and(
                  eq(users.tenantId, tenantId),
                  eq(users.isDeleted, 0),
                  inArray(sql`lower(${users.account})`, [...new Set(accounts.map((a) => a.toLowerCase()))]),
                ),
              )
          ).flatMap((u) => accounts.filter((a) => a.toLowerCase() === u.account.toLowerCase()).map((a) => [a, u.id] as const))
        : [],
    );
    // Existing users the caller may change (their data scope).
    const coverable = new Set(
      existing.size
        ? (
            await db
              .select({ id: users.id })
              .from(users)
              .where(and(inArray(users.id, [...existing.values()]), ...(await admin.scope(user))))
          ).map((u) => u.id)
        : [],
    );
    const mayGrantAdmin = isAdministrator(user);
    const seen = new Set<string>();

    return runImport<ImportItem>(sheet, {
      dryRun: o.dryRun,
      check(row, error) {
        const v = row.values;
        const account = typeof v.account === 'string' ? v.account : undefined;
        let id: string | undefined;
        if (account) {
          if (seen.has(account)) error('登录账号', `文件中账号 [${account}] 重复`);
          seen.add(account);
          id = existing.get(account);
          if (id && !o.isCovered) error('登录账号', USER_MSG.exists(account));
          if (id && o.isCovered && !coverable.has(id)) error('登录账号', '无权修改该用户');
        }
        const resolve = <T extends { id: string; name: string }>(column: string, map: Map<string, T>, value: unknown, what: string) =>
          names(value).flatMap((n) => {
            const hit = map.get(n);
            if (!hit) error(column, `${what}不存在: ${n}`);
            return hit ? [hit] : [];
          });
        const roleHits = resolve('所属角色', roleMap, v.roleName, '角色');
        if (roleHits.some((r) => (r as { alias: string }).alias === ADMIN_ROLE_ALIAS) && !mayGrantAdmin) error('所属角色', USER_MSG.adminRole);
        const deptHits = resolve('所属部门', deptMap, v.deptName, '部门');
        const postHits = resolve('所属岗位', postMap, v.postName, '岗位');
        if (!account) return undefined;
        const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
        return {
          id,
          values: {
            account,
            name: text('name') ?? text('realName')?.slice(0, 20) ?? account.slice(0, 20),
            realName: text('realName') ?? null,
            phone: text('phone') ?? null,
            email: text('email') ?? null,
            sex: v.sex === null || v.sex === undefined ? null : Number(v.sex),
            birthday: text('birthday') ?? null,
            roleId: roleHits.map((r) => r.id).join(','),
            deptId: deptHits.map((r) => r.id).join(','),
            postId: postHits.map((r) => r.id).join(','),
          },
        };
      },
      async save(items) {
        const added = items.filter((i) => !i.id).length;
        if (added) await admin.assertQuota(tenantId, added);
        const password = await hashPassword(await admin.initPassword(tenantId));
        const audit = { updateUser: user.userId };
        await db.transaction(async (tx) => {
          const fresh = items.filter((i) => !i.id);
          if (fresh.length) {
            await tx.insert(users).values(
              fresh.map((i) => ({
                ...i.values,
                id: nextId(),
                tenantId,
                password,
                approvalStatus: APPROVAL.approved,
                createUser: user.userId,
                createDept: user.deptIds[0] ?? null,
                ...audit,
              })),
            );
          }
          for (const { id, values } of items) {
            if (!id || !isIdText(id)) continue;
            await tx
              .update(users)
              .set({ ...values, ...audit, updateTime: sql`now()` })
              .where(and(eq(users.id, id), eq(users.tenantId, tenantId)));
          }
        });
      },
    });
  }
}
