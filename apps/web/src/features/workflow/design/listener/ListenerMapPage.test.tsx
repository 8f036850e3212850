import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../../../app/i18n';
import { Providers } from '../../../../app/providers';
import { saveAccess, saveTokens } from '../../../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../../../test/http';
import { LISTENER_API } from '../../api';
import ListenerMapPage from './ListenerMapPage';

const MANAGER = 'com.haiyang.flowablespringboot.handler.ManagerTaskHandler';

function setup(permissions: string[]) {
  saveTokens(tokenAnswer());
  saveAccess([], permissions);
  const http = mockFetch((call) => {
    if (call.path === `${LISTENER_API}/list`)
      return ok({
        records: [
          { id: '1', className: MANAGER, handler: 'setAssignee', handlerName: '设置办理人', params: { assignee: '经理' }, updateTime: '2026-11-26 10:00:00' },
        ],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      });
    if (call.path === `${LISTENER_API}/handlers`)
      return ok([
        { name: 'setAssignee', label: '设置办理人', params: [{ name: 'assignee', label: '办理人', required: true }] },
        { name: 'notice', label: '发送通知', params: [{ name: 'message', label: '通知内容', required: true }] },
      ]);
    if (call.path === `${LISTENER_API}/submit`) return ok({});
    return undefined;
  });
  const router = createMemoryRouter([{ path: '*', element: <ListenerMapPage /> }], { initialEntries: ['/workflow/design/listener'] });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return http;
}

describe('ListenerMapPage', () => {
  it('lists the mappings; without the codes it offers no change', async () => {
    setup(['wf_listener']);
    await screen.findByText(MANAGER);
    expect(screen.getByText('assignee=经理')).toBeTruthy();
    expect(screen.queryByTestId('listener-add')).toBeNull();
    expect(screen.queryByTestId('listener-edit-1')).toBeNull();
  });

  it('edits a mapping: the parameters asked are those of the chosen handler', async () => {
    const http = setup(['wf_listener', 'wf_listener_edit']);
    fireEvent.click(await screen.findByTestId('listener-edit-1'));
    const param = (await screen.findByTestId('listener-param-assignee')) as HTMLInputElement;
    expect(param.value).toBe('经理');
    fireEvent.change(param, { target: { value: '老板' } });
    fireEvent.click(screen.getByTestId('listener-ok'));
    await screen.findByText('操作成功');
    expect(http.callsTo(`${LISTENER_API}/submit`)[0]!.body).toEqual({ id: '1', className: MANAGER, handler: 'setAssignee', params: { assignee: '老板' } });
  });
});
