/**
 * 人事统计 (BUSINESS.md WP6; S2 L478 "highest degree, certificate count", and the staff by department and age band):
 * each a ChartData over the people the caller may see — HR and leaders the whole tenant, a staff member whose data
 * scope on the records is 本人档案 only their own (rows and totals). `GET /api/business/report/hr` answers all four;
 * the workbench shows 最高学历分布 and 证书统计 to the holders of the menu 人事统计 (`hr_report`).
 */
import { CERT_AFFILIATION, HR_REPORT_CODE, staffFileEntity, userCertificateEntity, userEducationEntity, type ChartData } from '@hjl/core';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import { staffAgeBands, staffPerDept } from '../user/api.ts';
import type { HrShared } from './context.ts';
import { certificates, educations, staffFiles } from './schema.ts';

const UNSET = '未填写';

export function hrStatistics(s: HrShared) {
  const { ctx } = s;
  const db = ctx.database.db;
  const eduRepo = ctx.repo(userEducationEntity, educations);
  const certRepo = ctx.repo(userCertificateEntity, certificates);
  const labels = (user: AuthUser, code: string) => ctx.dicts.biz.labels(user.tenantId, code);
  /** The one person a caller's figures are narrowed to (self-service), else undefined (everyone of the tenant). */
  const onlyOf = async (user: AuthUser) => ((await s.selfOnly(user, staffFileEntity, staffFiles)) ? user.userId : undefined);

  /** People by their highest degree (the education marked 最高学历), as a pie. */
  async function highestDegree(user: AuthUser): Promise<ChartData> {
    const rows = await db
      .select({ key: educations.degree, n: sql<number>`count(DISTINCT ${educations.userId})::int` })
      .from(educations)
      .where(and(eq(educations.isHighest, 1), ...(await eduRepo.scope(user))))
      .groupBy(educations.degree)
      .orderBy(educations.degree);
    const names = await labels(user, 'education_degree');
    return {
      kind: 'pie',
      title: '最高学历分布',
      categories: rows.map((r) => (r.key == null ? UNSET : (names.get(String(r.key)) ?? String(r.key)))),
      series: [{ name: '人数', data: rows.map((r) => Number(r.n)) }],
    };
  }

  /**
   * Certificates by type: all, the company's (registered with the firm) and those shared. A caller without the
   * certificate list (a staff member) counts their own only.
   */
  async function certificateCount(user: AuthUser): Promise<ChartData> {
    const codes = await ctx.access.permissions(user);
    const own = codes.has(userCertificateEntity.name) ? [] : [eq(certificates.userId, user.userId)];
    const rows = await db
      .select({
        key: certificates.certType,
        n: count(),
        company: sql<number>`count(*) FILTER (WHERE ${certificates.affiliation} = ${CERT_AFFILIATION.company})::int`,
        shared: sql<number>`count(*) FILTER (WHERE ${certificates.isShare} = 1)::int`,
      })
      .from(certificates)
      .where(and(...(await certRepo.scope(user)), ...own))
      .groupBy(certificates.certType)
      .orderBy(certificates.certType);
    const names = await labels(user, 'cert_type');
    return {
      kind: 'bar',
      title: '证书统计',
      categories: rows.map((r) => (r.key == null ? UNSET : (names.get(String(r.key)) ?? String(r.key)))),
      series: [
        { name: '证书数', data: rows.map((r) => Number(r.n)) },
        { name: '注册本公司', data: rows.map((r) => Number(r.company)) },
        { name: '已共享', data: rows.map((r) => Number(r.shared)) },
      ],
    };
  }

  return {
    highestDegree,
    certificateCount,
    byDept: async (user: AuthUser) => ({ ...(await staffPerDept(ctx.database, user, await onlyOf(user))), title: '部门人数' }),
    byAge: async (user: AuthUser) => staffAgeBands(ctx.database, user, await onlyOf(user)),
  };
}

export function registerHrStatistics(s: HrShared) {
  const { ctx } = s;
  const stats = hrStatistics(s);
  ctx.statistics?.register({ key: 'highestDegree', sort: 60, code: HR_REPORT_CODE, query: (_d, user) => stats.highestDegree(user) });
  ctx.statistics?.register({ key: 'certificateCount', sort: 61, code: HR_REPORT_CODE, query: (_d, user) => stats.certificateCount(user) });
  ctx.route({
    method: 'GET',
    url: '/api/business/report/hr',
    summary: '人事统计(最高学历、证书、部门人数、年龄段)',
    tags: ['人事统计'],
    requires: { code: staffFileEntity.name },
    handler: async ({ user }) => {
      // One after the other: the queries may share one connection (PGlite).
      const highestDegree = await stats.highestDegree(user);
      const certificateCount = await stats.certificateCount(user);
      const byDept = await stats.byDept(user);
      const byAge = await stats.byAge(user);
      return { highestDegree, certificateCount, byDept, byAge };
    },
  });
}
