import { defineEntity } from '@hjl/core';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { HISTORY_URL } from '../WorkflowTimeline';
import { WITHDRAW_URL } from './api';
import { approvalActions, useApprovalMode } from './useApprovalMode';

const def = defineEntity({
  name: 'hjl_demo_expense',
  table: 'hjl_demo_expense',
  api: '/api/business/hjlDemoExpense',
  path: '/finance/demoExpense',
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  label: { zh: '费用申请', en: 'Expenses' },
  approval: { processKey: 'demoExpense', amountField: 'money' },
  fields: {
    title: { type: 'string', label: { zh: '事由', en: 'Purpose' }, list: true },
    money: { type: 'money', label: { zh: '金额', en: 'Amount' }, list: true },
  },
});

type Row = Record<string, unknown> & { id: string };
const ME = '1'; // tokenAnswer's user
const row = (id: string, status: number, over: Partial<Row> = {}): Row => ({
  id,
  status,
  isDraft: status === 0 ? 0 : 1,
  createUser: ME,
  processInstanceId: status === 0 ? null : `9${id}`,
  processDefinitionKey: 'demoExpense',
  title: `申请${id}`,
  money: '1200',
  ...over,
});

function List({ rows, reload }: { rows: Row[]; reload: () => void }) {
  const mode = useApprovalMode(def, reload);
  return (
    <>
      <Table<Row>
        rowKey="id"
        dataSource={rows}
        pagination={false}
        columns={[{ key: 'title', dataIndex: 'title', title: '事由' }, mode.column, { key: 'actions', title: '操作', render: (_, r) => mode.actions(r) }]}
      />
      {mode.drawer}
    </>
  );
}

function show(rows: Row[], codes = ['hjl_demo_expense_add']) {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], codes);
  const http = mockFetch((call) => {
    if (call.path === `${def.api}/start`) return ok({ id: call.body && (call.body as Row).id });
    if (call.path === WITHDRAW_URL) return ok(null);
    if (call.path === HISTORY_URL) return ok([]);
    return undefined;
  });
  const reload = vi.fn();
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <List rows={rows} reload={reload} />
    </Providers>,
  );
  return { http, reload };
}

const buttonsOf = (id: string) =>
  [
    ...screen
      .getAllByRole('row')
      .find((r) => r.getAttribute('data-row-key') === id)!
      .querySelectorAll('button'),
  ].map((b) => b.textContent?.replace(/\s/g, ''));
const messages = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
const SLOW = { timeout: 5000 };

describe('approvalActions (S2 L240, L549)', () => {
  it.each([
    [row('1', 0), ['submit']],
    [row('1', 1), ['withdraw', 'detail']],
    [row('1', 2), ['detail']],
    [row('1', 3), ['resubmit', 'detail']],
    [row('1', 6), ['resubmit', 'detail']],
    [row('1', 0, { processInstanceId: '91' }), ['submit', 'detail']],
    [row('1', 1, { createUser: '2' }), ['detail']],
    [row('1', 3, { createUser: '2' }), ['detail']],
    [row('1', 0, { isDraft: 2 }), []],
  ])('%j → %j', (r, actions) => {
    expect(approvalActions(r, ME)).toEqual(actions);
  });
});

describe('useApprovalMode', () => {
  it('shows each row its status tag and its buttons', async () => {
    show([row('10', 0), row('11', 1), row('12', 2), row('13', 3), row('14', 6), row('15', 1, { createUser: '2' })]);
    expect(screen.getByText('审批状态')).toBeTruthy();
    expect(['10', '11', '12', '13', '14'].map((id) => screen.getByTestId(`approval-status-${id}`).textContent)).toEqual([
      '未发起',
      '审批中',
      '审批通过',
      '审批驳回',
      '已撤回',
    ]);
    expect(buttonsOf('10')).toEqual(['提交']);
    expect(buttonsOf('11')).toEqual(['撤回', '审批详情']);
    expect(buttonsOf('12')).toEqual(['审批详情']);
    expect(buttonsOf('13')).toEqual(['重新提交', '审批详情']);
    expect(buttonsOf('14')).toEqual(['重新提交', '审批详情']);
    expect(buttonsOf('15')).toEqual(['审批详情']);
  });

  it('提交 asks, then starts the record by its id (发起成功) and reloads the list', async () => {
    const { http, reload } = show([row('10', 0)]);
    fireEvent.click(screen.getByTestId('approval-submit-10'));
    expect(await screen.findByText('确定提交审批吗?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('approval-confirm-ok'));
    await waitFor(() => expect(http.callsTo(`${def.api}/start`)).toHaveLength(1), SLOW);
    expect(http.callsTo(`${def.api}/start`)[0]!.body).toEqual({ id: '10' });
    await waitFor(() => expect(messages()).toContain('发起成功'), SLOW);
    expect(reload).toHaveBeenCalled();
  });

  it('重新提交 of a rejected record starts it again', async () => {
    const { http } = show([row('13', 3)]);
    fireEvent.click(screen.getByTestId('approval-resubmit-13'));
    expect(await screen.findByText('确定重新提交审批吗?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('approval-confirm-ok'));
    await waitFor(() => expect(http.callsTo(`${def.api}/start`)[0]?.body).toEqual({ id: '13' }), SLOW);
  });

  it("撤回 of one's own request under approval goes through the workflow's withdraw", async () => {
    const { http, reload } = show([row('11', 1)]);
    fireEvent.click(screen.getByTestId('approval-withdraw-11'));
    expect(await screen.findByText('确定撤回该申请吗?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('approval-confirm-ok'));
    await waitFor(() => expect(http.callsTo(WITHDRAW_URL)[0]?.body).toEqual({ processInstanceId: '911' }), SLOW);
    await waitFor(() => expect(reload).toHaveBeenCalled(), SLOW);
  });

  it('提交 needs the add code; 审批详情 opens the drawer of the record', async () => {
    show([row('10', 0), row('12', 2)], []);
    expect(buttonsOf('10')).toEqual([]);
    fireEvent.click(screen.getByTestId('approval-detail-12'));
    const drawer = await screen.findByTestId('approval-drawer');
    await waitFor(() => expect([...drawer.querySelectorAll('.ant-tabs-tab')].map((t) => t.textContent)).toEqual(['基本信息', '审批详情', '审批节点图']));
    expect(within(drawer).getByTestId('record-details-title').textContent).toBe('申请12');
  });
});
