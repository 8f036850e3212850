/**
 * 项目绩效 (`GET /api/business/projectPerformance/page`, S2 L463; BUSINESS.md WP7): the output value (产值) of each
 * person of each archived project — one row per project, person and role:
 *   产值 = 咨询费 (the project's amount) × 分配比例 (the person's share in the role, %) ÷ 100 × 绩效得分 (the archive's
 *   performance score, `updateProjectPerformance`, 0–100) ÷ 100, to the cent (docs/decisions.md "Project performance").
 * A project counts once it has an approved archive; with several, the score is their mean (to the cent); a
 * project without a score yet answers its rows with no output value. Rows are confined to the projects the caller
 * may see, and further: a person sees their own rows, a department manager their departments' people's, holders of
 * `project_performance_all` (leaders, the clerk) all.
 */
import { APPROVAL_STATUS, PERFORMANCE_FORMULA, performanceOutput, sumMoney } from '@hjl/core';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { executeRows } from '../../platform/db/rows.ts';
import { isBlank, likePattern, optionalId } from '../../platform/http/params.ts';
import { ApplicantScope } from '../approval/api.ts';
import { userNameOf } from '../user/api.ts';
import type { ArchiveShared } from './context.ts';

export const PROJECT_PERFORMANCE_ALL = 'project_performance_all';

const pageQuery = z.looseObject({
  current: z.string().optional(),
  size: z.string().optional(),
  projectName: z.string().max(100, { message: '项目名称最多100个字符' }).optional(),
  userId: optionalId,
  projectId: optionalId,
});

interface PerformanceRow {
  projectId: string;
  projectNum: string | null;
  projectName: string | null;
  projectAmount: string | null;
  performanceScore: string | null;
  userId: string;
  userName: string | null;
  projectRole: number | null;
  shareRatio: string | null;
  total: number;
}

export function registerPerformance(s: ArchiveShared) {
  const { ctx, db, projects } = s;
  const scope = new ApplicantScope(ctx, PROJECT_PERFORMANCE_ALL);
  ctx.route({
    method: 'GET',
    url: '/api/business/projectPerformance/page',
    summary: `项目绩效分页:每个已归档项目每位人员的产值(${PERFORMANCE_FORMULA})`,
    tags: ['项目绩效'],
    requires: { code: 'project_performance' },
    query: pageQuery,
    handler: async ({ user, query }) => {
      const current = Math.max(1, Number.parseInt(query.current ?? '1', 10) || 1);
      const size = Math.min(100, Math.max(1, Number.parseInt(query.size ?? '10', 10) || 10));
      const visible = await projects.visibleProjects(user, sql`p.id`);
      const people = await scope.conditions(user, {
        applyUser: sql`pp.user_id` as never,
        applyDept: sql`nullif(split_part(u.dept_id, ',', 1), '')::bigint` as never,
      });
      const where: SQL[] = [visible, ...people];
      if (!isBlank(query.projectName)) where.push(sql`p.project_name LIKE ${likePattern(String(query.projectName))}`);
      if (query.userId) where.push(sql`pp.user_id = ${query.userId}`);
      if (query.projectId) where.push(sql`p.id = ${query.projectId}`);
      const rows = await executeRows<PerformanceRow>(
        db,
        sql`WITH scored AS (
              SELECT a.project_id, round(avg(a.performance_score), 2)::text AS score
                FROM hjl_archives a WHERE a.tenant_id = ${user.tenantId} AND a.is_deleted = 0 AND a.status = ${APPROVAL_STATUS.approved}
               GROUP BY a.project_id HAVING count(*) > 0)
            SELECT p.id::text AS "projectId", p.project_num AS "projectNum", p.project_name AS "projectName",
                   p.project_amount::text AS "projectAmount", sc.score AS "performanceScore",
                   pp.user_id::text AS "userId", ${userNameOf(sql`pp.user_id::text`, sql`p.tenant_id`)} AS "userName",
                   pp.project_role AS "projectRole", pp.share_ratio::text AS "shareRatio", count(*) OVER ()::int AS total
              FROM hjl_project p
              JOIN scored sc ON sc.project_id = p.id
              JOIN hjl_project_person pp ON pp.project_id = p.id AND pp.is_deleted = 0
              LEFT JOIN blade_user u ON u.id = pp.user_id
             WHERE p.tenant_id = ${user.tenantId} AND p.is_deleted = 0 AND ${sql.join(where, sql` AND `)}
             ORDER BY p.project_num, pp.project_role, pp.id
             LIMIT ${size} OFFSET ${(current - 1) * size}`,
      );
      const records = rows.map(({ total: _total, ...r }) => ({ ...r, outputValue: performanceOutput(r.projectAmount, r.shareRatio, r.performanceScore) }));
      const total = rows[0]?.total ?? 0;
      return {
        records,
        total,
        size,
        current,
        pages: Math.ceil(total / size),
        formula: PERFORMANCE_FORMULA,
        pageOutputValue: sumMoney(records.map((r) => r.outputValue ?? '0')),
      };
    },
  });
}
