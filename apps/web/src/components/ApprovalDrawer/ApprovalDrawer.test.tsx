import { defineEntity } from '@hjl/core';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { MODEL_VIEW_URL } from '../FlowChartDialog';
import { HISTORY_URL } from '../WorkflowTimeline';
import { ApprovalDrawer, drawerTabs, filesOf } from './ApprovalDrawer';
import { shownValue } from './RecordDetails';
import { registerApprovalView, SPEC_KEYS, unregisterApprovalView, type ApprovalRecord, type ApprovalViewProps } from './views';

vi.mock('../FlowChartDialog/DiagramCanvas', () => ({
  default: ({ markers }: { markers: { elementId: string; marker: string }[] }) => (
    <div data-testid="flow-chart-canvas">{markers.map((m) => `${m.elementId}:${m.marker}`).join(' ')}</div>
  ),
}));

const rec = (over: Partial<ApprovalRecord>): ApprovalRecord => ({
  id: '1',
  status: 1,
  isDraft: 1,
  processDefinitionKey: 'hjl_apply_payment',
  processInstanceId: '77',
  ...over,
});

const paymentDef = defineEntity({
  name: 'hjl_demo_payment',
  table: 'hjl_demo_payment',
  api: '/api/business/hjlDemoPayment',
  path: '/finance/demoPayment',
  routes: ['list', 'detail'],
  label: { zh: '付款申请', en: 'Payments' },
  fields: {
    title: { type: 'string', label: { zh: '付款事由', en: 'Purpose' }, list: true },
    payType: { type: 'int', label: { zh: '付款方式', en: 'Method' }, dict: 'pay_type' },
    money: { type: 'money', label: { zh: '付款金额', en: 'Amount' }, list: true },
  },
});

function show(record: ApprovalRecord, props: { def?: typeof paymentDef } = {}) {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], []);
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-system/dict/dictionary') return ok([{ dictKey: '1', dictValue: '银行转账' }]);
    if (call.path === HISTORY_URL)
      return ok([
        {
          id: 'a',
          historyActivityType: 'startEvent',
          historyActivityName: '发起',
          assigneeName: '张伟',
          createTime: '2025-03-01 09:00:00',
          endTime: '2025-03-01 09:00:00',
        },
        {
          id: 'b',
          historyActivityType: 'userTask',
          historyActivityName: '财务审批',
          assigneeName: '陈静',
          createTime: '2025-03-01 09:00:00',
          endTime: '2025-03-01 10:00:00',
        },
      ]);
    if (call.path === `${paymentDef.api}/get/process_his/5`)
      return ok({
        records: [
          {
            processInstanceId: '78',
            serialNumber: 'FK-0002',
            startTime: '2025-03-03 09:00:00',
            endTime: '2025-03-03 11:00:00',
            flow: [
              {
                id: 'x',
                historyActivityType: 'userTask',
                historyActivityName: '财务审批',
                assigneeName: '陈静',
                createTime: '2025-03-03 09:00:00',
                endTime: '2025-03-03 11:00:00',
              },
            ],
          },
          {
            processInstanceId: '77',
            serialNumber: 'FK-0001',
            startTime: '2025-03-01 09:00:00',
            endTime: '2025-03-01 10:00:00',
            flow: [
              {
                id: 'y',
                historyActivityType: 'userTask',
                historyActivityName: '部门经理审批',
                assigneeName: '李红',
                createTime: '2025-03-01 09:00:00',
                endTime: '2025-03-01 10:00:00',
                comments: [{ type: 'rollbackComment', action: 'reject', fullMessage: '金额有误' }],
              },
            ],
          },
        ],
        total: 2,
        size: 10000,
        current: 1,
        pages: 1,
      });
    if (call.path === MODEL_VIEW_URL) return ok({ xml: '<definitions/>', flow: [{ historyActivityId: 'finance', status: 'nodeSuccess' }] });
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApprovalDrawer record={record} onClose={() => undefined} def={props.def} />
    </Providers>,
  );
  return http;
}

const tabNames = () => [...screen.getByTestId('approval-drawer').querySelectorAll('.ant-tabs-tab')].map((t) => t.textContent);

afterEach(() => {
  for (const key of [...Object.values(SPEC_KEYS), 'hjl_apply_payment']) unregisterApprovalView(key);
});

