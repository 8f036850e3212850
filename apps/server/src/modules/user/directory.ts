/**
 * Sync of users from a workplace messaging service's company directory (DingTalk, WeCom, Feishu ...):
 * GET /api/blade-user/dingTalk/syncDingTalkData. The service is reached through a provider; the default
 * one has no service configured and refuses, changing nothing. A provider answers the directory's people;
 * `applyDirectory` brings them in: known accounts get their names, phone and e-mail refreshed, new people
 * are added as registrations awaiting approval (they log in once an administrator approves and gives roles).
 */
import { APPROVAL, USER_MSG, phoneError } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Db } from '../../platform/db/index.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { users } from './schema.ts';
import { hashPassword } from './service.ts';

export interface DirectoryPerson {
  /** Login account in this system (the directory's user id or a mapped name). */
  account: string;
  realName: string;
  phone?: string;
  email?: string;
}

export interface WorkplaceDirectoryProvider {
  /** The people of the tenant's company directory. Throws an ApiError (400) when the service is not usable. */
  fetchPeople(tenantId: string): Promise<DirectoryPerson[]>;
}

/** No service configured: every sync is refused with 未配置企业通讯录同步服务. */
export const noDirectory: WorkplaceDirectoryProvider = {
  fetchPeople: () => Promise.reject(fail(USER_MSG.noSync)),
};

export interface SyncResult {
  updated: number;
  added: number;
  skipped: number;
}

/** Applies a directory to the tenant in one transaction (see the file comment). */
export async function applyDirectory(db: Db, user: AuthUser, people: DirectoryPerson[], initPassword: string): Promise<SyncResult> {
  const clean = people
    .map((p) => ({ ...p, account: p.account.trim().slice(0, 45), realName: p.realName.trim().slice(0, 10) }))
    .filter((p) => p.account && p.realName);
  const result: SyncResult = { updated: 0, added: 0, skipped: people.length - clean.length };
  if (!clean.length) return result;
  const existing = new Map(
    (
      await db
        .select({ id: users.id, account: users.account })
        .from(users)
        .where(
          and(
            eq(users.tenantId, user.tenantId),
            eq(users.isDeleted, 0),
            inArray(
              users.account,
              clean.map((p) => p.account),
            ),
          ),
        )
    ).map((u) => [u.account, u.id]),
  );
  const password = await hashPassword(initPassword);
  await db.transaction(async (tx) => {
    for (const p of clean) {
      const phone = p.phone && !phoneError(p.phone) ? p.phone : undefined;
      const email = p.email && p.email.length <= 45 ? p.email : undefined;
      const id = existing.get(p.account);
      if (id) {
        await tx
          .update(users)
          .set({ realName: p.realName, ...(phone ? { phone } : {}), ...(email ? { email } : {}), updateUser: user.userId, updateTime: sql`now()` })
          .where(eq(users.id, id));
        result.updated++;
      } else {
        await tx.insert(users).values({
          id: nextId(),
          tenantId: user.tenantId,
          account: p.account,
          name: p.realName.slice(0, 20),
          realName: p.realName,
          phone,
          email,
          password,
          roleId: '',
          deptId: '',
          postId: '',
          approvalStatus: APPROVAL.pending,
          userType: 3,
          createUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          updateUser: user.userId,
        });
        existing.set(p.account, 'new');
        result.added++;
      }
    }
  });
  return result;
}
