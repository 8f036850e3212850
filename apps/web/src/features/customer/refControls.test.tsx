import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { ContactsPage } from './ChildPages';
import { CustomerList } from './CustomerPage';

const page = (records: unknown[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const contact = { id: '51', customerId: '7', customerName: '南京市政设计院', contactName: '赵联系', mobile: '13911112222' };
const customer = {
  id: '7',
  customerName: '南京市政设计院',
  customerType: 1,
  regionCode: '320105',
  regionName: '江苏省/南京市/建邺区',
  ownerUser: '3',
  ownerName: '张伟',
  customerStatus: 1,
};

function setup(ui: React.ReactNode, permissions: string[]) {
  saveTokens(tokenAnswer());
  saveAccess([], permissions);
  const http = mockFetch((c) => {
    if (c.path === '/api/business/hjlCustomerContacts/list') return ok(page([contact]));
    if (c.path === '/api/business/hjlCustomerContacts/detail') return ok(contact);
    if (c.path === '/api/business/hjlCustomer/list') return ok(page([customer]));
    if (c.path === '/api/business/hjlCustomer/detail') return ok(customer);
    if (c.path === '/api/blade-system/region/lazy-tree')
      return ok(c.query.get('parentCode') ? [] : [{ code: '320000', parentCode: '00', name: '江苏省', hasChildren: false }]);
    if (c.path.startsWith('/api/blade-system/dict')) return ok([]);
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );
  return http;
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('the customer pickers, derived from the fields’ ref', () => {
  it("an edit dialog shows the record's customer name in the picker without asking hjlCustomer/detail", async () => {
    const http = setup(<ContactsPage />, ['customer_contacts_edit']);
    fireEvent.click(await screen.findByTestId('crud-row-edit-51'));
    await waitFor(() => expect((screen.getByTestId('crud-form-customerId') as HTMLInputElement).value).toBe('南京市政设计院'));
    expect(http.callsTo('/api/business/hjlCustomerContacts/detail')).toHaveLength(1);
    expect(http.callsTo('/api/business/hjlCustomer/detail')).toEqual([]);
  });

  it('the customer list searches on the region (region select) and the owner (user picker)', async () => {
    const http = setup(<CustomerList />, []);
    await screen.findByText('南京市政设计院');
    expect(screen.getByTestId('crud-search-ownerUser')).toBeTruthy();
    const region = screen.getByTestId('crud-search-regionCode');
    fireEvent.mouseDown(region.querySelector('.ant-select-selector') ?? region);
    fireEvent.click(await screen.findByTitle('江苏省'));
    fireEvent.click(screen.getByTestId('crud-search-submit'));
    await waitFor(() => expect(http.callsTo('/api/business/hjlCustomer/list').at(-1)!.query.get('regionCode')).toBe('320000'));
  });
});
