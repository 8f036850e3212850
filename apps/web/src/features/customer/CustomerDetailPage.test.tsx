import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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

describe("the customer's contracts and projects", () => {
  const menusWith = (codes: { code: string; path: string }[]) => [
    ...financeMenus,
    ...codes.map(({ code, path }, i) => ({ id: `9${i}`, parentId: '0', code, name: code, path })),
  ];

  async function open(menus: ReturnType<typeof menusWith>) {
    vi.resetModules();
    await import('../../app/i18n');
    const session = await import('../../app/session');
    session.saveTokens(tokenAnswer());
    session.saveAccess(menus, []);
    const http = mockFetch((c) => {
      if (c.path === '/api/business/hjlCustomer/detail') return ok({ id: '7', customerName: '南京市政设计院', customerType: '1' });
      if (c.path === '/api/business/hjlContract/list')
        return ok({
          ...page,
          total: 1,
          records: [{ id: '31', contractNo: 'HT-ZJ-2026-001', contractName: '秦淮河整治造价咨询合同', customerId: '7', status: 2 }],
        });
      if (c.path === '/api/business/hjlProject/list')
        return ok({ ...page, total: 1, records: [{ id: '41', projectNo: 'XM-2026-001', projectName: '秦淮河整治项目', customerId: '7', status: 1 }] });
      if (c.path.startsWith('/api/business/')) return ok(page);
      if (c.path.startsWith('/api/blade-system/')) return ok([]);
      return undefined;
    });
    // The page as the registry composes it, with the contract and project areas' lists.
    const { findPage } = await import('../registry');
    const Page = findPage('/marketing/hjlCustomersDetail/7')!.component;
    const { Providers } = await import('../../app/providers');
    const { QueryClient } = await import('@tanstack/react-query');
    const router = createMemoryRouter(
      [
        { path: '/marketing/hjlCustomersDetail/:id', element: <Page /> },
        { path: '*', element: null },
      ],
      { initialEntries: ['/marketing/hjlCustomersDetail/7'] },
    );
    render(
      <Providers client={new QueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByTestId('customer-detail-name');
    return { http, router };
  }

  it('lists them on the server, confined to the customer, with 详情 to the record', async () => {
    const { http, router } = await open(
      menusWith([
        { code: 'contract', path: '/contract/hjlContract' },
        { code: 'project', path: '/hjlProject/hjlProject' },
      ]),
    );
    fireEvent.click(await screen.findByTestId('customer-tab-contract'));
    // The tab loads the contract area's list module first: slow on a busy machine.
    const slow = { timeout: 20_000 };
    await screen.findByText('秦淮河整治造价咨询合同', undefined, slow);
    const contractCall = http.callsTo('/api/business/hjlContract/list')[0]!.query;
    expect([contractCall.get('customerId'), contractCall.get('current'), contractCall.get('size')]).toEqual(['7', '1', '10']);

    fireEvent.click(screen.getByTestId('customer-tab-project'));
    await screen.findByText('秦淮河整治项目', undefined, slow);
    expect(http.callsTo('/api/business/hjlProject/list')[0]!.query.get('customerId')).toBe('7');
    fireEvent.click(screen.getByTestId('project-detail-41'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hjlProject/hjlProjectDetail/41'));
  }, 60_000);

  it('shows only the tabs of the lists the role may see', async () => {
    const { http } = await open(menusWith([{ code: 'contract', path: '/contract/hjlContract' }]));
    await screen.findByTestId('customer-tab-contract');
    expect(screen.queryByTestId('customer-tab-project')).toBeNull();
    expect(http.callsTo('/api/business/hjlProject/list')).toEqual([]);
  }, 60_000);
});
