/**
 * What other modules may use of the customer module (the only file of it they import): the `customer`
 * reference kind (a customer of the tenant, named by its customer name).
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/crud/repo.ts';
import type { Db } from '../../platform/db/index.ts';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import { customerInvoices, customers } from './schema.ts';

export function customerRefResolver(db: Db): RefResolver {
  return tableResolver(db, { table: customers, key: customers.id, name: customers.customerName, tenant: customers.tenantId, live: eq(customers.isDeleted, 0) });
}

/** A live invoice title (开票信息) of the tenant: whose it is, the title and the tax number; undefined when none. */
export async function customerInvoiceTitle(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({
      id: customerInvoices.id,
      customerId: customerInvoices.customerId,
      invoiceTitle: customerInvoices.invoiceTitle,
      taxNumber: customerInvoices.taxNumber,
    })
    .from(customerInvoices)
    .where(and(eq(customerInvoices.id, id), eq(customerInvoices.tenantId, tenantId), eq(customerInvoices.isDeleted, 0)))
    .limit(1);
  return row
    ? { id: String(row.id), customerId: String(row.customerId), invoiceTitle: String(row.invoiceTitle ?? ''), taxNumber: String(row.taxNumber ?? '') }
    : undefined;
}

/** The live invoice titles of a customer of the tenant (a select of an invoice's 发票抬头). */
export async function customerInvoiceTitles(db: Executor, tenantId: string, customerId: string) {
  const rows = await db
    .select({ id: customerInvoices.id, invoiceTitle: customerInvoices.invoiceTitle, taxNumber: customerInvoices.taxNumber })
    .from(customerInvoices)
    .where(and(eq(customerInvoices.customerId, customerId), eq(customerInvoices.tenantId, tenantId), eq(customerInvoices.isDeleted, 0)))
    .orderBy(customerInvoices.id)
    .limit(200);
  return rows.map((r) => ({ id: String(r.id), invoiceTitle: String(r.invoiceTitle ?? ''), taxNumber: String(r.taxNumber ?? '') }));
}
