/**
 * What other modules may use of the branch module (the only file of it they import): the `branch` reference kind
 * (a branch of the tenant, named by its branch name), so that a project (or any record) may say `ref: 'branch'`.
 */
import { eq } from 'drizzle-orm';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import type { Db } from '../../platform/db/index.ts';
import { filiales } from './schema.ts';

export function branchRefResolver(db: Db): RefResolver {
  return tableResolver(db, { table: filiales, key: filiales.id, name: filiales.filialeName, tenant: filiales.tenantId, live: eq(filiales.isDeleted, 0) });
}
