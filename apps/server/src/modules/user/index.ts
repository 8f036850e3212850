/**
 * /api/blade-user: guest registration (awaits an administrator's approval), user administration, Excel
 * import/export, directory sync and the personal profile.
 */
import { z } from 'zod';
import { nextId } from '../../platform/db/ids.ts';
import { ApiError, fail } from '../../platform/http/errors.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { findTenant } from '../tenant/api.ts';
import { registerUserAdmin, UserAdmin } from './admin.ts';
import { userRefResolver, type SearchRowExtension } from './api.ts';
import { applyDirectory, noDirectory, type WorkplaceDirectoryProvider } from './directory.ts';
import { registerUserExcel } from './excel.ts';
import { registerProfile } from './profile.ts';
import { ageDistribution, deptPersonCount } from './statistics.ts';
import type { StatisticsRegistry } from '../statistics/api.ts';
import { users, userOauth } from './schema.ts';
import { countUsers, findUserByAccount, hashPassword } from './service.ts';

const guestSchema = z.object({
  tenantId: z.string({ message: '请先输入租户编号' }).trim().min(1, '请先输入租户编号').max(12),
  name: z.string().trim().max(20).optional(),
  account: z.string({ message: '请先输入账号名称' }).trim().min(1, '请先输入账号名称').max(45),
  password: z.string({ message: '请先输入密码' }).min(1, '请先输入密码').max(100),
  oauthId: z.string().trim().max(4000).optional(),
});

/** Guest registrations per address: REGISTRATIONS_PER_HOUR an hour (per instance), against account farming. */
const REGISTRATIONS_PER_HOUR = 10;
function registrationLimiter() {
  const hits = new Map<string, number[]>();
  return (address: string) => {
    const now = Date.now();
    const recent = (hits.get(address) ?? []).filter((t) => now - t < 3_600_000);
    recent.push(now);
    hits.set(address, recent);
    if (hits.size > 10_000) hits.clear();
    return recent.length <= REGISTRATIONS_PER_HOUR;
  };
}

export interface UserModuleOptions {
  /** The workplace messaging service whose company directory users are synced from (default: none). */
  directory?: WorkplaceDirectoryProvider;
  /** The workbench statistics the staff charts are registered on (user/statistics.ts). */
  statistics?: StatisticsRegistry;
}

/** What other modules get of the user module at assembly. */
export interface UserModule {
  /** Adds fields to the user search rows (the picker's list), e.g. finance's `accountList`. */
  extendSearchRows(extension: SearchRowExtension): void;
}

export function registerUser(ctx: ModuleContext, options: UserModuleOptions = {}): UserModule {
  const { route, database } = ctx;
  const db = database.db;
  ctx.refs.register('user', userRefResolver(db));
  options.statistics?.register(deptPersonCount);
  options.statistics?.register(ageDistribution);
  const admin = new UserAdmin(ctx);
  const searchExtensions: SearchRowExtension[] = [];
  registerUserAdmin(ctx, admin, searchExtensions);
  registerUserExcel(ctx, admin);
  registerProfile(ctx);

  const directory = options.directory ?? noDirectory;
  const allowRegistration = registrationLimiter();
  route({
    method: 'GET',
    url: '/api/blade-user/dingTalk/syncDingTalkData',
    summary: '从企业通讯录同步用户',
    tags: ['用户管理'],
    requires: { code: 'user_sync' },
    handler: async ({ user }) => {
      const people = await directory.fetchPeople(user.tenantId);
      return applyDirectory(db, user, people, await ctx.params.get(user.tenantId, 'account.initPassword', '123456'));
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-user/register-guest',
    summary: '第三方登录用户注册(待管理员审核)',
    tags: ['user'],
    requires: 'public',
    msg: '注册成功,请等待管理员审核',
    handler: async ({ req }) => {
      if (!allowRegistration(req.ip)) throw new ApiError(429, '请求过于频繁,请稍后再试');
      // The Saber client sends the form as query parameters; a JSON body is accepted as well.
      const input = parseOrFail(guestSchema, { ...(req.query as object), ...(req.body && typeof req.body === 'object' ? req.body : {}) });
      // The third-party account to bind is the ticket an unbound social login answered (auth module), never a
      // bare id a caller could pick.
      let oauthUuid: string | undefined;
      if (input.oauthId) {
        const claims = await ctx.tokens.verify(input.oauthId, 'ticket').catch(() => undefined);
        if (!claims || typeof claims.oauth_uuid !== 'string' || claims.tenant_id !== input.tenantId) throw fail('第三方登录信息无效或已过期,请重新登录');
        oauthUuid = claims.oauth_uuid;
      }
      const tenant = await findTenant(db, input.tenantId);
      if (!tenant) throw fail('租户ID未找到');
      if ((await ctx.params.get(input.tenantId, 'account.registerUser', 'false')) !== 'true') throw fail('当前系统未开启注册功能');
      if (tenant.accountNumber >= 0 && (await countUsers(db, input.tenantId)) >= tenant.accountNumber) throw fail('当前租户已到最大账号额度!');
      if (await findUserByAccount(db, input.tenantId, input.account)) throw fail(`当前用户 [${input.account}] 已存在!`);
      const id = nextId();
      await db.transaction(async (tx) => {
        await tx.insert(users).values({
          id,
          tenantId: input.tenantId,
          account: input.account,
          name: input.name ?? input.account,
          realName: (input.name ?? input.account).slice(0, 10),
          password: await hashPassword(input.password),
          userType: 3,
          roleId: '',
          deptId: '',
          postId: '',
          approvalStatus: 0,
        });
        if (oauthUuid)
          await tx
            .insert(userOauth)
            .values({ id: nextId(), tenantId: input.tenantId, uuid: oauthUuid, userId: id, source: oauthUuid.split(':', 1)[0] ?? oauthUuid });
      });
    },
  });
  return { extendSearchRows: (extension) => void searchExtensions.push(extension) };
}
