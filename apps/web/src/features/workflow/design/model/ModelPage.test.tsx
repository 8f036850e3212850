import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../../app/i18n';
import { Providers } from '../../../../app/providers';
import { saveAccess, saveTokens } from '../../../../app/session';
import { fail, mockFetch, ok, tokenAnswer } from '../../../../test/http';
import ModelPage from './ModelPage';

const API = '/api/blade-workflow/design/model';
const row = { id: '11', modelKey: 'leave_x', name: '请假', formKey: 'leave_form', version: 3, deployedVersion: 2, categoryId: '5', categoryName: '人事' };
const categories = [{ title: '人事', value: '5', key: '5', children: [{ title: '考勤', value: '6', key: '6' }] }];

function setup(
  permissions: string[],
  deploy: { status: number; body: unknown } = ok({ deploymentId: 'd1', processDefinitionId: 'leave_x:3:abc', version: 3 }),
) {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], permissions);
  const http = mockFetch((call) => {
    if (call.path === `${API}/list`) return ok({ records: [row], total: 1, size: 10, current: 1, pages: 1 });
    if (call.path === '/api/blade-workflow/design/category/tree') return ok(categories);
    if (call.path === '/api/blade-workflow/design/form/listType') return ok([]);
    if (call.path === `${API}/deploy`) return deploy;
    if (call.path === `${API}/changeCategory`) return ok(null);
    if (call.path === '/api/blade-system/dict/dictionary') return ok([]);
    return undefined;
  });
  const router = createMemoryRouter(
    [
      { path: '/workflow/design/model', element: <ModelPage /> },
      { path: '/workflow/design/process/:id', element: <div>设计器</div> },
      { path: '/workflow/design/model/history/:id', element: <div>历史版本页</div> },
    ],
    { initialEntries: ['/workflow/design/model'] },
  );
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { http, router };
}

describe('ModelPage', () => {
  beforeEach(() => localStorage.clear());

  it('shows the row actions the user is granted', async () => {
    setup(['wf_model_deploy']);
    await screen.findByText('leave_x');
    expect(screen.getByTestId('model-deploy-11')).toBeTruthy();
    for (const id of ['model-design-11', 'model-history-11', 'model-category-11']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('deploys the model and shows the definition', async () => {
    const { http } = setup(['wf_model_deploy']);
    fireEvent.click(await screen.findByTestId('model-deploy-11'));
    await screen.findByText('部署成功: leave_x:3:abc (版本 3)');
    expect(http.callsTo(`${API}/deploy`)[0]!.query.get('id')).toBe('11');
  });

  it("names the engine's refusal of a deploy", async () => {
    setup(['wf_model_deploy'], fail(400, '流程引用的表单不存在: leave_form'));
    fireEvent.click(await screen.findByTestId('model-deploy-11'));
    await screen.findByText('流程引用的表单不存在: leave_form');
  });

  it('opens the designer and the versions of a row', async () => {
    const { router } = setup(['wf_model_edit', 'wf_model_history']);
    fireEvent.click(await screen.findByTestId('model-design-11'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflow/design/process/11'));
    await router.navigate('/workflow/design/model');
    fireEvent.click(await screen.findByTestId('model-history-11'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflow/design/model/history/11'));
  });

  it('moves a model to another category', async () => {
    const { http } = setup(['wf_model_edit']);
    fireEvent.click(await screen.findByTestId('model-category-11'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('考勤'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(http.callsTo(`${API}/changeCategory`)).toHaveLength(1));
    expect(Object.fromEntries(http.callsTo(`${API}/changeCategory`)[0]!.query)).toEqual({ ids: '11', categoryId: '6' });
  });
});
