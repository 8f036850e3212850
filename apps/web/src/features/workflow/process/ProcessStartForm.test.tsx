import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getTabs, visitTab } from '../../../app/tabs';
import { fail, mockFetch, ok } from '../../../test/http';
import { ProcessStartForm } from './ProcessStartForm';
import { SEND_LIST_PATH } from './processRoute';
import { renderScreen } from './testing';

const NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"';
const XML = `<definitions ${NS}><process id="trip"><startEvent id="start"/><sequenceFlow id="f" sourceRef="start" targetRef="t"/><userTask id="t" name="部门审批" flowable:assignee="\${approver}"/></process></definitions>`;
const CONTENT = JSON.stringify([
  { columnName: 'reason', columnDescribe: '事由', columnType: 1 },
  { columnName: 'phone', columnDescribe: '联系电话', columnType: 1, isRequired: 0, format: 'mobile' },
]);

function serve(opts: { draft?: unknown; start?: () => ReturnType<typeof ok> } = {}) {
  return mockFetch((call) => {
    if (call.path === '/api/blade-workflow/process/getFormByProcessId') {
      return ok({
        processDefinitionId: '77',
        processDefinitionKey: 'trip',
        processDefinitionName: '外出申请',
        processDefinitionVersion: 1,
        formKey: 'trip_form',
        form: { formKey: 'trip_form', formName: '外出', formVersion: 1, content: CONTENT, deployed: true },
      });
    }
    if (call.path === '/api/blade-flow/process/model-view') return ok({ xml: XML });
    if (call.path === '/api/blade-workflow/process/draft/detail') return ok(opts.draft ?? {});
    if (call.path === '/api/blade-workflow/process/draft/submit') return ok({ id: '5' });
    if (call.path === '/api/blade-user/search/user') return ok({ records: [{ id: '9', realName: '刘洋', displayName: '刘洋' }], total: 1 });
    if (call.path === '/api/blade-workflow/process/startProcess') return opts.start?.() ?? ok({ processInstanceId: '100' });
    return undefined;
  });
}

const messages = () => Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent);

describe('the start screen', () => {
  it('shows every message of an empty form joined by " | " and starts nothing', async () => {
    const http = serve();
    renderScreen(<ProcessStartForm processId="77" />, ['wf_draft_add', 'wf_draft_view']);
    fireEvent.click(await screen.findByTestId('wf-start-submit'));
    await waitFor(() => expect(messages()).toContain('请填写事由 | 请选择下一步审批人'));
    expect(http.callsTo('/api/blade-workflow/process/startProcess')).toHaveLength(0);
  });

  it('loads the draft, starts with the form values and the chosen approver (发起成功 → the sent list, its tab closed)', async () => {
    const http = serve({ draft: { id: '5', processDefKey: 'trip', variables: { reason: '去苏州', approver: '9', title: '苏州出差' } } });
    visitTab('/screen');
    const router = renderScreen(<ProcessStartForm processId="77" />, ['wf_draft_add', 'wf_draft_view']);
    await screen.findByTestId('wf-draft-loaded');
    expect((screen.getByTestId('dyn-reason') as HTMLInputElement).value).toBe('去苏州');
    await waitFor(() => expect((screen.getByTestId('wf-next-approver') as HTMLInputElement).value).toBe('刘洋'));
    fireEvent.click(screen.getByTestId('wf-start-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(SEND_LIST_PATH));
    expect(getTabs().tabs).not.toContain('/screen');
    expect(http.callsTo('/api/blade-workflow/process/startProcess')[0]!.body).toEqual({
      processDefinitionId: '77',
      variables: { reason: '去苏州', approver: '9' },
      title: '苏州出差',
    });
    await waitFor(() => expect(messages()).toContain('发起成功'));
  });

  it('a refused start only clears the loading state', async () => {
    serve({
      draft: { id: '5', processDefKey: 'trip', variables: { reason: '去苏州', approver: '9' } },
      start: () => fail(400, '您没有发起该流程的权限') as ReturnType<typeof ok>,
    });
    visitTab('/screen');
    const router = renderScreen(<ProcessStartForm processId="77" />, ['wf_draft_view']);
    await screen.findByTestId('wf-draft-loaded');
    expect(screen.queryByTestId('wf-start-draft')).toBeNull(); // no wf_draft_add
    await act(async () => fireEvent.click(screen.getByTestId('wf-start-submit')));
    await waitFor(() => expect(messages()).toContain('您没有发起该流程的权限'));
    await waitFor(() => expect(screen.getByTestId('wf-start-submit').className).not.toContain('loading'));
    expect(router.state.location.pathname).toBe('/screen');
    expect(getTabs().tabs).toContain('/screen'); // the form stays open to be corrected
  });

  it('存为草稿 keeps the values, the title and the approver', async () => {
    const http = serve();
    renderScreen(<ProcessStartForm processId="77" />, ['wf_draft_add', 'wf_draft_view']);
    fireEvent.change(await screen.findByTestId('dyn-reason'), { target: { value: '去南京' } });
    fireEvent.change(screen.getByTestId('wf-start-title'), { target: { value: '南京出差' } });
    fireEvent.click(screen.getByTestId('wf-start-draft'));
    await waitFor(() => expect(http.callsTo('/api/blade-workflow/process/draft/submit')).toHaveLength(1));
    expect(http.callsTo('/api/blade-workflow/process/draft/submit')[0]!.body).toMatchObject({
      processDefKey: 'trip',
      processDefId: '77',
      title: '南京出差',
      variables: { reason: '去南京', title: '南京出差', copyUser: null, attachment: [] },
    });
    await waitFor(() => expect(messages()).toContain('草稿保存成功'));
  });
});
