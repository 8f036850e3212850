/**
 * /api/blade-desk/notification: the top bar's notifications (service.ts) of the signed-in user — a page per
 * tab (mail, message, notice), unread counts, and marking read (some, or all of a tab).
 */
import { z } from 'zod';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { CATEGORIES, NotificationService, TYPES, type WorkflowItems } from './service.ts';

const API = '/api/blade-desk/notification';
const tags = ['通知'];
const ID = new RegExp(`^(${TYPES.join('|')}):[0-9]{1,19}$`);
const category = z.enum(CATEGORIES, { message: '通知分类不正确' });

/** `workflowItems`: the workflow's items of a user (to-dos, urges, copies), from the workflow module. */
export function registerNotification(ctx: ModuleContext & { workflowItems?: WorkflowItems }): NotificationService {
  const { route, database, params, config } = ctx;
  const service = new NotificationService(database, ctx.workflowItems, ctx.config.exactTotal);

  route({
    method: 'GET',
    url: `${API}/list`,
    summary: '我的通知',
    tags,
    requires: 'user',
    query: z.object({
      category: category.optional(),
      unread: z.enum(['true', 'false'], { message: '请求参数类型错误' }).optional(),
      current: z.coerce.number({ message: '请求参数类型错误' }).int('请求参数类型错误').min(1, '请求参数类型错误').default(1),
      size: z.coerce.number({ message: '请求参数类型错误' }).int('请求参数类型错误').min(1, '请求参数类型错误').default(10),
    }),
    handler: async ({ user, query }) => {
      const max = await params.getInt(user.tenantId, 'page.maxSize', config.maxPageSize);
      return service.page(user.tenantId, user.userId, { ...query, unread: query.unread === 'true', size: Math.min(query.size, max) });
    },
  });

  route({
    method: 'GET',
    url: `${API}/unread-count`,
    summary: '未读通知数',
    tags,
    requires: 'user',
    handler: ({ user }) => service.unreadCounts(user.tenantId, user.userId),
  });

  route({
    method: 'POST',
    url: `${API}/read`,
    summary: '标记已读',
    tags,
    requires: 'user',
    msg: '操作成功',
    query: z.object({ ids: z.string({ message: '缺少必要的请求参数: ids' }).min(1, '缺少必要的请求参数: ids') }),
    handler: async ({ user, query }) => {
      const ids = [
        ...new Set(
          query.ids
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const bad = ids.find((i) => !ID.test(i));
      if (bad !== undefined || !ids.length) throw fail(`通知编号不正确: ${bad ?? ''}`);
      const missing = await service.markRead(user.tenantId, user.userId, { ids });
      if (missing.length) throw fail(`通知不存在: ${missing.join(',')}`);
    },
  });

  route({
    method: 'POST',
    url: `${API}/read-all`,
    summary: '全部标记已读',
    tags,
    requires: 'user',
    msg: '操作成功',
    query: z.object({ category: category.optional() }),
    handler: async ({ user, query }) => {
      await service.markRead(user.tenantId, user.userId, { category: query.category });
    },
  });
  return service;
}
