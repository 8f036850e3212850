/**
 * People (人事管理, BUSINESS.md §3 WP6 without salary and attendance): staff files and their records
 * (education, work history, family, certificates with sharing, labour contracts, social security), social-security
 * schemes, outside persons and assets, all on the entity definitions of packages/core/src/entities/hr.ts.
 * What is the area's own: self-service (a staff member whose data scope is 本人可见 keeps only their own records, and
 * in their staff file only the contact fields), the highest degree kept unique per person, certificate sharing
 * (certificates.ts), labour contracts by id or person (contracts.ts), social-security amounts from the scheme
 * (social.ts), the asset register (asset.ts) and the office approvals on the approval kit (office.ts). What other
 * modules use is in api.ts.
 */
import { HR_MSG, userEducationEntity, userHomeInfoEntity, userOuterEntity, userWorkHisEntity } from '@hjl/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { socialSchemeRefResolver } from './api.ts';
import { registerAssets } from './asset.ts';
import { registerCertificates } from './certificates.ts';
import { checkDates, personHooks, shared, type HrModuleContext } from './context.ts';
import { registerWorkContracts } from './contracts.ts';
import { registerOffice } from './office.ts';
import { educations, homeInfos, outers, workHis } from './schema.ts';
import { registerStaffFiles } from './staffFile.ts';
import { registerHrStatistics } from './statistics.ts';
import { registerSocialSecurity } from './social.ts';

export type { HrModuleContext } from './context.ts';
export { registerHrReminders, HR_EXPIRE_JOB, type HrReminders } from './reminders.ts';

export function registerHr(ctx: HrModuleContext) {
  const db = ctx.database.db;
  ctx.refs.register('social_security', socialSchemeRefResolver(db));
  const s = shared(ctx);

  registerStaffFiles(s);

  // 教育经历: one highest degree per person (marking another clears the former).
  const eduRepo = ctx.repo(userEducationEntity, educations);
  registerEntityRoutes(
    ctx.route,
    eduRepo,
    ctx.access,
    personHooks(s, eduRepo, educations, {
      check: (_user, data, current) => checkDates(data, current, 'startDate', 'endDate', HR_MSG.endBeforeStart),
      async inTransaction(tx, _user, change) {
        const [row] = await tx
          .select({ userId: educations.userId, isHighest: educations.isHighest, tenantId: educations.tenantId })
          .from(educations)
          .where(eq(educations.id, change.id));
        if (!row || Number(row.isHighest) !== 1) return;
        await tx
          .update(educations)
          .set({ isHighest: 0, updateTime: sql`now()` })
          .where(and(eq(educations.tenantId, row.tenantId), eq(educations.userId, row.userId), ne(educations.id, change.id), eq(educations.isHighest, 1)));
      },
    }),
  );

  const hisRepo = ctx.repo(userWorkHisEntity, workHis);
  registerEntityRoutes(
    ctx.route,
    hisRepo,
    ctx.access,
    personHooks(s, hisRepo, workHis, { check: (_user, data, current) => checkDates(data, current, 'startDate', 'endDate', HR_MSG.endBeforeStart) }),
  );

  const homeRepo = ctx.repo(userHomeInfoEntity, homeInfos);
  registerEntityRoutes(ctx.route, homeRepo, ctx.access, personHooks(s, homeRepo, homeInfos));

  registerCertificates(s);
  registerWorkContracts(s);
  registerSocialSecurity(s);
  registerEntityRoutes(ctx.route, ctx.repo(userOuterEntity, outers), ctx.access, { dictionary: s.dictionary });
  registerAssets(s);
  registerHrStatistics(s);
  registerOffice(s, ctx.approval);
}
