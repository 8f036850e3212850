/**
 * The customer's records on their own lists (contacts, visits, accounts, invoice titles, chances) and as
 * tabs of the customer detail page: one CrudPage each, the customer chosen with the picker (derived from the
 * field's `ref: 'customer'`) — or fixed, in the detail page's tab.
 */
import { customerAccountEntity, customerChanceEntity, customerContactsEntity, customerInvoiceEntity, customerVisitEntity, type EntityDef } from '@hjl/core';
import { CrudPage } from '../../components/CrudPage';

/** The list of one kind of customer record; `customerId` confines it to one customer (a detail-page tab). */
export function CustomerRecords({ def, customerId }: { def: EntityDef; customerId?: string }) {
  return <CrudPage def={def} fixed={customerId ? { customerId } : undefined} bordered={!customerId} />;
}

export const ContactsPage = () => <CustomerRecords def={customerContactsEntity} />;
export const VisitPage = () => <CustomerRecords def={customerVisitEntity} />;
export const AccountPage = () => <CustomerRecords def={customerAccountEntity} />;
export const InvoicePage = () => <CustomerRecords def={customerInvoiceEntity} />;
export const ChancePage = () => <CustomerRecords def={customerChanceEntity} />;
