import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, tokenAnswer } from '../../test/http';

const page = { records: [], total: 0, size: 10, current: 1, pages: 0 };
/** The finance role of the demo company: customers, accounts and invoice titles, no contacts, visits or chances. */
const financeMenus = [
  {
    id: '1',
    parentId: '0',
    code: 'marketing',
    name: '客户管理',
    path: '/marketing',
    children: [
      { id: '2', parentId: '1', code: 'customer', name: '客户列表', path: '/marketing/hjlCustomer' },
      { id: '3', parentId: '1', code: 'customer_account', name: '客户账户', path: '/marketing/hjlCustomerAccount' },
      { id: '4', parentId: '1', code: 'customer_invoice', name: '开票信息', path: '/marketing/hjlCustomerInvoice' },
    ],
  },
];

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'c2FiZXI6c2VjcmV0', switchMode: false };
});

describe('the customer detail page', () => {
  it('shows the tabs of the kinds of record the role may list, and asks only for those', async () => {
    vi.resetModules();
    await import('../../app/i18n');
    const session = await import('../../app/session');
    session.saveTokens(tokenAnswer());
    session.saveAccess(financeMenus, ['customer_account_add']);
    const http = mockFetch((c) => {
      if (c.path === '/api/business/hjlCustomer/detail') return ok({ id: '7', customerName: '南京市政设计院', customerType: '1' });
      if (c.path.startsWith('/api/business/')) return ok(page);
      if (c.path === '/api/blade-system/dict/dictionary') return ok([]);
      return undefined;
    });
    const { default: CustomerDetailPage } = await import('./CustomerDetailPage');
    const { Providers } = await import('../../app/providers');
    const { QueryClient } = await import('@tanstack/react-query');
    const router = createMemoryRouter([{ path: '/marketing/hjlCustomersDetail/:id', element: <CustomerDetailPage /> }], {
      initialEntries: ['/marketing/hjlCustomersDetail/7'],
    });
    render(
      <Providers client={new QueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );

    await screen.findByTestId('customer-tab-customer_account');
    expect(screen.getByTestId('customer-detail-name').textContent).toBe('南京市政设计院');
    expect(screen.getByTestId('customer-tab-customer_invoice')).toBeTruthy();
    for (const hidden of ['customer_contacts', 'customer_visit', 'customer_chance']) expect(screen.queryByTestId(`customer-tab-${hidden}`)).toBeNull();
    for (const refused of ['hjlCustomerContacts', 'hjlCustomerVisit', 'hjlCustomerChance']) {
      expect(http.calls.filter((c) => c.path.includes(refused))).toEqual([]);
    }
  });
});
