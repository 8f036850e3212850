import { projectCompletionPayEntity } from '@hjl/core';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { refControlOf } from '../../components/RefControl';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import './SettlementSelect';

const SLOW = { timeout: 5000 };
const field = projectCompletionPayEntity.fields.decisionId!;
const settlements = [
  { id: '1', projectName: '南京河西学校造价咨询', settlementFee: '8800.00', status: 2, feePayStatus: 0 },
  { id: '2', projectName: '已付款项目', settlementFee: '300.00', status: 2, feePayStatus: 2 },
  { id: '3', projectName: '付款审批中项目', settlementFee: '100.00', status: 2, feePayStatus: 1 },
  { id: '4', projectName: '无结算费用项目', settlementFee: null, status: 2, feePayStatus: 0 },
  { id: '5', projectName: '苏州工业园区审计', settlementFee: '12345.60', status: 2, feePayStatus: 0 },
];

/** The control registered for the kind (what CrudPage and the process form render for decisionId). */
const Control = refControlOf(field)!;
function Harness({ initial }: { initial?: Record<string, unknown> }) {
  return (
    <Form initialValues={initial}>
      <Form.Item name="decisionId">
        <Control field={field} testId="crud-form-decisionId" name={initial?.decisionName as string | undefined} />
      </Form.Item>
      <Form.Item name="amount">
        <Input data-testid="amount" />
      </Form.Item>
    </Form>
  );
}

function show(initial?: Record<string, unknown>) {
  saveTokens(tokenAnswer());
  saveAccess([], []);
  const http = mockFetch((call) => {
    if (call.path === '/api/business/hjlProjectDecision/list') return ok({ records: settlements, total: settlements.length, size: 500, current: 1, pages: 1 });
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness initial={initial} />
    </Providers>,
  );
  return http;
}

const open = async () => {
  const select = await screen.findByTestId('crud-form-decisionId', undefined, SLOW);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
};
const amount = () => (screen.getByTestId('amount') as HTMLInputElement).value;
/** What the select shows as chosen. */
const chosen = () => screen.getByTestId('crud-form-decisionId').textContent;
const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  vi.useRealTimers();
});

describe('结算记录 picker (ref kind project_decision)', () => {
  it('is the registered control of 完工付款’s decisionId: approved settlements with an unpaid fee, project and fee; picking fills 付款金额', async () => {
    expect(field.ref).toBe('project_decision');
    const http = show();
    await open();
    await waitFor(() => expect(optionTexts()).toEqual(['南京河西学校造价咨询 · 结算费用 8,800.00', '苏州工业园区审计 · 结算费用 12,345.60']), SLOW);
    // The settlement list filtered to approved ones (status 2).
    expect(http.callsTo('/api/business/hjlProjectDecision/list')[0]!.query.get('status')).toBe('2');
    fireEvent.click(screen.getByTitle('苏州工业园区审计 · 结算费用 12,345.60'));
    await waitFor(() => expect(chosen()).toBe('苏州工业园区审计 · 结算费用 12,345.60'));
    expect(amount()).toBe('12345.60');
  }, 60_000);

  it('keeps an amount already entered; an edited record’s own settlement shows its name though no longer offered', async () => {
    show({ decisionId: '2', decisionName: '已付款项目 · 结算费用 300.00', amount: '50.00' });
    const select = await screen.findByTestId('crud-form-decisionId', undefined, SLOW);
    await waitFor(() => expect(select.textContent).toContain('已付款项目 · 结算费用 300.00'), SLOW);
    await open();
    await waitFor(() => expect(optionTexts()).toContain('南京河西学校造价咨询 · 结算费用 8,800.00'), SLOW);
    fireEvent.click(screen.getByTitle('南京河西学校造价咨询 · 结算费用 8,800.00'));
    await waitFor(() => expect(chosen()).toBe('南京河西学校造价咨询 · 结算费用 8,800.00'));
    expect(amount()).toBe('50.00');
  }, 60_000);
});
