import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/http';
import { processForms } from '../../../app/processForms';
import FormUrlPage from './FormUrlPage';
import type { ProcessDetail } from './api';
import { processPath, SEND_LIST_PATH, TODO_LIST_PATH } from './processRoute';
import { renderScreen } from './testing';

vi.mock('../../../app/processForms', async (importOriginal) => {
  // The real helpers (processKeysOf …), with a form list of the test's own.
  const original = await importOriginal<typeof import('../../../app/processForms')>();
  const { lazy } = await import('react');
  const { defineEntity } = await import('@hjl/core');
  const demoPay = defineEntity({
    name: 'hjl_demo_pay',
    table: 'hjl_demo_pay',
    api: '/api/business/hjlDemoPay',
    path: '/finance/demoPay',
    routes: ['list', 'detail'],
    label: { zh: '演示付款', en: 'Demo payments' },
    fields: {
      title: { type: 'string', label: { zh: '付款事由', en: 'Purpose' }, required: '请输入付款事由' },
      kind: { type: 'int', label: { zh: '付款类别', en: 'Kind' } },
      money: { type: 'money', label: { zh: '付款金额', en: 'Amount' }, required: '请输入付款金额' },
    },
  });
  return {
    ...original,
    processForms: [
      {
        url: '/workflow/demoPay',
        processKey: 'demoPay',
        def: demoPay,
        types: { 2: { zh: '对公', en: 'Corporate' } },
        typeField: 'kind',
        steps: { finalStep: lazy(() => import('./PaymentStep')) },
      },
    ],
  };
});

const demoPay = processForms[0]!.def!;
const messages = () => Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent);
const WF = '/api/blade-workflow/process';
const SLOW = { timeout: 5000 };
/** Waits for an element the callback finds. */
const found = <T,>(find: () => T | null | undefined, what: string) =>
  waitFor(() => {
    const el = find();
    if (!el) throw new Error(`${what}: not there yet`);
    return el;
  }, SLOW);

const detailAt = (holding: boolean, variables: Record<string, unknown> = {}): ProcessDetail => ({
  process: {
    processDefinitionId: 'demoPay:1:3',
    processDefinitionKey: 'demoPay',
    processDefinitionName: '演示付款流程',
    processInstanceId: '200',
    businessKey: 'hjl_demo_pay:55',
    serialNumber: 'FK-0001',
    title: '张伟的演示付款',
    startUserName: '张伟',
    createTime: '2026-11-23 10:00:00',
    endTime: null,
    xml: '',
    formKey: '/workflow/demoPay/finalStep',
    taskId: '300',
    assignee: '9',
    taskName: '出纳付款',
    taskDefinitionKey: 'cashier',
  },
  isHolder: holding,
  isStarter: false,
  form: { variables },
  button: [
    { code: 'wf_pass', name: '同意' },
    { code: 'wf_reject', name: '驳回' },
  ],
  fields: [],
  backNodes: [],
  flow: [],
});

const routes = (holding = true) =>
  mockFetch((call) => {
    if (call.path.startsWith('/api/blade-system/dict')) return ok([]);
    if (call.path === `${WF}/detail`) return ok(detailAt(holding, holding ? {} : { expenseType: 1, transactionDate: '2026-11-24', remark: '已付' }));
    if (call.path === demoPay.api + '/detail') return ok({ id: '55', title: '采购服务器', kind: 2, money: '86000.00', status: 1, isDraft: 1 });
    if (call.path === demoPay.api + '/start') return ok({ id: '56', processInstanceId: '201' });
    if (call.path === `${WF}/completeTask`) return ok(null);
    if (call.path === `${WF}/history-flow-list`) return ok([]);
    return undefined;
  });

