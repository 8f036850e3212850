import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { USER_SEARCH_URL } from './api';
import { UserPicker, type PickedUser } from './UserPicker';
import { UserPickerInput } from './UserPickerInput';

const people: PickedUser[] = Array.from({ length: 40 }, (_, i) => ({
  id: String(1000 + i),
  account: `u${i}`,
  realName: `员工${i}`,
  displayName: `员工${i}`,
  deptName: i % 2 ? '财务部' : '工程部',
  postName: i % 3 ? '会计' : '经理',
}));

/** A stand-in for search/user that filters and pages like the server. */
function server() {
  return mockFetch((call) => {
    if (call.path !== USER_SEARCH_URL) return undefined;
    const q = call.query;
    let rows = people;
    if (q.get('ids')) rows = rows.filter((u) => q.get('ids')!.split(',').includes(u.id));
    for (const k of ['realName', 'deptName', 'postName'] as const) if (q.get(k)) rows = rows.filter((u) => u[k]!.includes(q.get(k)!));
    const size = Number(q.get('size') ?? 10);
    const current = Number(q.get('current') ?? 1);
    return ok({ records: rows.slice((current - 1) * size, current * size), total: rows.length, size, current, pages: Math.ceil(rows.length / size) });
  });
}

function renderIn(ui: React.ReactNode) {
  saveTokens(tokenAnswer());
  saveAccess([], []);
  const http = server();
  render(<Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</Providers>);
  return http;
}

const bodyRows = () => [...screen.getByTestId('user-picker-table').querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
const rowOf = (name: string) => bodyRows().find((r) => r.textContent?.includes(name))!;

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('UserPicker', () => {
  it('lists 15 per page with realName, deptName and postName, and searches by name, department and position', async () => {
    const http = renderIn(<UserPicker open onConfirm={vi.fn()} onClose={vi.fn()} />);
    await waitFor(() => expect(bodyRows()).toHaveLength(15));
    expect(screen.getByText('人员选择')).toBeTruthy();
    const headers = [...screen.getByTestId('user-picker-table').querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['姓名', '所属部门', '所属岗位']));
    expect(rowOf('员工1').textContent).toContain('财务部');
    expect(screen.getByText('共 40 条')).toBeTruthy();
    fireEvent.change(screen.getByTestId('user-picker-deptName'), { target: { value: '财务' } });
    fireEvent.change(screen.getByTestId('user-picker-postName'), { target: { value: '经理' } });
    fireEvent.click(screen.getByTestId('user-picker-search-submit'));
    await waitFor(() =>
      expect(Object.fromEntries(http.callsTo(USER_SEARCH_URL).at(-1)!.query)).toEqual({ deptName: '财务', postName: '经理', current: '1', size: '15' }),
    );
    await waitFor(() =>
      expect(bodyRows().map((r) => r.textContent)).toEqual(
        people.filter((_, i) => i % 2 && !(i % 3)).map((u) => expect.stringContaining(u.realName) as unknown as string),
      ),
    );
  });

  it('offers 10, 15, 20, 50, 100 and 200 per page', async () => {
    renderIn(<UserPicker open onConfirm={vi.fn()} onClose={vi.fn()} />);
    await waitFor(() => expect(bodyRows()).toHaveLength(15));
    fireEvent.mouseDown(screen.getByTestId('user-picker-table').querySelector('.ant-pagination .ant-select')!);
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => parseInt(o.textContent ?? '', 10));
    expect(options).toEqual([10, 15, 20, 50, 100, 200]);
  });

  it('warns 请选择至少一条数据 without a choice; keeps choices across pages and confirms them all', async () => {
    const onConfirm = vi.fn();
    renderIn(<UserPicker open onConfirm={onConfirm} onClose={vi.fn()} />);
    await waitFor(() => expect(bodyRows()).toHaveLength(15));
    fireEvent.click(screen.getByTestId('user-picker-confirm'));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(within(rowOf('员工2')).getByRole('checkbox'));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(rowOf('员工20')).toBeTruthy());
    fireEvent.click(within(rowOf('员工20')).getByRole('checkbox'));
    expect(screen.getByTestId('user-picker-chosen').textContent).toBe('员工2员工20');
    fireEvent.click(screen.getByTestId('user-picker-confirm'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    expect(onConfirm.mock.calls[0]![0].map((u: PickedUser) => u.realName)).toEqual(['员工2', '员工20']);
  });

  it('with account validation refuses users without maintained accounts (请选择已维护账户信息的用户!)', async () => {
    const onConfirm = vi.fn();
    const checkAccounts = vi.fn((users: PickedUser[]) => users.every((u) => u.deptName === '财务部'));
    renderIn(<UserPicker open checkAccounts={checkAccounts} onConfirm={onConfirm} onClose={vi.fn()} />);
    await waitFor(() => expect(bodyRows()).toHaveLength(15));
    fireEvent.click(within(rowOf('员工2')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('user-picker-confirm'));
    expect(await screen.findByText('请选择已维护账户信息的用户!')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(within(rowOf('员工2')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('员工3')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('user-picker-confirm'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith([expect.objectContaining({ realName: '员工3' })]));
  });
});

describe('UserPickerInput', () => {
  it('shows the real names of the ids it holds, changes them through the picker and clears', async () => {
    let form!: ReturnType<typeof Form.useForm>[0];
    function Host() {
      [form] = Form.useForm();
      return (
        <Form form={form} initialValues={{ users: '1001,1003' }}>
          <Form.Item name="users">
            <UserPickerInput multiple />
          </Form.Item>
        </Form>
      );
    }
    const http = renderIn(<Host />);
    const input = screen.getByTestId('user-picker-input') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('员工1, 员工3'));
    expect(Object.fromEntries(http.callsTo(USER_SEARCH_URL)[0]!.query)).toEqual({ ids: '1001,1003', size: '2' });
    fireEvent.click(input);
    await waitFor(() => expect(bodyRows()).toHaveLength(15));
    // the held users are ticked
    expect(within(rowOf('员工1')).getByRole('checkbox')).toHaveProperty('checked', true);
    fireEvent.click(within(rowOf('员工1')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('员工5')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('user-picker-confirm'));
    await waitFor(() => expect(form.getFieldValue('users')).toBe('1003,1005'));
    await waitFor(() => expect(input.value).toBe('员工3, 员工5'));
    fireEvent.click(screen.getByTestId('user-picker-input-clear'));
    expect(form.getFieldValue('users')).toBeNull();
  });

  it('single choice: a radio per row, the value is one id', async () => {
    const onChange = vi.fn();
    renderIn(<UserPickerInput onChange={onChange} />);
    fireEvent.click(screen.getByTestId('user-picker-input'));
    await waitFor(() => expect(bodyRows()).toHaveLength(15));
    fireEvent.click(within(rowOf('员工4')).getByRole('radio'));
    fireEvent.click(within(rowOf('员工6')).getByRole('radio'));
    fireEvent.click(screen.getByTestId('user-picker-confirm'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('1006', [expect.objectContaining({ realName: '员工6' })]));
  });
});
