import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '../../../test/http';
import { ApprovalPanel } from './ApprovalPanel';
import type { ProcessDetail } from './api';
import { SEND_LIST_PATH, TODO_LIST_PATH } from './processRoute';
import { renderScreen } from './testing';

const detail = (over: Partial<ProcessDetail> = {}): ProcessDetail => ({
  process: {
    processDefinitionId: '1',
    processDefinitionKey: 'Leave',
    processDefinitionName: '请假流程',
    processInstanceId: '200',
    businessKey: null,
    serialNumber: '1',
    title: '请假',
    startUserName: '陈静',
    createTime: '2026-11-23 10:00:00',
    endTime: null,
    xml: '',
    formKey: null,
    taskId: '300',
    assignee: '9',
    taskName: '审批人审批',
    taskDefinitionKey: 'approverTask',
  },
  isHolder: true,
  isStarter: false,
  form: { variables: {} },
  button: [
    { code: 'wf_pass', name: '同意' },
    { code: 'wf_reject', name: '驳回' },
    { code: 'wf_rollback', name: '回退' },
    { code: 'wf_transfer', name: '转办' },
    { code: 'wf_terminate', name: '终止' },
    { code: 'wf_hidden', name: '隐藏', display: false },
  ],
  fields: [],
  backNodes: [{ nodeId: 'start', nodeName: '开始' }],
  flow: [],
  ...over,
});

const messages = () => Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent);
const WF = '/api/blade-workflow/process';

describe('the approval panel', () => {
  it('shows the node’s buttons; an approval needs a comment (请填写批复意见), then completes with the form values', async () => {
    const http = mockFetch((call) => (call.path === `${WF}/completeTask` ? ok(null) : undefined));
    const router = renderScreen(<ApprovalPanel detail={detail()} collectVariables={async () => ({ amount: 3 })} onChanged={() => undefined} />);
    expect(screen.queryByText('隐藏')).toBeNull();
    fireEvent.click(screen.getByTestId('wf-btn-wf_pass'));
    await waitFor(() => expect(messages()).toContain('请填写批复意见'));
    expect(http.callsTo(`${WF}/completeTask`)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('wf-comment'), { target: { value: '同意' } });
    fireEvent.click(screen.getByTestId('wf-btn-wf_pass'));
    await waitFor(() => expect(router.state.location.pathname).toBe(TODO_LIST_PATH));
    expect(http.callsTo(`${WF}/completeTask`)[0]!.body).toEqual({
      taskId: '300',
      processInstanceId: '200',
      pass: true,
      comment: '同意',
      variables: { amount: 3 },
      attachment: [],
    });
    await waitFor(() => expect(messages()).toContain('操作成功'));
  });

  it('an approval with an invalid form calls nothing', async () => {
    const http = mockFetch(() => ok(null));
    renderScreen(<ApprovalPanel detail={detail()} collectVariables={() => Promise.reject(new Error('请填写金额'))} onChanged={() => undefined} />);
    fireEvent.change(screen.getByTestId('wf-comment'), { target: { value: '同意' } });
    fireEvent.click(screen.getByTestId('wf-btn-wf_pass'));
    await new Promise((r) => setTimeout(r, 50));
    expect(http.calls).toHaveLength(0);
  });

  it('终止 asks 确定要终止此流程吗? before it terminates', async () => {
    const http = mockFetch((call) => (call.path === `${WF}/terminateProcess` ? ok(null) : undefined));
    renderScreen(<ApprovalPanel detail={detail()} onChanged={() => undefined} />);
    fireEvent.change(screen.getByTestId('wf-comment'), { target: { value: '不需要了' } });
    fireEvent.click(screen.getByTestId('wf-btn-wf_terminate'));
    expect(await screen.findByText('确定要终止此流程吗?')).toBeTruthy();
    expect(http.calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('wf-terminate-ok'));
    await waitFor(() => expect(http.callsTo(`${WF}/terminateProcess`)[0]?.body).toEqual({ taskId: '300', comment: '不需要了', attachment: [] }));
  });

  it('回退 asks for a node and says 回退成功', async () => {
    const http = mockFetch((call) => (call.path === `${WF}/rollbackTask` ? ok(null) : undefined));
    const router = renderScreen(<ApprovalPanel detail={detail()} onChanged={() => undefined} />);
    fireEvent.click(screen.getByTestId('wf-btn-wf_rollback'));
    fireEvent.click(await screen.findByTestId('wf-dialog-ok'));
    expect(await screen.findByText('请选择回退节点', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(http.calls).toHaveLength(0);
    fireEvent.mouseDown(screen.getByTestId('wf-back-node').querySelector('.ant-select-selector') ?? screen.getByTestId('wf-back-node'));
    fireEvent.click(await screen.findByTitle('开始'));
    fireEvent.click(screen.getByTestId('wf-dialog-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe(TODO_LIST_PATH));
    expect(http.callsTo(`${WF}/rollbackTask`)[0]!.body).toMatchObject({ taskId: '300', nodeId: 'start' });
    await waitFor(() => expect(messages()).toContain('回退成功'));
  });

  it('转办 needs a comment first; the starter who does not hold the task may only withdraw', async () => {
    mockFetch(() => undefined);
    renderScreen(<ApprovalPanel detail={detail()} onChanged={() => undefined} />);
    fireEvent.click(screen.getByTestId('wf-btn-wf_transfer'));
    await waitFor(() => expect(messages()).toContain('请填写批复意见'));
    expect(screen.queryByTestId('wf-dialog-transfer')).toBeNull();

    cleanup();
    const http = mockFetch((call) => (call.path === `${WF}/withdrawTask` ? ok(null) : undefined));
    const router = renderScreen(<ApprovalPanel detail={detail({ isHolder: false, isStarter: true, button: [] })} onChanged={() => undefined} />);
    expect(screen.queryByTestId('wf-btn-wf_pass')).toBeNull();
    expect(screen.queryByTestId('wf-comment')).toBeNull();
    fireEvent.click(screen.getByTestId('wf-btn-wf_withdraw'));
    fireEvent.click(await screen.findByTestId('wf-withdraw-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe(SEND_LIST_PATH));
    expect(http.callsTo(`${WF}/withdrawTask`)[0]!.body).toEqual({ processInstanceId: '200' });
  });

  it('a candidate of an unassigned task may 签收 it (操作成功), and the detail is read again', async () => {
    const http = mockFetch((call) => (call.path === `${WF}/claimTask` ? ok(null) : undefined));
    let reloaded = 0;
    const unassigned = detail({ button: [{ code: 'wf_pass', name: '同意' }] });
    unassigned.process.assignee = null;
    renderScreen(<ApprovalPanel detail={unassigned} onChanged={() => (reloaded += 1)} />);
    fireEvent.click(screen.getByTestId('wf-btn-wf_claim'));
    await waitFor(() => expect(reloaded).toBe(1));
    expect(http.callsTo(`${WF}/claimTask`)[0]!.query.get('taskId')).toBe('300');
    await waitFor(() => expect(messages()).toContain('操作成功'));
  });

  it('shows nothing to someone who neither holds the task nor started it', () => {
    mockFetch(() => undefined);
    renderScreen(<ApprovalPanel detail={detail({ isHolder: false, button: [] })} onChanged={() => undefined} />);
    expect(screen.queryByTestId('wf-approval')).toBeNull();
  });
});
