import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../app/i18n';
import { Providers } from '../../../app/providers';
import { saveAccess, saveTokens } from '../../../app/session';
import { fail, mockFetch, ok, tokenAnswer } from '../../../test/http';
import DeploymentPage from './DeploymentPage';

const definition = (id: string, suspensionState = 1) => ({
  id,
  key: 'forkJoin',
  name: '并行审批',
  version: 2,
  category: '11',
  suspensionState,
  deploymentId: `d${id}`,
  resourceName: 'fork.bpmn20.xml',
  deploymentTime: '2026-11-23 10:00:00',
});

function setup(permissions = ['wf_deployment_status', 'wf_deployment_category', 'wf_deployment_delete', 'wf_deployment_upload']) {
  saveAccess([], permissions);
  let suspended = false;
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-flow/manager/list')
      return ok({ records: [definition('5', suspended ? 2 : 1)], total: 31, size: 10, current: Number(call.query.get('current')), pages: 4 });
    if (call.path === '/api/blade-workflow/design/category/allTree' || call.path === '/api/blade-workflow/design/category/tree')
      return ok([{ id: '11', title: '财务类', key: '11', value: '11' }]);
    if (call.path === '/api/blade-flow/manager/change-state') {
      suspended = call.query.get('state') === 'suspend';
      return ok(null);
    }
    if (call.path === '/api/blade-flow/manager/delete-deployment') return fail(400, '该部署的流程还有运行中的实例，不能删除');
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DeploymentPage />
    </Providers>,
  );
  return http;
}

describe('DeploymentPage', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { clientBasic: 'x' };
    saveTokens(tokenAnswer());
  });

  it('lists the definitions with their category name, pages and searches on the server', async () => {
    const http = setup();
    await waitFor(() => expect(screen.getByText('财务类')).toBeTruthy());
    expect(screen.getByText('并行审批')).toBeTruthy();
    fireEvent.change(screen.getByTestId('deployment-search-key'), { target: { value: 'fork' } });
    await act(async () => fireEvent.click(screen.getByTestId('deployment-search-submit')));
    await waitFor(() => expect(http.callsTo('/api/blade-flow/manager/list').at(-1)!.query.get('key')).toBe('fork'));
    expect(http.callsTo('/api/blade-flow/manager/list').at(-1)!.query.get('current')).toBe('1');
  });

  it('suspends and activates a definition', async () => {
    const http = setup();
    const button = await screen.findByTestId('deployment-row-state-5');
    expect(button.textContent).toBe('挂起');
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(screen.getByTestId('deployment-row-state-5').textContent).toBe('激活'));
    expect(http.callsTo('/api/blade-flow/manager/change-state')[0]!.query.get('processId')).toBe('5');
    expect(screen.getAllByText('挂起').length).toBeGreaterThan(0);
  });

  it('shows the server refusal of a delete while instances run', async () => {
    const http = setup();
    fireEvent.click(await screen.findByTestId('deployment-row-delete-5'));
    await act(async () => fireEvent.click(await screen.findByTestId('deployment-delete-ok')));
    await waitFor(() => expect(screen.getByText('该部署的流程还有运行中的实例，不能删除')).toBeTruthy());
    expect(http.callsTo('/api/blade-flow/manager/delete-deployment')[0]!.query.get('deploymentIds')).toBe('d5');
  });

  it('shows no action buttons without their codes', async () => {
    setup([]);
    await waitFor(() => expect(screen.getByText('并行审批')).toBeTruthy());
    expect(screen.queryByTestId('deployment-row-state-5')).toBeNull();
    expect(screen.queryByTestId('deployment-row-delete-5')).toBeNull();
    expect(screen.queryByTestId('deployment-upload')).toBeNull();
  });
});
