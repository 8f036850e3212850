/**
 * What other modules may use of the customer module (the only file of it they import): the `customer`
 * reference kind (a customer of the tenant, named by its customer name).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import { customers } from './schema.ts';

export function customerRefResolver(db: Db): RefResolver {
  return tableResolver(db, { table: customers, key: customers.id, name: customers.customerName, tenant: customers.tenantId, live: eq(customers.isDeleted, 0) });
}
