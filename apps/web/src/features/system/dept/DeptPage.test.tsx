import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../app/i18n';
import { Providers } from '../../../app/providers';
import { saveAccess, saveTokens } from '../../../app/session';
import { fail, mockFetch, ok, tokenAnswer } from '../../../test/http';
import DeptPage from './DeptPage';
import { disableNodes, subtreeIds } from '../../../components/CrudPage/tree';

interface Dept {
  id: string;
  children?: Dept[];
  [field: string]: unknown;
}
const node = (id: string, parentId: string, deptName: string, children?: Dept[]): Dept => ({
  id,
  parentId,
  deptName,
  fullName: `${deptName}全称`,
  deptCategory: parentId === '0' ? 1 : 2,
  sort: 1,
  hasChildren: Boolean(children),
  ...(children ? { children } : {}),
});
const list = [node('1', '0', '华建咨询', [node('2', '1', '造价部', [node('3', '2', '造价一组')]), node('4', '1', '财务部')])];
const selectTree = [
  {
    id: '1',
    parentId: '0',
    title: '华建咨询',
    key: '1',
    value: '1',
    children: [
      { id: '2', parentId: '1', title: '造价部', key: '2', value: '2', children: [{ id: '3', parentId: '2', title: '造价一组', key: '3', value: '3' }] },
      { id: '4', parentId: '1', title: '财务部', key: '4', value: '4' },
    ],
  },
];

describe('tree helpers', () => {
  it('finds a subtree and disables it in the parent options', () => {
    expect([...subtreeIds(list, '2')].sort()).toEqual(['2', '3']);
    expect(subtreeIds(list, '9').size).toBe(0);
    const options = disableNodes(selectTree, subtreeIds(selectTree, '2'));
    expect(options[0]).not.toHaveProperty('disabled');
    expect(options[0]!.children![0]).toMatchObject({ disabled: true, children: [{ value: '3', disabled: true }] });
    expect(options[0]!.children![1]).not.toHaveProperty('disabled');
  });
});

describe('DeptPage', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { clientBasic: 'x' };
    saveTokens(tokenAnswer());
  });

  function setup(permissions = ['dept_add', 'dept_edit', 'dept_delete']) {
    saveAccess([], permissions);
    const http = mockFetch((call) => {
      if (call.path === '/api/blade-system/dict/dictionary')
        return ok([
          { dictKey: '1', dictValue: '公司' },
          { dictKey: '2', dictValue: '部门' },
          { dictKey: '3', dictValue: '小组' },
        ]);
      if (call.path === '/api/blade-system/dept/list') return ok(call.query.get('deptName') ? [node('4', '1', '财务部')] : list);
      if (call.path === '/api/blade-system/dept/tree') return ok(selectTree);
      if (call.path === '/api/blade-system/dept/detail') return ok({ ...node('4', '1', '财务部'), parentName: '华建咨询' });
      if (call.path === '/api/blade-system/dept/submit') return ok({});
      if (call.path === '/api/blade-system/dept/remove') return fail(400, '请先删除子节点!');
      return undefined;
    });
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DeptPage />
      </Providers>,
    );
    return http;
  }

  const rowNames = () => [...screen.getByTestId('dept-table').querySelectorAll('tbody tr[data-row-key]')].map((tr) => tr.querySelector('td')!.textContent);

  it('shows the whole tree open, with the category labels', async () => {
    setup();
    await waitFor(() => expect(rowNames()).toEqual(['华建咨询', '造价部', '造价一组', '财务部']));
    expect(screen.getAllByText('部门').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('dept-toggle-expand'));
    await waitFor(() => expect(rowNames()).toEqual(['华建咨询']));
  });

  it('searches by name', async () => {
    const http = setup();
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    fireEvent.change(screen.getByTestId('crud-search-deptName'), { target: { value: '财务' } });
    fireEvent.click(screen.getByTestId('crud-search-submit'));
    await waitFor(() => expect(rowNames()).toEqual(['财务部']));
    expect(http.callsTo('/api/blade-system/dept/list').at(-1)!.query.get('deptName')).toBe('财务');
  });

  it('新增子项 opens the form under that row and submits the parent', async () => {
    const http = setup();
    fireEvent.click(await screen.findByTestId('dept-row-add-2'));
    const name = await screen.findByTestId('crud-form-deptName');
    await waitFor(() => expect(screen.getByText('新增子项', { selector: '.ant-modal-title' })).toBeTruthy());
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    expect(await screen.findByText('请输入机构名称')).toBeTruthy();
    fireEvent.change(name, { target: { value: '造价三组' } });
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(http.callsTo('/api/blade-system/dept/submit').map((c) => c.body)).toEqual([
      { deptName: '造价三组', fullName: '', deptCategory: 2, sort: 0, remark: '', parentId: '2' },
    ]);
  });

  it('edits a dept with its id; a top-level add sends parent 0', async () => {
    const http = setup();
    fireEvent.click(await screen.findByTestId('dept-row-edit-4'));
    await waitFor(() => expect((screen.getByTestId('crud-form-deptName') as HTMLInputElement).value).toBe('财务部'));
    fireEvent.change(screen.getByTestId('crud-form-deptName'), { target: { value: '财务管理部' } });
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(http.callsTo('/api/blade-system/dept/submit')[0]!.body).toMatchObject({ id: '4', deptName: '财务管理部', parentId: '1', deptCategory: 2 });

    await waitFor(() => expect(screen.queryByTestId('crud-form')).toBeNull());
    fireEvent.click(screen.getByTestId('dept-add'));
    fireEvent.change(await screen.findByTestId('crud-form-deptName'), { target: { value: '南京分公司' } });
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    await waitFor(() => expect(http.callsTo('/api/blade-system/dept/submit')).toHaveLength(2));
    expect(http.callsTo('/api/blade-system/dept/submit')[1]!.body).toMatchObject({ deptName: '南京分公司', parentId: '0' });
  });

  it('shows the server’s refusal when deleting', async () => {
    const http = setup();
    fireEvent.click(await screen.findByTestId('dept-row-delete-2'));
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('确定').closest('button')!);
    });
    await waitFor(() => expect(http.callsTo('/api/blade-system/dept/remove').map((c) => c.query.get('ids'))).toEqual(['2']));
    expect(await screen.findByText('请先删除子节点!')).toBeTruthy();
  });

  it('hides the buttons the user has no permission for', async () => {
    setup([]);
    await screen.findByTestId('dept-row-view-1');
    expect(screen.queryByTestId('dept-add')).toBeNull();
    expect(screen.queryByTestId('dept-row-edit-1')).toBeNull();
    expect(screen.queryByTestId('dept-row-add-1')).toBeNull();
    expect(screen.queryByTestId('dept-row-delete-1')).toBeNull();
  });
});
