import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, tokenAnswer } from '../../test/http';

const page = (records: unknown[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'c2FiZXI6c2VjcmV0', switchMode: false };
});

async function setup(read: Set<string>) {
  vi.resetModules();
  await import('../i18n');
  (await import('../session')).saveTokens(tokenAnswer());
  const items = [
    {
      id: 'urge:2',
      type: 'urge',
      category: 'message',
      sourceId: '2',
      title: '请假流程 · 张伟的请假',
      content: '请尽快审批',
      fromUserName: '张伟',
      time: '2026-11-23 10:00:00',
    },
    {
      id: 'todo:1',
      type: 'todo',
      category: 'message',
      sourceId: '1',
      title: '请假流程 · 审批人审批',
      content: '张伟的请假',
      fromUserName: '张伟',
      time: '2026-11-23 09:00:00',
      processInstanceId: '77',
      taskId: '1',
    },
    {
      id: 'notice:9',
      type: 'notice',
      category: 'notice',
      sourceId: '9',
      title: '关于安全生产月的通知',
      content: '',
      fromUserName: '',
      time: '2026-11-18 00:00:00',
    },
  ];
  const http = mockFetch((c) => {
    const withRead = items.map((i) => ({ ...i, read: read.has(i.id) }));
    if (c.path === '/api/blade-desk/notification/unread-count') {
      const unread = withRead.filter((i) => !i.read);
      const n = (cat: string) => unread.filter((i) => i.category === cat).length;
      return ok({ mail: n('mail'), message: n('message'), notice: n('notice'), total: unread.length });
    }
    if (c.path === '/api/blade-desk/notification/list') return ok(page(withRead.filter((i) => i.category === c.query.get('category'))));
    if (c.path === '/api/blade-desk/notification/read') {
      read.add(c.query.get('ids')!);
      return ok({});
    }
    if (c.path === '/api/blade-desk/notification/read-all') {
      for (const i of items) if (i.category === c.query.get('category')) read.add(i.id);
      return ok({});
    }
    return undefined;
  });
  const { NotificationPopover } = await import('./NotificationPopover');
  const { Providers } = await import('../providers');
  const { QueryClient } = await import('@tanstack/react-query');
  const { createMemoryRouter, RouterProvider } = await import('react-router');
  const router = createMemoryRouter([{ path: '*', element: <NotificationPopover /> }], { initialEntries: ['/wel/index'] });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return Object.assign(http, { router });
}

describe('NotificationPopover', () => {
  it('shows the unread total on the bell and the counts on the tabs mail / message / notice', async () => {
    await setup(new Set());
    await waitFor(() => expect(document.querySelector('.ant-badge-count')?.textContent).toBe('3'));
    fireEvent.click(screen.getByTestId('notify-bell'));
    expect((await screen.findByTestId('notify-tab-mail')).textContent).toBe('邮件');
    expect(screen.getByTestId('notify-tab-message').textContent).toBe('消息 (2)');
    expect(screen.getByTestId('notify-tab-notice').textContent).toBe('通知 (1)');
    await screen.findByText('请尽快审批');
    expect(screen.getByText('催办')).toBeTruthy();
    expect(screen.getByText('待办')).toBeTruthy();
  });

  it('clicking an unread item marks it read; mark all read clears the tab', async () => {
    const read = new Set<string>();
    const http = await setup(read);
    fireEvent.click(await screen.findByTestId('notify-bell'));
    fireEvent.click(await screen.findByTestId('notify-item-urge:2'));
    await waitFor(() => expect(screen.getByTestId('notify-tab-message').textContent).toBe('消息 (1)'));
    expect(http.callsTo('/api/blade-desk/notification/read')[0]!.query.get('ids')).toBe('urge:2');
    // A read item is not sent again.
    fireEvent.click(screen.getByTestId('notify-item-urge:2'));
    fireEvent.click(screen.getByTestId('notify-read-all-message'));
    await waitFor(() => expect(screen.getByTestId('notify-tab-message').textContent).toBe('消息'));
    expect(http.callsTo('/api/blade-desk/notification/read')).toHaveLength(1);
    expect(http.callsTo('/api/blade-desk/notification/read-all')[0]!.query.get('category')).toBe('message');
  });

  it('a to-do opens the task to handle (and is marked read); an item without a process opens nothing', async () => {
    const http = await setup(new Set());
    fireEvent.click(await screen.findByTestId('notify-bell'));
    fireEvent.click(await screen.findByTestId('notify-item-urge:2'));
    expect(http.router.state.location.pathname).toBe('/wel/index');
    fireEvent.click(await screen.findByTestId('notify-item-todo:1'));
    const { decodeProcessParams } = await import('../../features/workflow/process/processRoute');
    await waitFor(() => expect(http.router.state.location.pathname).toMatch(/^\/workflow\/process\/detail\//));
    expect(decodeProcessParams(http.router.state.location.pathname.split('/').pop()!)).toEqual({ taskId: '1', processInsId: '77', type: 'detail' });
    await waitFor(() => expect(http.callsTo('/api/blade-desk/notification/read').map((c) => c.query.get('ids'))).toContain('todo:1'));
  });
});

describe('notificationPath', () => {
  it('handle for a to-do or urge of a task, detail for a copy, nothing for a notice or an item without a process', async () => {
    const { notificationPath } = await import('./NotificationPopover');
    const { decodeProcessParams } = await import('../../features/workflow/process/processRoute');
    const params = (p: string | undefined) => decodeProcessParams(p!.split('/').pop()!);
    expect(params(notificationPath({ type: 'urge', processInstanceId: '5', taskId: '6' }))).toEqual({ processInsId: '5', taskId: '6', type: 'detail' });
    expect(params(notificationPath({ type: 'copy', processInstanceId: '5', taskId: '6' }))).toEqual({ processInsId: '5', type: 'detail' });
    expect(notificationPath({ type: 'notice', processInstanceId: null, taskId: null })).toBeUndefined();
    expect(notificationPath({ type: 'todo', processInstanceId: null, taskId: '6' })).toBeUndefined();
  });
});
