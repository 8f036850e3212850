import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../../app/i18n';
import { Providers } from '../../../app/providers';
import { saveAccess, saveTokens } from '../../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../../test/http';
import { decodeProcessParams } from '../process/processRoute';
import DraftPage, { draftPath } from './DraftPage';

const API = '/api/blade-workflow/process/draft';

describe('draftPath', () => {
  it('a process draft opens the start screen of its definition, a task draft the task', () => {
    const params = (p: string) => decodeProcessParams(p.split('/').pop()!);
    expect(draftPath({ id: '1', processDefKey: 'Leave', processDefId: '300' })).toMatch(/^\/workflow\/process\/start\//);
    expect(params(draftPath({ id: '1', processDefKey: 'Leave', processDefId: '300' }))).toEqual({ processId: '300', processDefKey: 'Leave', type: 'start' });
    expect(params(draftPath({ id: '1', taskId: '55' }))).toEqual({ taskId: '55', type: 'detail' });
  });
});

describe('DraftPage', () => {
  it('lists the drafts and deletes one after the confirmation', async () => {
    saveTokens(tokenAnswer());
    saveAccess([], ['wf_draft_delete']);
    let rows = [{ id: '7', processDefKey: 'Leave', processDefId: '300', title: '请假草稿', createTime: '2026-11-23 09:00:00' }];
    const http = mockFetch((call) => {
      if (call.path === `${API}/list`) return ok({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 });
      if (call.path === `${API}/remove`) {
        rows = rows.filter((r) => r.id !== call.query.get('ids'));
        return ok({});
      }
      return undefined;
    });
    const router = createMemoryRouter([{ path: '*', element: <DraftPage /> }], { initialEntries: ['/workflow/process/draft'] });
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByText('请假草稿');
    expect(screen.getByText('2026-11-23 09:00:00')).toBeTruthy();
    fireEvent.click(screen.getByTestId('draft-delete-7'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(screen.queryByText('请假草稿')).toBeNull());
    expect(http.callsTo(`${API}/remove`)[0]!.query.get('ids')).toBe('7');
  });

  it('打开 goes to the start screen of the draft', async () => {
    saveTokens(tokenAnswer());
    saveAccess([], []);
    mockFetch((call) =>
      call.path === `${API}/list`
        ? ok({ records: [{ id: '8', processDefKey: 'Leave', processDefId: '300', title: '草稿8' }], total: 1, size: 10, current: 1, pages: 1 })
        : undefined,
    );
    const router = createMemoryRouter([{ path: '*', element: <DraftPage /> }], { initialEntries: ['/workflow/process/draft'] });
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByText('草稿8');
    expect(screen.queryByTestId('draft-delete-8')).toBeNull();
    fireEvent.click(screen.getByTestId('draft-open-8'));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/workflow\/process\/start\//));
  });
});
