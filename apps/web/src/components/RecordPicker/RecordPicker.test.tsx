import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { AccountPickerInput, ContractPicker, ProjectPickerInput, type AccountRow } from './kinds';
import { RecordPicker, type PickerKind, type PickerRow } from './RecordPicker';
import { useState, type ReactNode } from 'react';

/** Any list endpoint answering the Page envelope, paged and searched on `field`. */
function pagedEndpoint(records: PickerRow[], field: string) {
  return (query: URLSearchParams) => {
    const word = query.get(field) ?? '';
    const current = Number(query.get('current'));
    const size = Number(query.get('size'));
    const hits = records.filter((r) => String(r[field]).includes(word));
    return ok({ records: hits.slice((current - 1) * size, current * size), total: hits.length, size, current, pages: Math.ceil(hits.length / size) });
  };
}

const projects = Array.from({ length: 14 }, (_, i) => ({
  id: String(500 + i),
  projectNum: `HJ-XM-ZJ-202501-${String(i + 1).padStart(3, '0')}`,
  projectName: i === 0 ? '南京地铁五号线造价咨询' : `项目${i}`,
  customerName: '南京地铁集团有限公司',
  projectType: 1,
  projectStatus: 2,
}));
const contracts = [
  {
    id: '71',
    contractNum: 'HJ-HT-1-2025-0001',
    contractName: '地铁造价咨询合同',
    customerName: '南京地铁集团有限公司',
    contractAmount: '1234567.5',
    status: 2,
  },
];
const accounts: AccountRow[] = [
  { id: '9', accountName: '华建联基本户', accountNum: '3201 0000 1111 2222', bankName: '中国银行南京河西支行', accountNature: 1 },
  { id: '10', accountName: '华建联一般户', accountNum: '3201 0000 3333 4444', bankName: '工商银行南京分行', accountNature: 2 },
];

function setup(ui: ReactNode) {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], []);
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-system/dict-biz/dictionary') {
      const code = call.query.get('code');
      if (code === 'project_type') return ok([{ dictKey: '1', dictValue: '造价咨询' }]);
      if (code === 'project_status') return ok([{ dictKey: '2', dictValue: '实施中' }]);
      if (code === 'account_nature')
        return ok([
          { dictKey: '1', dictValue: '基本户' },
          { dictKey: '2', dictValue: '一般户' },
        ]);
      return ok([]);
    }
    if (call.path === '/api/business/hjlProject/list') return pagedEndpoint(projects, 'projectName')(call.query);
    if (call.path === '/api/business/hjlProject/detail') return ok(projects.find((p) => p.id === call.query.get('id')));
    if (call.path === '/api/business/hjlContract/list') return pagedEndpoint(contracts, 'contractName')(call.query);
    if (call.path === '/api/business/hjlAccountInfo/pick') return pagedEndpoint(accounts, 'accountName')(call.query);
    if (call.path === '/any/where/page') return pagedEndpoint([{ id: '1', title: '甲' }], 'title')(call.query);
    return undefined;
  });
  render(<Providers client={new QueryClient()}>{ui}</Providers>);
  return http;
}

const rowsOf = (name: string) => [...screen.getByTestId(`${name}-picker-table`).querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
const cells = (tr: Element) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent);

beforeEach(() => vi.unstubAllGlobals());

