import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, tokenAnswer } from '../../test/http';

const page = (records: unknown[], total = records.length) => ({ records, total, size: 5, current: 1, pages: 1 });
const menus = [
  {
    id: '1',
    parentId: '0',
    code: 'desk',
    name: '办公',
    path: '/desk',
    children: [{ id: '2', parentId: '1', code: 'notice', name: '通知公告', path: '/desk/notice', source: 'NotificationOutlined' }],
  },
  {
    id: '3',
    parentId: '0',
    code: 'workflow',
    name: '流程',
    path: '/workflow',
    children: [
      { id: '4', parentId: '3', code: 'wf_todo', name: '待办事务', path: '/workflow/process/todo' },
      { id: '7', parentId: '3', code: 'wf_report', name: '流程报表', path: '/workflow/report' },
    ],
  },
  {
    id: '5',
    parentId: '0',
    code: 'system',
    name: '系统管理',
    path: '/system',
    children: [{ id: '6', parentId: '5', code: 'param', name: '参数管理', path: '/system/param' }],
  },
];

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'c2FiZXI6c2VjcmV0', switchMode: false };
});

async function setup(shortcuts: string[]) {
  vi.resetModules();
  await import('../../app/i18n');
  const session = await import('../../app/session');
  session.saveTokens(tokenAnswer());
  session.saveAccess(menus, []);
  const http = mockFetch((c) => {
    if (c.path === '/api/blade-desk/notice/list') return ok(page([{ id: '9', title: '关于安全生产月的通知', category: 1, releaseTime: '2026-11-18' }]));
    if (c.path === '/api/blade-system/dict/dictionary') return ok([{ dictKey: '1', dictValue: '发布通知' }]);
    if (c.path === '/api/blade-workflow/process/todo')
      return ok(
        page(
          [
            {
              taskId: '7',
              taskName: '审批人审批',
              processDefinitionName: '请假流程',
              title: '张伟的请假(2天)',
              startUserName: '张伟',
              createTime: '2026-11-23 09:00:00',
            },
          ],
          3,
        ),
      );
    if (c.path === '/api/business-module/statistics/home/statistics') {
      return ok([
        { key: 'deptPersonCount', kind: 'bar', title: '部门人数', categories: ['总经办'], series: [{ name: '人数', data: [2] }] },
        { key: 'ageDistribution', kind: 'pie', title: '年龄分布', categories: ['25-34岁'], series: [{ name: '人数', data: [1] }] },
      ]);
    }
    if (c.path === '/api/business/userMenu/list')
      return ok(shortcuts.map((id, sort) => ({ menuId: id, code: id === '2' ? 'notice' : 'param', name: '', path: '', source: '', sort })));
    if (c.path === '/api/business/userMenu/update') {
      shortcuts.splice(0, shortcuts.length, ...(c.body as { menuIds: string[] }).menuIds);
      return ok({});
    }
    return undefined;
  });
  const { default: WelcomePage } = await import('./WelcomePage');
  const { Providers } = await import('../../app/providers');
  const { QueryClient } = await import('@tanstack/react-query');
  // The shell tells the page which menu paths have a page (from the registry).
  const { HasPageContext } = await import('../../app/layout/menus');
  const { findPage } = await import('../registry');
  const hasPage = (path: string) => findPage(path) !== undefined;
  const router = createMemoryRouter(
    [
      {
        path: '/wel/index',
        element: (
          <HasPageContext value={hasPage}>
            <WelcomePage />
          </HasPageContext>
        ),
      },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: ['/wel/index'] },
  );
  render(
    <Providers client={new QueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { http, router };
}

describe('the workbench', () => {
  it('shows the to-do count and newest to-dos, the notices and one chart per statistic', async () => {
    await setup([]);
    await screen.findByText('张伟的请假(2天)');
    expect(screen.getByTestId('wel-todo-count').textContent).toContain('3');
    await screen.findByText('关于安全生产月的通知');
    await screen.findByTestId('wel-chart-deptPersonCount');
    expect(screen.getByTestId('wel-chart-deptPersonCount').textContent).toContain('部门人数');
    expect(screen.getByTestId('wel-chart-ageDistribution').textContent).toContain('年龄分布');
    expect(screen.getByText('暂无快捷入口，点击右上角编辑添加')).toBeTruthy();
  });

  it("edits the shortcut blocks among the user's pages and opens one", async () => {
    const saved: string[] = [];
    const { http, router } = await setup(saved);
    fireEvent.click(await screen.findByTestId('wel-shortcuts-edit'));
    // The report menu has no page in this app yet: it is not offered.
    expect(screen.queryByTestId('wel-shortcut-pick-wf_report')).toBeNull();
    fireEvent.click(await screen.findByTestId('wel-shortcut-pick-param'));
    fireEvent.click(screen.getByTestId('wel-shortcut-pick-notice'));
    fireEvent.click(screen.getByTestId('wel-shortcuts-save'));
    await waitFor(() => expect(http.callsTo('/api/business/userMenu/update')).toHaveLength(1));
    expect(http.callsTo('/api/business/userMenu/update')[0]!.body).toEqual({ menuIds: ['6', '2'] });
    fireEvent.click(await screen.findByTestId('wel-shortcut-param'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/param'));
  });
});
