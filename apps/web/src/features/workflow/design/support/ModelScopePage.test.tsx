import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../../app/i18n';
import { Providers } from '../../../../app/providers';
import { saveAccess, saveTokens } from '../../../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../../../test/http';
import ModelScopePage from './ModelScopePage';

const scopeTypes = [
  { dictKey: '1', dictValue: '用户' },
  { dictKey: '2', dictValue: '角色' },
  { dictKey: '3', dictValue: '部门' },
  { dictKey: '4', dictValue: '岗位' },
];

function setup() {
  saveAccess([], ['wf_model_scope_add', 'wf_model_scope_edit', 'wf_model_scope_delete']);
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-system/dict/dictionary') return ok(scopeTypes);
    if (call.path === '/api/blade-workflow/design/model-scope/list') {
      return ok({
        records: [{ id: '3', modelId: '8', modelKey: 'Leave', scopeType: 3, scopeValue: '10', modelName: '请假流程', scopeText: '工程部' }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      });
    }
    if (call.path === '/api/blade-workflow/design/model-scope/detail') return ok({ id: '3', modelId: '8', modelKey: 'Leave', scopeType: 3, scopeValue: '10' });
    if (call.path === '/api/blade-workflow/design/model/list')
      return ok({ records: [{ id: '8', name: '请假流程', modelKey: 'Leave' }], total: 1, size: 1000, current: 1, pages: 1 });
    if (call.path === '/api/blade-system/dept/tree')
      return ok([
        { id: '10', title: '工程部', key: '10', value: '10' },
        { id: '11', title: '财务部', key: '11', value: '11' },
      ]);
    if (call.path === '/api/blade-workflow/design/model-scope/submit') return ok(null);
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ModelScopePage />
    </Providers>,
  );
  return http;
}

describe('ModelScopePage', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { clientBasic: 'x' };
    saveTokens(tokenAnswer());
  });

  it('lists the model and the names of whom a row names', async () => {
    setup();
    await waitFor(() => expect(screen.getByText('请假流程')).toBeTruthy());
    expect(screen.getByText('工程部')).toBeTruthy();
  });

  it('edits a department scope with the department tree and sends the ids joined', async () => {
    const http = setup();
    fireEvent.click(await screen.findByTestId('crud-row-edit-3'));
    const dialog = await screen.findByTestId('crud-form');
    // the department tree shows the held department by name
    await waitFor(() => expect(dialog.querySelector('[data-testid="crud-form-scopeValue"]')!.textContent).toContain('工程部'));
    await act(async () => fireEvent.click(screen.getByTestId('crud-form-submit')));
    await waitFor(() => expect(http.callsTo('/api/blade-workflow/design/model-scope/submit')).toHaveLength(1));
    expect(http.callsTo('/api/blade-workflow/design/model-scope/submit')[0]!.body).toMatchObject({ id: '3', modelId: '8', scopeType: 3, scopeValue: '10' });
  });
});