describe('RecordPicker', () => {
  it('works against any list endpoint: its own list call, search field, 10 per page and dictionary columns', async () => {
    const kind: PickerKind = {
      name: 'thing',
      api: '/any',
      listUrl: '/any/where/page',
      title: { zh: '选择事项', en: 'Choose' },
      nothing: { zh: '请选择事项', en: 'Choose' },
      searchField: 'title',
      searchPlaceholder: { zh: '标题', en: 'Title' },
      columns: [{ field: 'title', title: { zh: '标题', en: 'Title' } }],
    };
    const onOk = vi.fn();
    const http = setup(<RecordPicker kind={kind} open query={{ status: 2 }} onOk={onOk} onCancel={() => undefined} />);
    await waitFor(() => expect(rowsOf('thing')).toHaveLength(1));
    const call = http.callsTo('/any/where/page')[0]!;
    expect(Object.fromEntries(call.query)).toEqual({ status: '2', current: '1', size: '10' });
    expect(screen.getByText('选择事项')).toBeTruthy();
    fireEvent.click(screen.getByTestId('thing-picker-ok'));
    await screen.findByText('请选择事项');
    fireEvent.doubleClick(rowsOf('thing')[0]!);
    expect(onOk).toHaveBeenCalledWith([{ id: '1', title: '甲' }]);
  });

  it('project picker: number, name, client, type and status; searches projectName from page 1; the input names the chosen id', async () => {
    const onChange = vi.fn();
    const http = setup(<ProjectPickerInput onChange={onChange} />);
    expect((screen.getByTestId('project-picker-input') as HTMLInputElement).placeholder).toBe('请选择项目');
    fireEvent.click(screen.getByTestId('project-picker-input-choose'));
    await waitFor(() => expect(rowsOf('project')).toHaveLength(10));
    await waitFor(() =>
      expect(cells(rowsOf('project')[0]!)).toEqual(['HJ-XM-ZJ-202501-001', '南京地铁五号线造价咨询', '南京地铁集团有限公司', '造价咨询', '实施中']),
    );
    expect(screen.getByText('共 14 条')).toBeTruthy();
    fireEvent.change(screen.getByTestId('project-picker-search'), { target: { value: '地铁' } });
    fireEvent.click(screen.getByTestId('project-picker-search-submit'));
    await waitFor(() => expect(rowsOf('project')).toHaveLength(1));
    expect(http.callsTo('/api/business/hjlProject/list').at(-1)!.query.get('projectName')).toBe('地铁');
    fireEvent.doubleClick(rowsOf('project')[0]!);
    expect(onChange).toHaveBeenCalledWith('500');
  });

  it('project input shows the name of an id it is given (detail call)', async () => {
    setup(<ProjectPickerInput value="503" />);
    await waitFor(() => expect((screen.getByTestId('project-picker-input') as HTMLInputElement).value).toBe('项目3'));
  });

  it('contract picker: amount with separators and the approval status; several rows in multiple mode', async () => {
    const onOk = vi.fn();
    setup(<ContractPicker open multiple onOk={onOk} onCancel={() => undefined} />);
    await waitFor(() => expect(rowsOf('contract')).toHaveLength(1));
    expect(cells(rowsOf('contract')[0]!)).toEqual(['HJ-HT-1-2025-0001', '地铁造价咨询合同', '南京地铁集团有限公司', '1,234,567.50', '审批通过']);
    fireEvent.click(within(rowsOf('contract')[0]!).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('contract-picker-ok'));
    expect(onOk).toHaveBeenCalledWith([contracts[0]]);
  });

  it('account input hands over the whole row (number, bank, name), shows its name, and can be cleared', async () => {
    const onPick = vi.fn();
    function Holder() {
      const [value, setValue] = useState<string | null>(null);
      return <AccountPickerInput value={value} onChange={setValue} onPick={onPick} allowClear />;
    }
    setup(<Holder />);
    fireEvent.click(screen.getByTestId('account-picker-input-choose'));
    await waitFor(() => expect(rowsOf('account')).toHaveLength(2));
    await waitFor(() => expect(cells(rowsOf('account')[1]!)[3]).toBe('一般户'));
    fireEvent.click(rowsOf('account')[1]!);
    fireEvent.click(screen.getByTestId('account-picker-ok'));
    expect(onPick).toHaveBeenCalledWith(accounts[1]);
    await waitFor(() => expect((screen.getByTestId('account-picker-input') as HTMLInputElement).value).toBe('华建联一般户'));
    fireEvent.click(screen.getByTestId('account-picker-input-clear'));
    await waitFor(() => expect((screen.getByTestId('account-picker-input') as HTMLInputElement).value).toBe(''));
    expect(onPick).toHaveBeenLastCalledWith(null);
    expect(screen.queryByTestId('account-picker-input-clear')).toBeNull();
  });
});
