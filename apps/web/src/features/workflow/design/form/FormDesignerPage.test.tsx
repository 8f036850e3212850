import type { FormColumn } from '@hjl/core';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../../app/i18n';
import { Providers } from '../../../../app/providers';
import { saveAccess, saveTokens } from '../../../../app/session';
import { fail, mockFetch, ok, tokenAnswer } from '../../../../test/http';
import FormDesignerPage from './FormDesignerPage';

const stored: FormColumn[] = [
  { columnName: 'reason', columnDescribe: '事由', columnType: 1, isRequired: 1, isShowList: 1, isCondition: 0 },
  { columnName: 'amount', columnDescribe: '金额', columnType: 1, isRequired: 0, isShowList: 0, isCondition: 0, format: 'money' },
  { columnName: 'day', columnDescribe: '日期', columnType: 3, isRequired: 1, isShowList: 0, isCondition: 0 },
];

function setup(permissions = ['wf_form_edit', 'wf_form_history'], submit: () => ReturnType<typeof ok> = () => ok({ id: '7' })) {
  saveAccess([], permissions);
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-workflow/design/form/detail')
      return ok({ id: '7', formKey: 'expense', name: '报销单', version: 3, categoryName: '财务', content: JSON.stringify(stored) });
    if (call.path === '/api/blade-workflow/design/form/submit') return submit();
    return undefined;
  });
  const router = createMemoryRouter([{ path: '/workflow/design/form/designer/:id', element: <FormDesignerPage /> }], {
    initialEntries: ['/workflow/design/form/designer/7'],
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return http;
}

const rowNames = () => [...document.querySelectorAll('tr[data-testid^="field-row-"]')].map((tr) => tr.getAttribute('data-testid')!.slice('field-row-'.length));
const previewLabels = () => [...screen.getByTestId('form-preview').querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);

describe('FormDesignerPage', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { clientBasic: 'x' };
    saveTokens(tokenAnswer());
  });

  it('shows the stored fields in order with their live preview', async () => {
    setup();
    await waitFor(() => expect(rowNames()).toEqual(['reason', 'amount', 'day']));
    expect(previewLabels()).toEqual(['事由', '金额', '日期']);
    expect(screen.getByTestId('form-designer-version').textContent).toBe('V3');
  });

  it('moves fields with the buttons and by dragging, and the preview follows', async () => {
    setup();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('field-down-reason'));
    expect(rowNames()).toEqual(['amount', 'reason', 'day']);
    const row = (name: string) => screen.getByTestId(`field-row-${name}`);
    const data = { setData: () => undefined, effectAllowed: '' };
    fireEvent.dragStart(row('day'), { dataTransfer: data });
    fireEvent.dragOver(row('amount'), { dataTransfer: data });
    fireEvent.drop(row('amount'), { dataTransfer: data });
    expect(rowNames()).toEqual(['day', 'amount', 'reason']);
    await waitFor(() => expect(previewLabels()).toEqual(['日期', '金额', '事由']));
  });

  it('fires the required rule in the preview', async () => {
    setup();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await act(async () => fireEvent.click(screen.getByTestId('preview-validate')));
    await waitFor(() => expect(screen.getByText('请填写事由')).toBeTruthy());
    expect(screen.queryByText('请填写金额')).toBeNull();
  });

  it('adds a field in the side form and refuses a duplicate name with the server rule', async () => {
    setup();
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('field-add'));
    fireEvent.change(await screen.findByTestId('column-columnName'), { target: { value: 'reason' } });
    fireEvent.change(screen.getByTestId('column-columnDescribe'), { target: { value: '说明' } });
    await act(async () => fireEvent.click(screen.getByTestId('column-ok')));
    await waitFor(() => expect(screen.getByText('字段名重复: reason')).toBeTruthy());
    fireEvent.change(screen.getByTestId('column-columnName'), { target: { value: 'note' } });
    await act(async () => fireEvent.click(screen.getByTestId('column-ok')));
    await waitFor(() => expect(rowNames()).toEqual(['reason', 'amount', 'day', 'note']));
    expect(within(screen.getByTestId('form-preview')).getByText('说明')).toBeTruthy();
  });

  it('saves the list in its order with the version note, and shows the server message on refusal', async () => {
    let answer = () => fail(400, '请填写字段描述: x') as ReturnType<typeof ok>;
    const http = setup(undefined, () => answer());
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('field-delete-amount'));
    fireEvent.change(screen.getByTestId('form-designer-note'), { target: { value: '去掉金额' } });
    await act(async () => fireEvent.click(screen.getByTestId('form-designer-save')));
    await waitFor(() => expect(screen.getByText('请填写字段描述: x')).toBeTruthy());
    expect(rowNames()).toEqual(['reason', 'day']);
    answer = () => ok({ id: '7' });
    await act(async () => fireEvent.click(screen.getByTestId('form-designer-save')));
    await waitFor(() => expect(http.callsTo('/api/blade-workflow/design/form/submit')).toHaveLength(2));
    const body = http.callsTo('/api/blade-workflow/design/form/submit')[1]!.body as { id: string; content: FormColumn[]; versionRemark: string };
    expect(body.id).toBe('7');
    expect(body.versionRemark).toBe('去掉金额');
    expect(body.content.map((c) => c.columnName)).toEqual(['reason', 'day']);
  });

  it('shows 403 without the form edit code', async () => {
    const http = setup(['wf_form_history']);
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(http.callsTo('/api/blade-workflow/design/form/detail')).toHaveLength(0);
  });
});
