import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import ProjectMoneyReportPage from './ProjectMoneyReportPage';

const SLOW = { timeout: 5000 };
const money = { contractAmount: '100.00', invoiced: '50.00', outstanding: '40.00', cost: '10.00', labour: '5.00', settlement: '0.00', expend: '15.00' };
const projects = [
  {
    key: '1',
    id: '1',
    projectName: '甲项目',
    deptName: '造价部',
    leaderName: '张伟',
    customerName: '甲方',
    projectCount: 1,
    ...money,
    collect: '60.00',
    income: '60.00',
    profit: '45.00',
    margin: '75.00',
  },
  {
    key: '2',
    id: '2',
    projectName: '乙项目',
    deptName: '监理部',
    leaderName: '陈静',
    customerName: '乙方',
    projectCount: 1,
    ...money,
    collect: '20.00',
    income: '20.00',
    profit: '5.00',
    margin: '25.00',
  },
];
const depts = [{ key: '9', deptId: '9', deptName: '造价部', projectCount: 2, ...money, collect: '80.00', income: '80.00', profit: '50.00', margin: '62.50' }];
const totals = { ...money, contractAmount: '200.00', collect: '80.00', income: '80.00', profit: '50.00', margin: '62.50' };

function show() {
  saveTokens(tokenAnswer());
  saveAccess([], ['project_income_expend', 'project_income_expend_export']);
  const http = mockFetch((call) => {
    if (call.path === '/api/business/hjlProject/list/income_expend') {
      const dept = call.query.get('groupBy') === 'dept';
      const records = dept ? depts : projects;
      return ok({ records, total: records.length, current: 1, size: 20, groupBy: dept ? 'dept' : 'project', totals });
    }
    if (call.path.startsWith('/api/blade-system/') || call.path.startsWith('/api/blade-')) return ok([]);
    return undefined;
  });
  const router = createMemoryRouter([{ path: '/r', element: <ProjectMoneyReportPage /> }], { initialEntries: ['/r'] });
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

describe('项目收支 (ProjectMoneyReportPage)', () => {
  it('asks the server for the page sorted by profit, shows the totals over all rows, sorts and groups on the server', async () => {
    const http = show();
    const table = await screen.findByTestId('report-table', undefined, SLOW);
    await waitFor(() => expect(within(table).getByText('甲项目')).toBeTruthy(), SLOW);
    const calls = () => http.callsTo('/api/business/hjlProject/list/income_expend').map((c) => Object.fromEntries(c.query));
    expect(calls()[0]).toMatchObject({ groupBy: 'project', current: '1', size: '20', descs: 'profit' });
    expect(screen.getByTestId('report-total-profit').textContent).toBe('50.00');
    expect(screen.getByTestId('report-total-contractAmount').textContent).toBe('200.00');
    expect(within(table).getByText('75.00%')).toBeTruthy();
    // A click on 已收款 sorts by it (ascending first), on the server.
    fireEvent.click(within(table).getAllByText('已收款')[0]!);
    await waitFor(() => expect(calls().at(-1)).toMatchObject({ ascs: 'collect' }));
    expect(calls().at(-1)!.descs).toBeUndefined();
    // 按部门: the groups' rows, named by department, with their project counts.
    fireEvent.click(screen.getByText('按部门'));
    await waitFor(() => expect(calls().at(-1)).toMatchObject({ groupBy: 'dept' }));
    await waitFor(() => expect(within(table).queryByText('甲项目')).toBeNull());
    expect(within(table).getByText('造价部')).toBeTruthy();
    // The group's row and the totals (one group: the same margin).
    expect(within(table).getAllByText('62.50%')).toHaveLength(2);
  });
});
