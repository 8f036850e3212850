/**
 * The secrets vault (密码管理 `/process/passWord`, `hjlPassword`; BUSINESS.md §1 and WP6).
 *
 * - Entries (`hjlPassword` list, detail, submit, remove, export): the keepers (finance, leaders) keep them. The
 *   secret is sealed (AES-256-GCM, api.ts) before it is written; lists, details and exports carry the mask; a
 *   submit sending the mask back keeps it. The request logger masks a body's `password` (platform/logs).
 * - `GET hjlPassword/select`: the entries (platform, kind, account — nothing secret) anyone of the tenant may ask
 *   to use.
 * - Use requests (`hjlPasswordApply`, process `passwordUse` on the approval kit): approved, the request may reveal
 *   the secret to its requester until `expireTime` (approval + tenant parameter `password.revealHours`, 24 h).
 * - `POST hjlPasswordApply/reveal?id=`: the secret, to the requester of an approved, unexpired request; every call
 *   (shown or refused) is a row of the audit log (`hjlPasswordLog`, menu code `password_log`: administrators).
 */
import {
  APPROVAL_STATUS,
  passwordApplyEntity,
  passwordLogEntity,
  passwordVaultEntity,
  permissionCodes,
  VAULT_MSG,
  VAULT_REVEAL,
  VAULT_REVEAL_HOURS,
} from '@hjl/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail, forbidden, notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { ApplicantScope, type ApprovalKit } from '../approval/api.ts';
import type { DictStores } from '../dict/api.ts';
import { loadVaultKey, openSecret, passwordRefResolver, sealSecret } from './api.ts';
import { vaultApplies, vaultEntries, vaultLogs } from './schema.ts';

export interface VaultModuleContext extends ModuleContext {
  approval: ApprovalKit;
  dicts: DictStores;
}

/** Longest secret kept (characters). */
const MAX_SECRET = 200;
/** Fields of a use request only the server writes. */
const SERVER_FIELDS = ['approveTime', 'expireTime', 'revealCount'] as const;
/** Button code of 查看密码. */
export const REVEAL_CODE = 'password_apply_reveal';

