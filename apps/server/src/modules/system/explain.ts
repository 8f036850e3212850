/**
 * Why can this user see that (权限管理 → 权限解释): for an administrator, a user of their tenant and a menu or
 * button code, or a record (kind + id), explained from the functions that decide — `SystemAccess.explainCode`
 * (roles, package, `permissions`), `SystemAccess.scopeRules` and `ruleCondition` (the data scope), the record
 * kind's own repository (`tenantRow`, `detail`: tenant, scope and parent) — never a second copy of the rules.
 * The user is seen as their login would make them (`subjectOf`: the token claims of auth/api.ts), which is also
 * the session 以此身份查看 opens (view-as.ts).
 */
import { dataScopeEntity, DATA_SCOPE_TYPE } from '@hjl/core';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { TokenService } from '../../platform/auth/tokens.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { DictionaryLookup } from '../../platform/crud/export.ts';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import type { Db } from '../../platform/db/index.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { tokenClaims } from '../auth/api.ts';
import { findTenant } from '../tenant/api.ts';
import { findUser, userDisplayName } from '../user/api.ts';
import { ruleCondition, type CodeExplanation, type DataRule, type ScopeRules, type SystemAccess } from './access.ts';
import { rolesOf } from './api.ts';
import { dataScopes } from './schema.ts';

/** The routes' prefix, the explainer's menu code (its page) and the code of 以此身份查看. */
export const EXPLAIN_API = '/api/blade-system/access-explain';
export const EXPLAIN_CODE = 'access_explain';
export const VIEW_AS_CODE = 'access_explain_view_as';

export const EXPLAIN_MSG = {
  userMissing: '用户不存在',
  codeMissing: '菜单或按钮不存在',
  kindMissing: '记录类型不存在',
} as const;

/** What the explainer needs of the assembly: the access rules, the dictionaries and every record kind's repository. */
export interface ExplainContext extends ModuleContext {
  systemAccess: SystemAccess;
  dicts: { optionsOf: DictionaryLookup };
  /** The repository of each record kind by its definition's name (app.ts fills it as modules create them). */
  repos: ReadonlyMap<string, EntityRepo>;
}

/**
 * A user of the caller's tenant as their login makes them: the same claims (their live roles, their depts), read
 * back as the token's caller. Another tenant's user, or none, is not found.
 */
export async function subjectOf(db: Db, caller: AuthUser, userId: string) {
  const row = await findUser(db, caller.tenantId, userId);
  if (!row) throw notFound(EXPLAIN_MSG.userMissing);
  const roleRows = await rolesOf(db, row.tenantId, (row.roleId ?? '').split(',').filter(Boolean));
  const claims = tokenClaims(row, roleRows, row.deptId ?? '', caller.clientId);
  return { row, roleRows, claims, user: TokenService.userOf({ ...claims, jti: '', exp: 0 }) };
}

type Subject = Awaited<ReturnType<typeof subjectOf>>;

async function whoOf(db: Db, s: Subject) {
  const tenant = await findTenant(db, s.row.tenantId);
  return {
    user: { id: s.row.id, account: s.row.account, name: userDisplayName(s.row) },
    tenant: { id: s.row.tenantId, name: tenant?.tenantName ?? '' },
  };
}

const HOW = { admin: '管理员角色拥有全部菜单和按钮', direct: '直接授予', below: '授予了其下的按钮或子菜单(上级菜单随之可见)' } as const;

/** The answer about one code: each role's part, the package, the decision and a sentence saying why. */
function codeAnswer(e: CodeExplanation, s: Subject, name: string) {
  const roleName = new Map(s.roleRows.map((r) => [r.id, r.roleName ?? r.roleAlias ?? r.id]));
  const roles = e.roles.map((r) => ({
    id: r.roleId,
    name: roleName.get(r.roleId) ?? r.roleId,
    grants: r.grants,
    how: r.how,
    reason: r.how ? HOW[r.how] : '未授予',
  }));
  const granting = roles.filter((r) => r.grants).map((r) => r.name);
  const what = `「${e.menu.name}」(${e.menu.code})`;
  let reason: string;
  if (e.granted) reason = `${name}拥有${what}:由角色${granting.join('、')}授予`;
  else if (!s.roleRows.length) reason = `${name}没有任何有效角色,因此没有${what}`;
  else if (granting.length && !e.inPackage) reason = `角色${granting.join('、')}授予了${what},但租户的产品套餐不含它,因此没有`;
  else reason = `${name}的角色(${roles.map((r) => r.name).join('、')})均未授予${what}`;
  return {
    menu: { id: e.menu.id, code: e.menu.code, name: e.menu.name, category: e.menu.category, path: e.menu.path },
    granted: e.granted,
    inPackage: e.inPackage,
    roles,
    reason,
  };
}

/** Whether the record `id` of the repository's table meets one rule for `user` (全部可见 always does). */
async function ruleMatches(db: Db, repo: EntityRepo, rule: DataRule, user: AuthUser, id: string): Promise<boolean> {
  const columns = repo.scopedColumns();
  if (!columns) return true;
  const condition = ruleCondition(rule, user, columns);
  if (!condition) return true;
  const rows = await db
    .select({ id: repo.columns.id })
    .from(repo.table)
    .where(and(eq(repo.column('id'), id), condition))
    .limit(1);
  return rows.length > 0;
}

