import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../../app/i18n';
import { Providers } from '../../../../app/providers';
import { saveAccess, saveTokens } from '../../../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../../../test/http';
import FormHistoryPage from './FormHistoryPage';

const column = (columnName: string, columnDescribe: string) => ({ columnName, columnDescribe, columnType: 1, isRequired: 1, isShowList: 0, isCondition: 0 });
const versions = [
  {
    id: '92',
    formId: '7',
    formKey: 'expense',
    name: '报销单',
    version: 2,
    remark: '加金额',
    content: JSON.stringify([column('reason', '事由'), column('amount', '金额')]),
  },
  { id: '91', formId: '7', formKey: 'expense', name: '报销单', version: 1, remark: '初版', content: JSON.stringify([column('reason', '事由')]) },
];

function setup(permissions = ['wf_form_history', 'wf_form_history_main', 'wf_form_history_edit', 'wf_form_history_delete']) {
  saveAccess([], permissions);
  let main = 2;
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-workflow/design/form/detail') return ok({ id: '7', formKey: 'expense', name: '报销单', version: main });
    if (call.path === '/api/blade-workflow/design/form/history/list')
      return ok({ records: versions.map(({ content: _c, ...v }) => v), total: 2, size: 10, current: 1, pages: 1 });
    if (call.path === '/api/blade-workflow/design/form/history/detail') return ok(versions.find((v) => v.id === call.query.get('id')));
    if (call.path === '/api/blade-workflow/design/form/history/setMainVersion') {
      main = Number(versions.find((v) => v.id === call.query.get('id'))!.version);
      return ok(null);
    }
    return undefined;
  });
  const router = createMemoryRouter([{ path: '/workflow/design/form/history/:id', element: <FormHistoryPage /> }], {
    initialEntries: ['/workflow/design/form/history/7'],
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return http;
}

describe('FormHistoryPage', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { clientBasic: 'x' };
    saveTokens(tokenAnswer());
  });

  it('lists the versions of the form only and marks the main one', async () => {
    const http = setup();
    await waitFor(() => expect(screen.getByText('初版')).toBeTruthy());
    expect(http.callsTo('/api/blade-workflow/design/form/history/list')[0]!.query.get('formId')).toBe('7');
    await waitFor(() => expect(screen.getByTestId('form-history-main').textContent).toBe('V2'));
    expect((screen.getByTestId('history-row-main-2') as HTMLButtonElement).disabled).toBe(true);
  });

  it('previews a version read only', async () => {
    setup();
    fireEvent.click(await screen.findByTestId('history-row-preview-1'));
    const preview = await screen.findByTestId('history-preview');
    await waitFor(() => expect(preview.querySelectorAll('.ant-form-item-label label')).toHaveLength(1));
    expect(preview.querySelector('input')!.disabled).toBe(true);
  });

  it('sets a version as the main one', async () => {
    const http = setup();
    fireEvent.click(await screen.findByTestId('history-row-main-1'));
    await act(async () => fireEvent.click(await screen.findByTestId('history-main-ok')));
    await waitFor(() => expect(screen.getByTestId('form-history-main').textContent).toBe('V1'));
    expect(http.callsTo('/api/blade-workflow/design/form/history/setMainVersion')[0]!.query.get('id')).toBe('91');
  });

  it('shows 403 without the history code', async () => {
    setup(['wf_form_edit']);
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});
