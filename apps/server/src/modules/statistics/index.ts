/**
 * GET /api/business-module/statistics/home/statistics: the workbench charts, each a registered statistic
 * (registry.ts; the staff charts are the user module's, user/statistics.ts). `keys` (comma-separated) narrows the answer to some of them; an unknown key is refused.
 * `board=cockpit` answers the data cockpit's charts (大数据中心) instead of the workbench's.
 * The registry is made in app.ts; business modules receive it (`registerX({ ...ctx, statistics })`) and call
 * `statistics.register({ key, sort, code?, query })` with a query answering ChartData of the caller's tenant.
 */
import { z } from 'zod';
import type { AccessProvider } from '../../platform/access/index.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { StatisticsRegistry } from './registry.ts';

export function registerStatistics(ctx: ModuleContext & { access: AccessProvider; statistics: StatisticsRegistry }) {
  const { route, database, access, statistics: registry } = ctx;

  route({
    method: 'GET',
    url: '/api/business-module/statistics/home/statistics',
    summary: '工作台统计',
    tags: ['统计'],
    requires: 'user',
    query: z.object({ keys: z.string().optional(), board: z.enum(['workbench', 'cockpit'], { message: '未知的统计看板' }).optional() }),
    handler: async ({ user, query }) => {
      const only = query.keys
        ? query.keys
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean)
        : undefined;
      const unknown = only?.find((k) => !registry.keys().includes(k));
      if (unknown) throw fail(`未知的统计项: ${unknown}`);
      return registry.run(database, user, await access.permissions(user), { only, board: query.board });
    },
  });
}