describe('drawerTabs (S2 L253-254)', () => {
  it.each([
    [{ status: 0, isDraft: 0, processInstanceId: null }, ['basic']],
    [{ status: 1, isDraft: 1 }, ['basic', 'diagram']],
    [{ status: 2, isDraft: 1 }, ['basic', 'approval', 'diagram']],
    [{ status: '2', isDraft: 0 }, ['basic', 'approval']],
    [{ status: 3, isDraft: 1 }, ['basic', 'diagram']],
    [{ status: 6, isDraft: 1 }, ['basic', 'diagram']],
    [{ status: 2, isDraft: 2 }, ['basic', 'approval', 'diagram']],
  ])('%j → %j', (over, tabs) => {
    expect(drawerTabs(rec(over))).toEqual(tabs);
  });

  it('the four keys of S2 L255-259 choose their tabs at status 2, none of them before', () => {
    expect(drawerTabs(rec({ status: 2, processDefinitionKey: SPEC_KEYS.refundDeposit }))).toEqual(['basic', 'approval', 'diagram']);
    expect(drawerTabs(rec({ status: 2, processDefinitionKey: SPEC_KEYS.refundReplaceDeposit }))).toEqual(['basic', 'approval', 'refund', 'diagram']);
    expect(drawerTabs(rec({ status: 2, processDefinitionKey: SPEC_KEYS.applyReplaceDeposit }))).toEqual(['basic', 'approval', 'diagram']);
    expect(drawerTabs(rec({ status: 2, processDefKey: SPEC_KEYS.returnMoney }))).toEqual(['basic', 'approval', 'repayment', 'diagram']);
    for (const key of Object.values(SPEC_KEYS)) expect(drawerTabs(rec({ status: 1, processDefinitionKey: key }))).toEqual(['basic', 'diagram']);
  });
});

