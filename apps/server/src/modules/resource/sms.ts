/**
 * SMS configurations and sending (`/api/blade-resource/sms`). Messages go through an `SmsProvider` chosen by
 * the configuration's category (system dictionary `sms`). The default provider, category 1 日志记录, records
 * every message in blade_sms_log and reports success; vendors are added by registering a provider for their
 * category in `providers`.
 */
import { smsEntity } from '@hjl/core';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { idField } from '../../platform/http/params.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { Row } from '../../platform/crud/repo.ts';
import type { Db } from '../../platform/db/index.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { enableOne } from './enable.ts';
import { ENABLED, smsConfigs, smsLog } from './schema.ts';

export interface SmsMessage {
  phones: string[];
  params: Record<string, string>;
}

export interface SmsProvider {
  /** Sends one message to every phone; rejects (or answers success false) when the vendor refuses. */
  send(config: Row, message: SmsMessage, user: AuthUser): Promise<{ success: boolean; msg?: string }>;
}

/** The default provider: every message is written to blade_sms_log (one row per phone) and counts as sent. */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly db: Db) {}

  async send(config: Row, message: SmsMessage, user: AuthUser) {
    await this.db.insert(smsLog).values(
      message.phones.map((phone) => ({
        id: nextId(),
        tenantId: user.tenantId,
        smsId: String(config.id),
        smsCode: config.smsCode as string,
        category: Number(config.category),
        phone,
        templateId: config.templateId as string,
        signName: config.signName as string,
        params: JSON.stringify(message.params),
        createUser: user.userId,
      })),
    );
    return { success: true };
  }
}

const MAX_PHONES = 100;
const PHONE_RE = /^1[3-9]\d{9}$/;

const sendSchema = z.object({
  code: z.string().max(32).optional(),
  phones: z
    .union([z.string(), z.array(z.string())], { message: '请输入手机号' })
    .transform((v) => (Array.isArray(v) ? v : v.split(/[,，\s]+/)).map((p) => p.trim()).filter(Boolean))
    .superRefine((phones, c) => {
      if (!phones.length) c.addIssue({ code: 'custom', message: '请输入手机号' });
      else if (phones.length > MAX_PHONES) c.addIssue({ code: 'custom', message: `一次最多发送${MAX_PHONES}个手机号` });
      else {
        const bad = phones.find((p) => !PHONE_RE.test(p));
        if (bad) c.addIssue({ code: 'custom', message: `手机号格式不正确: ${bad.slice(0, 20)}` });
      }
    }),
  params: z
    .union([z.string(), z.record(z.string(), z.union([z.string(), z.number()]))], { message: '短信参数格式不正确' })
    .optional()
    .transform((v, c) => {
      if (v === undefined || v === '') return {};
      let o: unknown = v;
      if (typeof v === 'string') {
        try {
          o = JSON.parse(v);
        } catch {
          o = undefined;
        }
      }
      if (!o || typeof o !== 'object' || Array.isArray(o) || Object.values(o).some((x) => typeof x !== 'string' && typeof x !== 'number')) {
        c.addIssue({ code: 'custom', message: '短信参数格式不正确,应为JSON对象,例如 {"code":"1234"}' });
        return z.NEVER;
      }
      return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, String(x)]));
    }),
});

export function registerSms(ctx: ModuleContext) {
  const { route, database, logs } = ctx;
  const db = database.db;
  const repo = ctx.repo(smsEntity, smsConfigs);
  const providers: Record<number, SmsProvider> = { 1: new LogSmsProvider(db) };

  registerEntityRoutes(route, repo, ctx.access);
  route({
    method: 'POST',
    url: '/api/blade-resource/sms/enable',
    summary: '启用短信配置',
    tags: ['短信配置'],
    requires: { code: 'sms_enable' },
    query: z.object({ id: idField() }),
    handler: async ({ user, query, req }) => {
      const row = await enableOne(db, repo, smsConfigs, user, query.id);
      logs.usual(req, 'sms-enable', { id: query.id, smsCode: row.smsCode });
    },
  });

  // BladeX takes code, phones and params as request parameters; a JSON body is accepted as well.
  route({
    method: 'POST',
    url: '/api/blade-resource/sms/endpoint/send-message',
    summary: '发送短信',
    tags: ['短信配置'],
    requires: { code: 'sms_send' },
    msg: '发送成功',
    handler: async ({ user, req }) => {
      const input = parseOrFail(sendSchema, { ...(req.query as object), ...((req.body && typeof req.body === 'object' ? req.body : {}) as object) });
      const where = input.code ? eq(smsConfigs.smsCode, input.code) : eq(smsConfigs.status, ENABLED);
      const config = await repo.find(user, [where]);
      if (!config) throw fail(input.code ? `短信配置[${input.code}]不存在` : '没有启用的短信配置,请先启用一个');
      const provider = providers[Number(config.category)];
      if (!provider) throw fail('该短信服务商尚未接入,请使用"日志记录"分类');
      const result = await provider.send(config, { phones: input.phones, params: input.params }, user);
      if (!result.success) throw fail(`发送失败: ${result.msg ?? '未知错误'}`);
      logs.usual(req, 'sms-send', { smsCode: config.smsCode, phones: input.phones.length });
      return { success: true, count: input.phones.length };
    },
  });
}
