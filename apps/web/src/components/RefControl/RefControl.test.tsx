import { defineEntity } from '@hjl/core';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { CrudPage } from '../CrudPage';
import { registerRefControl } from './RefControl';

const task = defineEntity({
  name: 'task',
  table: 'task',
  api: '/api/task',
  path: '/task',
  label: { zh: '任务', en: 'Tasks' },
  routes: ['list', 'detail', 'submit', 'remove'],
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, list: true },
    deptId: { type: 'id', label: { zh: '部门', en: 'Department' }, ref: 'dept', display: 'deptName', list: true, search: true },
    postId: { type: 'id', label: { zh: '岗位', en: 'Post' }, ref: 'post', display: 'postName' },
    ownerUser: { type: 'id', label: { zh: '负责人', en: 'Owner' }, ref: 'user', display: 'ownerName', search: true },
    customerId: { type: 'id', label: { zh: '客户', en: 'Customer' }, ref: 'customer', display: 'customerName' },
    branchId: { type: 'id', label: { zh: '分支机构', en: 'Branch' }, ref: 'branch', display: 'branchName' },
  },
});
const row = {
  id: '1',
  title: '巡检',
  deptId: '11',
  deptName: '工程部',
  postId: '21',
  ownerUser: '3',
  ownerName: '张伟',
  customerId: '7',
  customerName: '南京市政设计院',
};

function setup() {
  saveTokens(tokenAnswer());
  saveAccess([], ['task_edit']);
  const http = mockFetch((c) => {
    if (c.path === '/api/task/list') return ok({ records: [row], total: 1, size: 10, current: 1, pages: 1 });
    if (c.path === '/api/task/detail') return ok(row);
    if (c.path === '/api/blade-system/dept/tree') return ok([{ id: '11', key: '11', value: '11', title: '工程部' }]);
    if (c.path === '/api/blade-system/post/select') return ok([{ id: '21', postName: '造价员' }]);
    if (c.path === '/api/blade-user/search/user')
      return ok({ records: [{ id: '3', realName: '张伟', displayName: '张伟' }], total: 1, size: 1, current: 1, pages: 1 });
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CrudPage def={task} />
    </Providers>,
  );
  return http;
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('reference fields in CrudPage', () => {
  it('the edit dialog and the search form render the picker of each kind; the list shows the display name', async () => {
    const http = setup();
    expect(await screen.findByText('工程部')).toBeTruthy();
    // search form: a department tree select and the user picker input
    expect(screen.getByTestId('crud-search-deptId').closest('.ant-select')).toBeTruthy();
    expect(screen.getByTestId('crud-search-ownerUser')).toBeTruthy();

    fireEvent.click(screen.getByTestId('crud-row-edit-1'));
    // the customer picker shows the record's name without asking for the customer
    await waitFor(() => expect((screen.getByTestId('crud-form-customerId') as HTMLInputElement).value).toBe('南京市政设计院'));
    expect(screen.getByTestId('crud-form-customerId-choose')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('crud-form-ownerUser') as HTMLInputElement).value).toBe('张伟'));
    expect(screen.getByTestId('crud-form-deptId').closest('.ant-select')).toBeTruthy();
    expect(screen.getByTestId('crud-form-postId').closest('.ant-select')).toBeTruthy();
    expect(http.callsTo('/api/blade-system/dept/tree').length).toBeGreaterThan(0);
    expect(http.callsTo('/api/business/hjlCustomer/detail')).toEqual([]);
    // a kind nobody registered falls back to the derived input
    expect((screen.getByTestId('crud-form-branchId') as HTMLInputElement).tagName).toBe('INPUT');
  });

  it('an area registers the control of its own kind', async () => {
    registerRefControl('branch', ({ testId }) => <span data-testid={testId}>分支选择</span>);
    setup();
    fireEvent.click(await screen.findByTestId('crud-row-edit-1'));
    expect((await screen.findByTestId('crud-form-branchId')).textContent).toBe('分支选择');
  });
});