describe('ApprovalDrawer', () => {
  it('status 1: 基本信息 from the definition and 审批节点图, no 审批详情', async () => {
    show(rec({ status: 1, title: '采购电脑', payType: 1, money: '52000' }), { def: paymentDef });
    await waitFor(() => expect(tabNames()).toEqual(['基本信息', '审批节点图']));
    expect(screen.getByText('审批详情', { selector: '.ant-drawer-title' })).toBeTruthy();
    const details = screen.getByTestId('record-details');
    expect(within(details).getByTestId('record-details-title').textContent).toBe('采购电脑');
    await waitFor(() => expect(within(details).getByTestId('record-details-payType').textContent).toBe('银行转账'));
    expect(within(details).getByTestId('record-details-money-upper').textContent).toBe('伍万贰仟元整');
    fireEvent.click(screen.getByTestId('approval-tab-diagram'));
    await waitFor(() => expect(screen.getByTestId('flow-chart-canvas').textContent).toBe('finance:wf-node-success'));
  });

  it('status 2: 审批详情 shows the approval detail form (status, amount with 大写, files) and the history', async () => {
    const http = show(
      rec({ status: 2, money: '1234.5', filePath: 'http://f/upload/%E5%8F%91%E7%A5%A8.pdf,http://f/upload/b.png', submitTime: '2025-03-01 09:00:00' }),
    );
    await waitFor(() => expect(tabNames()).toEqual(['基本信息', '审批详情', '审批节点图']));
    fireEvent.click(screen.getByTestId('approval-tab-approval'));
    const detail = await screen.findByTestId('approval-detail');
    expect(within(detail).getByTestId('approval-status').textContent).toBe('审批通过');
    expect(within(detail).getByTestId('approval-detail-money-amount').textContent).toBe('1,234.50 元');
    expect(within(detail).getByTestId('approval-detail-money-upper').textContent).toBe('壹仟贰佰叁拾肆元伍角');
    expect(within(detail).getByText('发票.pdf')).toBeTruthy();
    await waitFor(() => expect(within(detail).getAllByTestId('workflow-timeline-item')).toHaveLength(2));
    expect(http.callsTo(HISTORY_URL)[0]!.query.get('processInstanceId')).toBe('77');
  });

  it('a record started again lists every submission, newest first and open, each with its timeline', async () => {
    const http = show(rec({ id: '5', status: 2, processInstanceId: '78', title: '采购电脑', money: '52000' }), { def: paymentDef });
    await waitFor(() => expect(tabNames()).toEqual(['基本信息', '审批详情', '审批节点图']));
    fireEvent.click(screen.getByTestId('approval-tab-approval'));
    const rounds = await screen.findByTestId('approval-history-rounds', {}, { timeout: 5000 });
    const headers = [...rounds.querySelectorAll('.ant-collapse-header')].map((h) => h.textContent);
    expect(headers).toEqual([expect.stringContaining('第 2 次提交FK-0002'), expect.stringContaining('第 1 次提交FK-0001')]);
    expect(within(rounds).getByText('财务审批')).toBeTruthy();
    expect(http.callsTo(`${paymentDef.api}/get/process_his/5`)[0]!.query.get('size')).toBe('10000');
    fireEvent.click(rounds.querySelectorAll('.ant-collapse-header')[1]!);
    expect(await within(rounds).findByText('金额有误')).toBeTruthy();
  });

  it('isDraft 0 hides 审批节点图', async () => {
    show(rec({ status: 2, isDraft: 0 }));
    await waitFor(() => expect(tabNames()).toEqual(['基本信息', '审批详情']));
  });

  it('hjl_refund_guarantee_money: 付款详情 with the deposit payment view its area plugs in', async () => {
    registerApprovalView(SPEC_KEYS.refundDeposit, {
      approval: ({ record }: ApprovalViewProps) => <div data-testid="deposit-payment">缴纳记录 {record.id}</div>,
    });
    show(rec({ id: '31', status: 2, processDefinitionKey: SPEC_KEYS.refundDeposit }));
    await waitFor(() => expect(tabNames()).toEqual(['基本信息', '付款详情', '审批节点图']));
    fireEvent.click(screen.getByTestId('approval-tab-approval'));
    expect((await screen.findByTestId('deposit-payment')).textContent).toBe('缴纳记录 31');
  });

  it('hjl_refund_replace_guarantee_money: 保证金退还详情 with the replacement refund view', async () => {
    registerApprovalView(SPEC_KEYS.refundReplaceDeposit, { refund: () => <div data-testid="replace-refund">代缴退还</div> });
    show(rec({ status: 2, processDefinitionKey: SPEC_KEYS.refundReplaceDeposit }));
    await waitFor(() => expect(tabNames()).toEqual(['基本信息', '审批详情', '保证金退还详情', '审批节点图']));
    fireEvent.click(screen.getByTestId('approval-tab-refund'));
    expect((await screen.findByTestId('replace-refund')).textContent).toBe('代缴退还');
  });

  it('hjl_apply_replace_guarantee_money: 付款详情 with the replacement payment view only when approved', async () => {
    registerApprovalView(SPEC_KEYS.applyReplaceDeposit, { approval: () => <div data-testid="replace-payment">代缴付款</div> });
    show(rec({ status: 2, processDefinitionKey: SPEC_KEYS.applyReplaceDeposit }));
    await waitFor(() => expect(tabNames()).toEqual(['基本信息', '付款详情', '审批节点图']));
    fireEvent.click(screen.getByTestId('approval-tab-approval'));
    expect((await screen.findByTestId('replace-payment')).textContent).toBe('代缴付款');
  });

  it('HJL_APPLY_RETURN_MONEY_PROCESS_KEY: 还款详情 with the repayment view; the generic 审批详情 beside it', async () => {
    registerApprovalView(SPEC_KEYS.returnMoney, { repayment: () => <div data-testid="repayment">还款记录</div> });
    show(rec({ status: 2, processDefKey: SPEC_KEYS.returnMoney, processDefinitionKey: undefined }));
    await waitFor(() => expect(tabNames()).toEqual(['基本信息', '审批详情', '还款详情', '审批节点图']));
    fireEvent.click(screen.getByTestId('approval-tab-repayment'));
    expect((await screen.findByTestId('repayment')).textContent).toBe('还款记录');
    fireEvent.click(screen.getByTestId('approval-tab-approval'));
    expect(await screen.findByTestId('approval-detail')).toBeTruthy();
  });

  it("a key's own 基本信息 view replaces the definition's fields", async () => {
    registerApprovalView('hjl_apply_payment', { basic: () => <div data-testid="own-basic">付款申请单</div> });
    show(rec({ status: 1 }), { def: paymentDef });
    expect((await screen.findByTestId('own-basic')).textContent).toBe('付款申请单');
    expect(screen.queryByTestId('record-details')).toBeNull();
  });
});

describe('filesOf', () => {
  it('takes file items or urls joined by commas', () => {
    expect(filesOf([{ label: 'a', value: 'u' }])).toEqual([{ label: 'a', value: 'u' }]);
    expect(filesOf('http://x/a.pdf, http://x/b.png')).toEqual([
      { label: 'a.pdf', value: 'http://x/a.pdf' },
      { label: 'b.png', value: 'http://x/b.png' },
    ]);
    expect(filesOf(null)).toEqual([]);
  });
});

describe('shownValue', () => {
  it('shows a reference by the name the record carries, and leaves out a bare id', () => {
    const id = { type: 'id', label: { zh: '审批人', en: 'Approver' } } as const;
    expect(shownValue('taskUser', id, { taskUser: '91', taskUserName: '李红' })).toBe('李红');
    expect(shownValue('customerId', id, { customerId: '5', customerName: '南京地铁' })).toBe('南京地铁');
    expect(shownValue('taskUser', id, { taskUser: '91' })).toBeUndefined();
    expect(shownValue('owner', { ...id, display: 'ownerName' }, { owner: '9', ownerName: '张伟' })).toBe('张伟');
    expect(shownValue('title', { type: 'string', label: id.label }, { title: '采购' })).toBe('采购');
  });
});
