import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import ProjectMoney from './ProjectMoney';

const SLOW = { timeout: 5000 };
const statement = {
  projectId: '7',
  projectName: '示范项目',
  contractId: '70',
  contractName: '示范合同',
  contractAmount: '200000.00',
  invoiced: '120000.00',
  invoicedCount: 2,
  collect: '100000.01',
  collectCount: 2,
  outstanding: '99999.99',
  otherIncome: '0.00',
  otherIncomeCount: 0,
  costs: [{ key: 'cost:1', costType: 1, name: '人工成本', amount: '12345.67', count: 1 }],
  cost: '12345.67',
  labour: '26296.30',
  labourCount: 1,
  settlement: '0.00',
  settlementCount: 0,
  income: '100000.01',
  incomeCount: 2,
  expend: '38641.97',
  expendCount: 2,
  profit: '61358.04',
  margin: '61.36',
  months: [{ month: '2026-04', income: '100000.01', expend: '38641.97', net: '61358.04' }],
  chart: { kind: 'bar', title: '每月收支', categories: ['2026-04'], series: [{ name: '收入(元)', data: [100000.01] }] },
};
const collectRows = [
  { id: '1', transactionDate: '2026-04-02', incomeOrExpend: 0, bizType: 'hjl_project_collect', tradeAmount: '60000.00', payerName: '甲方' },
  { id: '2', transactionDate: '2026-04-01', incomeOrExpend: 0, bizType: 'hjl_project_collect', tradeAmount: '40000.01', payerName: '甲方' },
];

function show() {
  saveTokens(tokenAnswer());
  saveAccess([], ['project_income_expend']);
  const http = mockFetch((call) => {
    if (call.path === '/api/business/hjlProject/statistics/project/money/7') return ok(statement);
    if (call.path === '/api/business/hjlIncomeExpends/get/project-money/list')
      return ok({ records: call.query.get('figure') === 'collect' ? collectRows : [], total: 2, current: 1, size: 10, sum: '100000.01' });
    if (call.path.startsWith('/api/blade-system/')) return ok([]);
    return undefined;
  });
  const router = createMemoryRouter([{ path: '/p/:id', element: <ProjectMoney fixed={{ projectId: '7' }} /> }], { initialEntries: ['/p/7'] });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return http;
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('the project’s 收支 tab (ProjectMoney)', () => {
  it('shows every figure of the statement and opens the rows a figure sums, with their sum', async () => {
    const http = show();
    const collect = await screen.findByTestId('project-money-collect', undefined, SLOW);
    expect(collect.textContent).toContain('100,000.01');
    expect(screen.getByTestId('project-money-contract').textContent).toContain('200,000.00');
    expect(screen.getByTestId('project-money-outstanding').textContent).toContain('99,999.99');
    expect(screen.getByTestId('project-money-cost-1').textContent).toContain('人工成本');
    expect(screen.getByTestId('project-money-labour').textContent).toContain('26,296.30');
    expect(screen.getByTestId('project-money-profit').textContent).toContain('61,358.04');
    expect(screen.getByTestId('project-money-margin').textContent).toContain('61.36');
    fireEvent.click(collect);
    const drawer = await screen.findByTestId('project-money-drawer-table', undefined, SLOW);
    await waitFor(() => expect(within(drawer).getAllByText(/项目收款/)).toHaveLength(2));
    expect(within(drawer).getByText('60,000.00')).toBeTruthy();
    expect(screen.getByTestId('project-money-drawer-sum').textContent).toBe('100,000.01');
    const call = http.callsTo('/api/business/hjlIncomeExpends/get/project-money/list')[0]!;
    expect(Object.fromEntries(call.query)).toMatchObject({ projectId: '7', figure: 'collect', current: '1', size: '10' });
  });
});