export function registerVault(ctx: VaultModuleContext) {
  const db = ctx.database.db;
  const key = loadVaultKey(ctx.config.dataDir);
  const wf = ctx.approval.services.wf;
  ctx.refs.register('password', passwordRefResolver(db));
  const dictionary = ctx.dicts.optionsOf;

  // Entries: the secret is sealed before it reaches the repository (and the database).
  const entries = ctx.repo(passwordVaultEntity, vaultEntries);
  registerEntityRoutes(ctx.route, entries, ctx.access, {
    dictionary,
    beforeWrite(user, data) {
      if (data.password === undefined || data.password === null) return;
      const plain = String(data.password);
      if ([...plain].length > MAX_SECRET) throw fail(VAULT_MSG.secretLength);
      data.password = sealSecret(key, user.tenantId, plain);
    },
  });

  ctx.route({
    method: 'GET',
    url: `${passwordVaultEntity.api}/select`,
    summary: '可申请使用的密码(平台、类别、账户;不含密码)',
    tags: [passwordVaultEntity.label.zh],
    requires: { code: passwordApplyEntity.name },
    handler: async ({ user }) =>
      db
        .select({ id: vaultEntries.id, platform: vaultEntries.platform, category: vaultEntries.category, account: vaultEntries.account })
        .from(vaultEntries)
        .where(and(eq(vaultEntries.tenantId, user.tenantId), eq(vaultEntries.isDeleted, 0)))
        .orderBy(asc(vaultEntries.platform))
        .limit(1000),
  });

  // Use requests: the keepers (the vault's menu code) and administrators see all, a department manager those of
  // the departments managed, everyone else their own (the approval module's ApplicantScope).
  const scope = new ApplicantScope(ctx, permissionCodes(passwordVaultEntity).view);
  ctx.approval.register(passwordApplyEntity, vaultApplies, {
    visible: (user) => scope.conditions(user, { applyUser: vaultApplies.createUser, applyDept: vaultApplies.createDept }),
    dictionary,
    beforeWrite(_user, data: Row) {
      for (const f of SERVER_FIELDS) delete data[f];
    },
    async onStatus(tx, record, status) {
      if (status !== APPROVAL_STATUS.approved) {
        await tx
          .update(vaultApplies)
          .set({ approveTime: null, expireTime: null })
          .where(and(eq(vaultApplies.id, record.id), eq(vaultApplies.tenantId, record.tenantId)));
        return;
      }
      const hours = Number(await ctx.params.get(record.tenantId, 'password.revealHours', String(VAULT_REVEAL_HOURS), tx));
      const valid = Number.isFinite(hours) && hours > 0 ? Math.min(hours, 24 * 30) : VAULT_REVEAL_HOURS;
      const now = wf.clock.now();
      await tx
        .update(vaultApplies)
        .set({ approveTime: wf.zone.format(now), expireTime: wf.zone.format(new Date(now.getTime() + valid * 3_600_000)) })
        .where(and(eq(vaultApplies.id, record.id), eq(vaultApplies.tenantId, record.tenantId)));
    },
  });

  // 查看密码: the requester of an approved, unexpired request; every call is audited.
  ctx.route({
    method: 'POST',
    url: `${passwordApplyEntity.api}/reveal`,
    summary: '查看密码(申请人本人,审批通过后有效期内;每次查看记入审计日志)',
    tags: [passwordApplyEntity.label.zh],
    requires: { code: REVEAL_CODE },
    query: z.object({ id: idField() }),
    handler: async ({ user, query, req, reply }) => {
      const now = wf.zone.format(wf.clock.now());
      const [apply] = await db
        .select({
          id: vaultApplies.id,
          createUser: vaultApplies.createUser,
          status: vaultApplies.status,
          passwordId: vaultApplies.passwordId,
          expireTime: vaultApplies.expireTime,
          expired: sql<boolean>`${vaultApplies.expireTime} IS NULL OR ${vaultApplies.expireTime} <= ${now}::timestamp`,
        })
        .from(vaultApplies)
        .where(and(eq(vaultApplies.id, query.id), eq(vaultApplies.tenantId, user.tenantId), eq(vaultApplies.isDeleted, 0)));
      if (!apply) throw notFound(VAULT_MSG.notFound);
      const audit = async (result: number, message: string) =>
        db.insert(vaultLogs).values({
          id: nextId(),
          tenantId: user.tenantId,
          createUser: user.userId,
          updateUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          passwordId: apply.passwordId,
          applyId: apply.id,
          userId: user.userId,
          revealTime: now,
          result,
          message,
          ip: String(req.ip ?? '').slice(0, 64),
        });
      const refuse = async (message: string, status: 400 | 403 = 400) => {
        await audit(VAULT_REVEAL.refused, message);
        return status === 403 ? forbidden(message) : fail(message);
      };
      if (String(apply.createUser) !== user.userId) throw await refuse(VAULT_MSG.notMine, 403);
      if (Number(apply.status) !== APPROVAL_STATUS.approved) throw await refuse(VAULT_MSG.notApproved);
      if (apply.expired) throw await refuse(VAULT_MSG.expired);
      const [entry] = await db
        .select({
          platform: vaultEntries.platform,
          platformUrl: vaultEntries.platformUrl,
          account: vaultEntries.account,
          loginName: vaultEntries.loginName,
          password: vaultEntries.password,
        })
        .from(vaultEntries)
        .where(and(eq(vaultEntries.id, apply.passwordId), eq(vaultEntries.tenantId, user.tenantId), eq(vaultEntries.isDeleted, 0)));
      if (!entry?.password) throw await refuse(VAULT_MSG.entryGone);
      const password = openSecret(key, user.tenantId, String(entry.password));
      await audit(VAULT_REVEAL.shown, '查看成功');
      await db
        .update(vaultApplies)
        .set({ revealCount: sql`coalesce(${vaultApplies.revealCount}, 0) + 1` })
        .where(eq(vaultApplies.id, apply.id));
      void reply.header('cache-control', 'no-store');
      return { ...entry, password, expireTime: apply.expireTime };
    },
  });

  // The audit log: read with its menu code, which the demo grants to administrators only (seed/data.ts).
  registerEntityRoutes(ctx.route, ctx.repo(passwordLogEntity, vaultLogs), ctx.access, { dictionary });
}