/** How the scope decided, in the words of access.ts (`scopeConditionOf`). */
function scopeDecision(scope: ScopeRules) {
  if (scope.admin) return { decision: 'admin', reason: '管理员角色不受数据权限限制' } as const;
  if (!scope.rules.length) return { decision: 'none-defined', reason: '该菜单没有数据权限规则,本租户的全部数据可见' } as const;
  if (!scope.granted.length) return { decision: 'none-granted', reason: '其角色未被授予该菜单的任何数据权限,本租户的全部数据可见' } as const;
  if (scope.granted.some((r) => r.scopeType === DATA_SCOPE_TYPE.all)) return { decision: 'all', reason: '其角色被授予了「全部可见」' } as const;
  return { decision: 'rules', reason: '其角色被授予的数据权限规则之一符合即可见' } as const;
}

async function explainRecord(ctx: ExplainContext, caller: AuthUser, q: { userId: string; kind: string; id: string }) {
  const db = ctx.database.db;
  const repo = ctx.repos.get(q.kind);
  if (!repo?.scopedColumns()) throw fail(EXPLAIN_MSG.kindMissing);
  const s = await subjectOf(db, caller, q.userId);
  const who = await whoOf(db, s);
  const kind = { kind: repo.def.name, label: repo.def.label.zh };
  const menuGranted = (await ctx.systemAccess.permissions(s.user)).has(repo.def.name);
  const stored = await repo.tenantRow(s.user.tenantId, q.id);
  if (!stored)
    return { ...who, kind, id: q.id, exists: false, menuGranted, visible: false, scope: null, reason: `租户「${who.tenant.name}」中没有这条${kind.label}记录` };
  // The decision itself: the list's and the detail's own statement (tenant, data scope, parent).
  const visible = Boolean(await repo.detail(s.user, q.id));
  const scope = await ctx.systemAccess.scopeRules(s.user, repo.def.name);
  const names = scope.rules.length
    ? new Map(
        (
          await db
            .select({ id: dataScopes.id, name: dataScopes.scopeName })
            .from(dataScopes)
            .where(
              inArray(
                dataScopes.id,
                scope.rules.map((r) => r.id),
              ),
            )
        ).map((r) => [r.id, r.name]),
      )
    : new Map<string, string>();
  const typeLabels = new Map((await ctx.dicts.optionsOf(caller, dataScopeEntity.fields.scopeType)).map((o) => [o.key, o.label]));
  const granted = new Set(scope.granted.map((r) => r.id));
  const rules = await Promise.all(
    scope.rules.map(async (r) => ({
      id: r.id,
      name: names.get(r.id) ?? '',
      type: r.scopeType,
      typeLabel: typeLabels.get(String(r.scopeType)) ?? String(r.scopeType),
      column: r.scopeColumn,
      value: r.scopeValue,
      granted: granted.has(r.id),
      matches: await ruleMatches(db, repo, r, s.user, q.id),
    })),
  );
  const decided = scopeDecision(scope);
  const inScope = decided.decision !== 'rules' || rules.some((r) => r.granted && r.matches);
  // The rules that decided: those granted that let the row in, or — when none does — every granted one that keeps it out.
  const deciding = decided.decision === 'rules' || decided.decision === 'all' ? rules.filter((r) => r.granted && (inScope ? r.matches : true)) : [];
  const name = who.user.name;
  const reason = [
    visible ? `${name}可以看到这条${kind.label}记录` : `${name}看不到这条${kind.label}记录`,
    decided.reason,
    ...(decided.decision === 'rules'
      ? [inScope ? `符合规则:${deciding.map((r) => r.name).join('、')}` : `不符合任何被授予的规则:${deciding.map((r) => r.name).join('、')}`]
      : []),
    ...(inScope && !visible ? ['它所属的上级记录不在其可见范围内'] : []),
    ...(menuGranted ? [] : [`但其没有菜单「${kind.label}」(${repo.def.name})的权限,打不开该列表`]),
  ].join(';');
  return {
    ...who,
    kind,
    id: q.id,
    exists: true,
    menuGranted,
    visible,
    scope: { ...decided, admin: scope.admin, rules, deciding: deciding.map((r) => r.id) },
    reason,
  };
}

export function registerAccessExplain(ctx: ExplainContext) {
  const { route, database, systemAccess } = ctx;
  const db = database.db;
  const tags = ['权限解释'];

  route({
    method: 'GET',
    url: `${EXPLAIN_API}/menu`,
    summary: '解释用户为何拥有或没有某菜单、按钮',
    tags,
    requires: { code: EXPLAIN_CODE },
    query: z.object({ userId: idField(), code: z.string().trim().min(1, '请选择菜单或按钮').max(255) }),
    handler: async ({ user, query }) => {
      const s = await subjectOf(db, user, query.userId);
      const e = await systemAccess.explainCode(s.user, query.code);
      if (!e) throw fail(EXPLAIN_MSG.codeMissing);
      const who = await whoOf(db, s);
      return { ...who, ...codeAnswer(e, s, who.user.name) };
    },
  });

  route({
    method: 'GET',
    url: `${EXPLAIN_API}/record`,
    summary: '解释用户为何能或不能看到某条记录',
    tags,
    requires: { code: EXPLAIN_CODE },
    query: z.object({ userId: idField(), kind: z.string().trim().min(1, '请选择记录类型').max(100), id: idField() }),
    handler: ({ user, query }) => explainRecord(ctx, user, query),
  });

  route({
    method: 'GET',
    url: `${EXPLAIN_API}/kinds`,
    summary: '可解释的记录类型',
    tags,
    requires: { code: EXPLAIN_CODE },
    handler: async () =>
      [...ctx.repos.values()]
        .filter((r) => r.scopedColumns())
        .map((r) => ({ kind: r.def.name, label: r.def.label.zh }))
        .sort((a, b) => a.label.localeCompare(b.label, 'zh')),
  });
}
