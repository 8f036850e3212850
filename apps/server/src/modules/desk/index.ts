/** /api/blade-desk: notices. */
import { noticeEntity } from '@hjl/core';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { sanitizeRichText } from '../../platform/html/sanitize.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { DictStores } from '../dict/api.ts';
import { notices } from './schema.ts';

export function registerDesk(ctx: ModuleContext & { dicts: DictStores }) {
  const categoryNames = (tenantId: string) => ctx.dicts.system.labels(tenantId, 'notice');
  registerEntityRoutes(ctx.route, ctx.repo(noticeEntity, notices), ctx.access, {
    // Rich text is stored clean (no scripts, event handlers or javascript: links), so every reader gets safe HTML.
    async beforeWrite(_user, data) {
      if (typeof data.content === 'string') data.content = await sanitizeRichText(data.content);
    },
    // BladeX's NoticeVO: the category's dictionary label beside its key.
    async decorateRows(user, rows) {
      const names = await categoryNames(user.tenantId);
      return rows.map((r) => ({ ...r, categoryName: names.get(String(r.category)) ?? '' }));
    },
    async decorate(user, row) {
      return { ...row, categoryName: (await categoryNames(user.tenantId)).get(String(row.category)) ?? '' };
    },
  });
}
