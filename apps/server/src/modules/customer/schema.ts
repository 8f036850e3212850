import { customerAccountEntity, customerChanceEntity, customerContactsEntity, customerEntity, customerInvoiceEntity, customerVisitEntity } from '@hjl/core';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

/** Customers, with an index serving "my customers" and the owner data scope. */
export const customers = entityTable(customerEntity, (t) => [index('hjl_customer_owner_idx').on(t.tenantId, t.ownerUser)]);
/** A customer's records, each indexed by its customer (the tabs of the detail page). */
export const customerContacts = entityTable(customerContactsEntity, (t) => [index('hjl_customer_contacts_customer_idx').on(t.customerId)]);
export const customerVisits = entityTable(customerVisitEntity, (t) => [index('hjl_customer_visit_customer_idx').on(t.customerId)]);
export const customerAccounts = entityTable(customerAccountEntity, (t) => [index('hjl_customer_account_customer_idx').on(t.customerId)]);
export const customerInvoices = entityTable(customerInvoiceEntity, (t) => [index('hjl_customer_invoice_customer_idx').on(t.customerId)]);
export const customerChances = entityTable(customerChanceEntity, (t) => [index('hjl_customer_chance_customer_idx').on(t.customerId)]);
