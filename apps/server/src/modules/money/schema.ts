/**
 * The tables of project money (BUSINESS.md WP3, issue 17), derived from their definitions, with the indexes the
 * lists, the sums per contract and project and the persons' shares need.
 */
import { invoiceEntity, invoiceVoidEntity, projectCollectEntity, projectCollectPersonEntity } from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

const live = sql`is_deleted = 0`;

/** Collections: by project and by contract (ought income sums the contract's approved collections). */
export const projectCollects = entityTable(projectCollectEntity, (t) => [
  index('hjl_project_collect_project_idx').on(t.projectId!),
  index('hjl_project_collect_contract_idx').on(t.contractId!, t.status).where(live),
]);

/** The persons' shares of a collection. */
export const projectCollectPersons = entityTable(projectCollectPersonEntity, (t) => [
  index('hjl_project_collect_person_collect_idx').on(t.collectId!),
  index('hjl_project_collect_person_user_idx').on(t.tenantId!, t.userId!).where(live),
]);

/** Invoices: by project and by contract (the invoiced total of a contract). */
export const invoices = entityTable(invoiceEntity, (t) => [
  index('hjl_invoice_project_idx').on(t.projectId!),
  index('hjl_invoice_contract_idx').on(t.contractId!, t.status).where(live),
]);

/** Voiding requests, by invoice. */
export const invoiceVoids = entityTable(invoiceVoidEntity, (t) => [index('hjl_invoice_void_invoice_idx').on(t.invoiceId!)]);
