/**
 * What other modules may use of the people area (the only file of this module they import): the
 * `social_security` reference kind (a person's scheme).
 */
import { eq } from 'drizzle-orm';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import type { Db } from '../../platform/db/index.ts';
import { socialSchemes } from './schema.ts';

export function socialSchemeRefResolver(db: Db): RefResolver {
  return tableResolver(db, {
    table: socialSchemes,
    key: socialSchemes.id,
    name: socialSchemes.schemeName!,
    tenant: socialSchemes.tenantId,
    live: eq(socialSchemes.isDeleted, 0),
  });
}
