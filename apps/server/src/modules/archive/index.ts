/**
 * Archives and KPI (档案, 绩效考核: BUSINESS.md §3 WP7): archives of finished projects against their templates'
 * checklists (archives.ts), borrowing and returning (borrowing.ts), document templates and record columns under
 * /api/server (templates.ts), the template library (library.ts), the monthly KPI (kpi.ts) and project performance
 * (performance.ts); approvals on the kit, archive numbers from the numbering service.
 */
import { NumberingService } from '../../platform/numbering/index.ts';
import { archivesRefResolver, archivesTemplateRefResolver } from './api.ts';
import { registerArchives } from './archives.ts';
import { registerBorrowing } from './borrowing.ts';
import { shared, type ArchiveModuleContext } from './context.ts';
import { registerKpi } from './kpi.ts';
import { registerTemplateLibrary } from './library.ts';
import { registerPerformance } from './performance.ts';
import { registerTemplates } from './templates.ts';

export type { ArchiveModuleContext } from './context.ts';

export function registerArchive(ctx: ArchiveModuleContext) {
  const db = ctx.database.db;
  ctx.refs.register('archives', archivesRefResolver(db));
  ctx.refs.register('archives_template', archivesTemplateRefResolver(db));
  const s = shared(ctx, new NumberingService(ctx.database, ctx.params, ctx.config.timeZone));
  const archives = registerArchives(s);
  const borrowings = registerBorrowing(s);
  registerTemplates(s, archives);
  registerTemplateLibrary(s);
  const kpi = registerKpi(s);
  registerPerformance(s);
  return { archives, borrowings, kpi };
}
