/**
 * What other modules may use of archives (the only file of this module they import): the `archives` and
 * `archives_template` reference kinds (a borrowing names its archive, a record column its template).
 */
import { eq } from 'drizzle-orm';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import type { Db } from '../../platform/db/index.ts';
import { archives, archivesTemplates } from './schema.ts';

export function archivesRefResolver(db: Db): RefResolver {
  return tableResolver(db, { table: archives, key: archives.id, name: archives.archiveName, tenant: archives.tenantId, live: eq(archives.isDeleted, 0) });
}

export function archivesTemplateRefResolver(db: Db): RefResolver {
  return tableResolver(db, {
    table: archivesTemplates,
    key: archivesTemplates.id,
    name: archivesTemplates.templateName,
    tenant: archivesTemplates.tenantId,
    live: eq(archivesTemplates.isDeleted, 0),
  });
}
