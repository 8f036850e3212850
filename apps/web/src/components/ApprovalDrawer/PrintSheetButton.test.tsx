/**
 * 打印审批单 on the web: the approval drawer's button downloads the record's sheet, and a list in approval mode
 * chooses rows of any status (approved ones too, which the bulk delete leaves out) for one file of their sheets.
 */
import { defineEntity } from '@hjl/core';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { CrudPage } from '../CrudPage';
import { ApprovalDrawer } from './ApprovalDrawer';

const expense = defineEntity({
  name: 'hjl_print_expense',
  table: 'hjl_print_expense',
  api: '/api/business/hjlPrintExpense',
  path: '/finance/printExpense',
  label: { zh: '费用申请', en: 'Expenses' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  approval: { processKey: 'printExpense', amountField: 'money' },
  fields: {
    title: { type: 'string', label: { zh: '事由', en: 'Purpose' }, list: true },
    money: { type: 'money', label: { zh: '金额', en: 'Amount' }, list: true },
  },
});

const rows = [0, 1, 2].map((status, i) => ({
  id: String(i + 1),
  title: `申请${i + 1}`,
  money: '100',
  status,
  isDraft: status === 0 ? 0 : 1,
  createUser: '1',
  processInstanceId: status === 0 ? null : `90${i + 1}`,
  processDefinitionKey: 'printExpense',
}));

/** The links the page asked the browser to open (a download is a click on a link). */
let opened: string[] = [];
beforeEach(() => {
  opened = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    opened.push(this.href);
  });
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], ['hjl_print_expense_delete']);
  mockFetch((call) => {
    if (call.path === `${expense.api}/list`) return ok({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 });
    if (call.path === `${expense.api}/get/process_his/3`) return ok({ records: [], total: 0, size: 10000, current: 1, pages: 0 });
    return ok([]);
  });
});
afterEach(() => vi.restoreAllMocks());

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const printed = () => opened.map((href) => new URL(href, 'http://localhost')).filter((u) => u.pathname === `${expense.api}/print`);
const rowBox = (id: string) => document.querySelector<HTMLInputElement>(`tr[data-row-key="${id}"] input[type="checkbox"]`)!;

describe('打印审批单', () => {
  it('the approval drawer downloads the record’s sheet, the token in the query', async () => {
    render(
      <Providers client={client()}>
        <ApprovalDrawer record={rows[2]!} def={expense} onClose={() => {}} />
      </Providers>,
    );
    fireEvent.click(await screen.findByTestId('approval-print'));
    expect(printed().map((u) => u.searchParams.get('ids'))).toEqual(['3']);
    expect(printed()[0]!.searchParams.get('blade-auth')).toMatch(/^bearer /);
  });

  it('a list chooses rows of any status for one file; nothing chosen asks for a choice; 取消 gives the list its selection back', async () => {
    render(
      <Providers client={client()}>
        <CrudPage def={expense} />
      </Providers>,
    );
    await waitFor(() => expect(rowBox('3')).toBeTruthy());
    // The bulk delete's selection leaves out the records under approval or approved.
    expect(rowBox('3').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('approval-print-batch'));
    fireEvent.click(await screen.findByTestId('approval-print-selected'));
    expect(await screen.findByText('请选择要打印的数据')).toBeTruthy();
    expect(printed()).toEqual([]);
    await waitFor(() => expect(rowBox('3').disabled).toBe(false));
    fireEvent.click(rowBox('2'));
    fireEvent.click(rowBox('3'));
    await waitFor(() => expect(screen.getByTestId('approval-print-selected').textContent).toContain('打印所选(2)'));
    fireEvent.click(screen.getByTestId('approval-print-selected'));
    expect(printed().map((u) => u.searchParams.get('ids'))).toEqual(['2,3']);
    fireEvent.click(screen.getByTestId('approval-print-cancel'));
    await waitFor(() => expect(rowBox('3').disabled).toBe(true));
  });
});