describe('a business form url', () => {
  it('bare: the start form derived from the definition; 提交 checks, saves and starts in one call, then the sent list', async () => {
    const http = routes();
    const router = renderScreen(<FormUrlPage />, [], '/workflow/demoPay');
    expect((await screen.findByTestId('wf-record-start')).textContent).toContain('演示付款');
    fireEvent.click(screen.getByTestId('wf-record-start-submit'));
    await waitFor(() => expect(messages()).toContain('请输入付款事由 | 请输入付款金额'), SLOW);
    expect(http.callsTo(demoPay.api + '/start')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('wf-start-title'), { target: { value: '采购服务器' } });
    fireEvent.change(screen.getByTestId('wf-start-money'), { target: { value: '86000' } });
    fireEvent.blur(screen.getByTestId('wf-start-money'));
    fireEvent.click(screen.getByTestId('wf-record-start-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(SEND_LIST_PATH), SLOW);
    expect(http.callsTo(demoPay.api + '/start')[0]!.body).toEqual({ title: '采购服务器', kind: null, money: '86000' });
    await waitFor(() => expect(messages()).toContain('发起成功'));
  });

  it('with ?p= of a definition and a {type} variant: the variant fills its field, the definition is named', async () => {
    const http = routes();
    const router = renderScreen(<FormUrlPage />, [], processPath('start', { processId: 'demoPay:2:9', processDefKey: 'demoPay' }, '/workflow/demoPay/2'));
    expect((await screen.findByTestId('wf-record-start')).textContent).toContain('演示付款 - 对公');
    expect(screen.queryByTestId('wf-start-kind')).toBeNull();
    fireEvent.change(screen.getByTestId('wf-start-title'), { target: { value: '保证金' } });
    fireEvent.change(screen.getByTestId('wf-start-money'), { target: { value: '100' } });
    fireEvent.blur(screen.getByTestId('wf-start-money'));
    fireEvent.click(screen.getByTestId('wf-record-start-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(SEND_LIST_PATH), SLOW);
    expect(http.callsTo(demoPay.api + '/start')[0]!.body).toEqual({ title: '保证金', money: '100', kind: 2, processDefinitionId: 'demoPay:2:9' });
  });

  const openCashierTask = async () => {
    const http = routes();
    const router = renderScreen(<FormUrlPage />, [], processPath('detail', { taskId: '300', processInsId: '200' }, '/workflow/demoPay/finalStep'));
    await screen.findByTestId('wf-payment-step', {}, SLOW);
    fireEvent.change(screen.getByTestId('wf-comment'), { target: { value: '已付款' } });
    return { http, router };
  };

  it("finalStep on the cashier's task: the record and the payment form; 同意 is refused with the form's messages", async () => {
    const { http } = await openCashierTask();
    const record = await screen.findByTestId('wf-record', {}, SLOW);
    await waitFor(() => expect(within(record).getByTestId('wf-record-fields-title').textContent).toBe('采购服务器'), SLOW);
    expect(within(record).getByTestId('wf-record-fields-money-upper').textContent).toBe('捌万陆仟元整');
    expect(within(record).getByTestId('wf-record-status').textContent).toBe('审批中');
    expect(http.callsTo(demoPay.api + '/detail')[0]!.query.get('id')).toBe('55');
    fireEvent.click(screen.getByTestId('wf-btn-wf_pass'));
    await waitFor(() => expect(messages()).toContain('请选择付款方式 | 请选择打款日期'), SLOW);
    expect(http.callsTo(`${WF}/completeTask`)).toHaveLength(0);
  }, 60_000);

  it("finalStep on the cashier's task: 同意 sends the payment information as the task's variables", async () => {
    const { http, router } = await openCashierTask();
    fireEvent.mouseDown(screen.getByTestId('wf-payment-step').querySelector('.ant-select')!);
    fireEvent.click(await found(() => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === '现金'), '现金'));
    const date = screen.getByTestId('wf-payment-step').querySelector<HTMLInputElement>('.ant-picker input')!;
    fireEvent.mouseDown(date);
    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: '2026-11-24' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByTestId('wf-btn-wf_pass'));
    await waitFor(() => expect(router.state.location.pathname).toBe(TODO_LIST_PATH), SLOW);
    const body = http.callsTo(`${WF}/completeTask`)[0]!.body as { pass: boolean; variables: Record<string, unknown> };
    expect(body.pass).toBe(true);
    expect(body.variables).toMatchObject({
      expenseType: 1,
      transactionDate: '2026-11-24',
      businessSubjectType: 1,
      payerName: null,
      transactionReferenceNumber: null,
    });
  }, 60_000);

  it('someone not holding the task sees the payment information read only', async () => {
    routes(false);
    renderScreen(<FormUrlPage />, [], processPath('detail', { processInsId: '200' }, '/workflow/demoPay/finalStep'));
    const step = await screen.findByTestId('wf-payment-step', {}, SLOW);
    expect((within(step).getByTestId('wf-payment-remark') as HTMLTextAreaElement).value).toBe('已付');
    expect((within(step).getByTestId('wf-payment-remark') as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByTestId('wf-btn-wf_pass')).toBeNull();
  });

  it('startStep opens the start form, finalStep is not started from its url; an unknown url and a bad payload say so', async () => {
    routes();
    renderScreen(<FormUrlPage />, [], '/workflow/demoPay/finalStep');
    expect((await screen.findByTestId('wf-form-not-startable')).textContent).toContain('请从待办事务打开');
    cleanup();
    // startStep is the applicant's form: the start form.
    renderScreen(<FormUrlPage />, [], processPath('start', { processId: 'demoPay:1:3' }, '/workflow/demoPay/startStep'));
    expect(await screen.findByTestId('wf-record-start')).toBeTruthy();
    cleanup();
    renderScreen(<FormUrlPage />, [], '/workflow/nothing');
    expect(await screen.findByTestId('wf-form-unknown')).toBeTruthy();
    cleanup();
    renderScreen(<FormUrlPage />, [], '/workflow/demoPay?p=%%%');
    expect(await screen.findByTestId('wf-bad-payload')).toBeTruthy();
  });
});
