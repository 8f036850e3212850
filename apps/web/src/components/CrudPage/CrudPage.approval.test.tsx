import { defineEntity } from '@hjl/core';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { CrudPage, type CrudPageProps } from './CrudPage';

const expense = defineEntity({
  name: 'hjl_demo_expense',
  table: 'hjl_demo_expense',
  api: '/api/business/hjlDemoExpense',
  path: '/finance/demoExpense',
  label: { zh: '费用申请', en: 'Expenses' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  approval: { processKey: 'demoExpense', amountField: 'money' },
  fields: {
    title: { type: 'string', label: { zh: '事由', en: 'Purpose' }, required: '请输入事由', list: true },
    money: { type: 'money', label: { zh: '金额', en: 'Amount' }, list: true },
  },
});

const rows = [0, 1, 2, 3, 6].map((status, i) => ({
  id: String(i + 1),
  title: `申请${i + 1}`,
  money: '5000',
  status,
  isDraft: status === 0 ? 0 : 1,
  createUser: '1',
  processInstanceId: status === 0 ? null : `90${i + 1}`,
  processDefinitionKey: 'demoExpense',
}));

function setup(props: Partial<CrudPageProps> = {}) {
  saveTokens(tokenAnswer());
  saveAccess([], ['hjl_demo_expense_add', 'hjl_demo_expense_edit', 'hjl_demo_expense_delete']);
  const http = mockFetch((call) => {
    if (call.path === `${expense.api}/list`) return ok({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 });
    if (call.path === `${expense.api}/detail`) return ok(rows.find((r) => r.id === call.query.get('id')));
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CrudPage def={expense} {...props} />
    </Providers>,
  );
  return http;
}

const rowOf = (id: string) => document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;
const buttons = (id: string) => [...rowOf(id).querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));

describe('CrudPage in approval mode', () => {
  it('adds the 审批状态 column and the approval actions; rows under approval or approved are only viewed', async () => {
    setup();
    await waitFor(() => expect(rowOf('5')).toBeTruthy());
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('审批状态');
    expect(['1', '2', '3', '4', '5'].map((id) => within(rowOf(id)).getByTestId(`approval-status-${id}`).textContent)).toEqual([
      '未发起',
      '审批中',
      '审批通过',
      '审批驳回',
      '已撤回',
    ]);
    expect(buttons('1')).toEqual(['查看', '编辑', '删除', '提交']);
    expect(buttons('2')).toEqual(['查看', '撤回', '审批详情']);
    expect(buttons('3')).toEqual(['查看', '审批详情']);
    expect(buttons('4')).toEqual(['查看', '编辑', '删除', '重新提交', '审批详情']);
    expect(buttons('5')).toEqual(['查看', '编辑', '删除', '重新提交', '审批详情']);
    // Bulk delete cannot choose them either.
    expect((rowOf('2').querySelector('input[type="checkbox"]') as HTMLInputElement).disabled).toBe(true);
    expect((rowOf('3').querySelector('input[type="checkbox"]') as HTMLInputElement).disabled).toBe(true);
    expect((rowOf('4').querySelector('input[type="checkbox"]') as HTMLInputElement).disabled).toBe(false);
  });

  it('a record under approval opens read only', async () => {
    setup();
    await waitFor(() => expect(rowOf('2')).toBeTruthy());
    fireEvent.click(screen.getByTestId('crud-row-view-2'));
    const form = await screen.findByTestId('crud-form');
    await waitFor(() => expect((within(form).getByTestId('crud-form-title') as HTMLInputElement).value).toBe('申请2'));
    expect((within(form).getByTestId('crud-form-title') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('crud-form-submit')).toBeNull();
  });

  it('searches by 审批状态', async () => {
    const http = setup();
    await waitFor(() => expect(rowOf('5')).toBeTruthy());
    fireEvent.mouseDown(screen.getByTestId('crud-search-status').querySelector('.ant-select-content') ?? screen.getByTestId('crud-search-status'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === '审批驳回');
      if (!found) throw new Error('no option yet');
      return found;
    });
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['未发起', '审批中', '审批通过', '审批驳回', '已撤回']);
    fireEvent.click(option);
    fireEvent.click(screen.getByTestId('crud-search-submit'));
    await waitFor(() => expect(http.callsTo(`${expense.api}/list`).at(-1)!.query.get('status')).toBe('3'), { timeout: 5000 });
  });

  it('approvalMode={false} leaves a page with approval columns of its own alone', async () => {
    setup({ approvalMode: false });
    await waitFor(() => expect(rowOf('2')).toBeTruthy());
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('审批状态');
    expect(buttons('2')).toEqual(['查看', '编辑', '删除']);
    expect(screen.queryByTestId('crud-search-status')).toBeNull();
  });
});
