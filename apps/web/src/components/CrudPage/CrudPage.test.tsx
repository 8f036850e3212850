import { defineEntity } from '@hjl/core';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Input } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { CrudPage, type CrudPageProps } from './CrudPage';

const demo = defineEntity({
  name: 'demo',
  table: 'demo',
  api: '/api/demo',
  path: '/demo',
  label: { zh: '演示', en: 'Demo' },
  routes: ['list', 'detail', 'submit', 'remove'],
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' }, required: '请输入标题', list: true, search: true, sortable: true },
    category: { type: 'int', label: { zh: '类型', en: 'Type' }, dict: 'notice', list: true, search: true },
    releaseTime: { type: 'date', label: { zh: '日期', en: 'Date' }, list: true },
    content: { type: 'text', label: { zh: '内容', en: 'Content' }, form: 'textarea' },
    amount: { type: 'money', label: { zh: '金额', en: 'Amount' }, list: true },
  },
});

const rows = Array.from({ length: 10 }, (_, i) => ({
  id: String(i + 1),
  title: `通知${i + 1}`,
  category: 1,
  releaseTime: '2024-05-01',
  content: '',
  amount: '1234567.50',
}));

function setup(permissions: string[] = ['demo_add', 'demo_edit', 'demo_delete'], props: Partial<CrudPageProps> = {}) {
  saveTokens(tokenAnswer());
  saveAccess([], permissions);
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-system/dict/dictionary')
      return ok([
        { dictKey: '1', dictValue: '发布通知' },
        { dictKey: '2', dictValue: '批转通知' },
      ]);
    if (call.path === '/api/demo/list') return ok({ records: rows, total: 25, size: 10, current: Number(call.query.get('current')), pages: 3 });
    if (call.path === '/api/demo/remove' || call.path === '/api/demo/submit') return ok({});
    if (call.path === '/api/demo/detail') return ok(rows.find((r) => r.id === call.query.get('id')));
    return undefined;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers client={client}>
      <CrudPage def={demo} {...props} />
    </Providers>,
  );
  const listCalls = () => http.callsTo('/api/demo/list').map((c) => Object.fromEntries(c.query));
  return { http, listCalls };
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('CrudPage', () => {
  it('builds the search form and the columns from the definition', async () => {
    setup();
    expect(screen.getByTestId('crud-search-title')).toBeTruthy();
    expect(screen.getByTestId('crud-search-category')).toBeTruthy();
    expect(screen.queryByTestId('crud-search-releaseTime')).toBeNull();

    const table = screen.getByTestId('crud-table');
    const headers = [...table.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['标题', '类型', '日期', '操作']));
    expect(headers).not.toContain('内容');

    // Dictionary fields show the dictValue.
    await waitFor(() => expect(within(table).getAllByText('发布通知')).toHaveLength(10));
    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(screen.getByTestId('crud-search-submit').textContent).toBe('搜索');
    expect(screen.getByTestId('crud-add').textContent).toBe('新增');
  });

  it('lists page 1 of 10, pages, and goes back to page 1 on search with the filters', async () => {
    const { listCalls } = setup();
    await waitFor(() => expect(listCalls()).toEqual([{ current: '1', size: '10' }]));

    fireEvent.click(await screen.findByTitle('2'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ current: '2', size: '10' }));

    fireEvent.change(screen.getByTestId('crud-search-title'), { target: { value: ' 年度 ' } });
    fireEvent.click(screen.getByTestId('crud-search-submit'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ current: '1', size: '10', title: '年度' }));

    fireEvent.click(screen.getByTestId('crud-search-reset'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ current: '1', size: '10' }));
  });

  it('sorts by a sortable column', async () => {
    const { listCalls } = setup();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    const header = () => [...screen.getByTestId('crud-table').querySelectorAll('th')].find((th) => th.textContent === '标题')!;
    fireEvent.click(header());
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ current: '1', size: '10', ascs: 'title' }));
    fireEvent.click(header());
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ current: '1', size: '10', descs: 'title' }));
  });

  it('warns when bulk delete has no selection', async () => {
    const { http } = setup();
    fireEvent.click(screen.getByTestId('crud-bulk-delete'));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    expect(http.callsTo('/api/demo/remove')).toHaveLength(0);
  });

  it('deletes the selected rows after confirmation', async () => {
    const { http } = setup();
    await screen.findByTestId('crud-row-delete-1');
    // (Role queries are slow on antd's DOM in jsdom; plain selectors keep the test quick.)
    const rowBox = (id: string) => screen.getByTestId('crud-table').querySelector(`tr[data-row-key="${id}"] input[type="checkbox"]`)!;
    fireEvent.click(rowBox('1'));
    fireEvent.click(rowBox('2'));
    fireEvent.click(screen.getByTestId('crud-bulk-delete'));
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('确定').closest('button')!);
    });
    await waitFor(() => expect(http.callsTo('/api/demo/remove').map((c) => c.query.get('ids'))).toEqual(['1,2']));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  it('hides the buttons the user has no permission for', async () => {
    setup([]);
    await screen.findByTestId('crud-row-view-1');
    expect(screen.queryByTestId('crud-add')).toBeNull();
    expect(screen.queryByTestId('crud-bulk-delete')).toBeNull();
    expect(screen.queryByTestId('crud-row-edit-1')).toBeNull();
    expect(screen.queryByTestId('crud-row-delete-1')).toBeNull();
  });

  it('a locked row (rowLocked) is viewed only: no 编辑 / 删除, its checkbox disabled', async () => {
    setup(undefined, { rowLocked: (row) => row.id === '2' });
    expect(await screen.findByTestId('crud-row-edit-1')).toBeTruthy();
    expect(screen.getByTestId('crud-row-delete-1')).toBeTruthy();
    expect(screen.getByTestId('crud-row-view-2')).toBeTruthy();
    expect(screen.queryByTestId('crud-row-edit-2')).toBeNull();
    expect(screen.queryByTestId('crud-row-delete-2')).toBeNull();
    const box = (id: string) => document.querySelector(`tr[data-row-key="${id}"] input[type="checkbox"]`) as HTMLInputElement;
    expect(box('2').disabled).toBe(true);
    expect(box('1').disabled).toBe(false);
  });

  it('an add button of its own (a page of its own) replaces the dialog, for holders of the add code', async () => {
    let opened = 0;
    setup(['demo_add'], { addButton: { label: { zh: '请假申请', en: 'Request leave' }, onClick: () => (opened += 1) } });
    fireEvent.click(await screen.findByText('请假申请'));
    expect(opened).toBe(1);
    expect(screen.queryByTestId('crud-form-submit')).toBeNull();
  });

  it('adds a record through the dialog, with the required rule', async () => {
    const { http } = setup();
    fireEvent.click(screen.getByTestId('crud-add'));
    const submit = await screen.findByTestId('crud-form-submit');
    fireEvent.click(submit);
    expect(await screen.findByText('请输入标题')).toBeTruthy();

    fireEvent.change(screen.getByTestId('crud-form-title'), { target: { value: '新通知' } });
    fireEvent.change(screen.getByTestId('crud-form-content'), { target: { value: '正文' } });
    fireEvent.click(submit);
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(http.callsTo('/api/demo/submit').map((c) => c.body)).toEqual([
      { title: '新通知', category: null, releaseTime: null, content: '正文', amount: null },
    ]);
  });

  it('opens edit with the record after an add in the same page (fresh form each time)', async () => {
    setup();
    fireEvent.click(await screen.findByTestId('crud-add'));
    fireEvent.change(await screen.findByTestId('crud-form-title'), { target: { value: '新通知' } });
    fireEvent.change(screen.getByTestId('crud-form-content'), { target: { value: '正文' } });
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('crud-form-title')).toBeNull());

    fireEvent.click(await screen.findByTestId('crud-row-edit-3'));
    await waitFor(() => expect((screen.getByTestId('crud-form-title') as HTMLInputElement).value).toBe('通知3'));
  });

  it('edits a record loaded from detail and submits it with its id', async () => {
    const { http } = setup();
    fireEvent.click(await screen.findByTestId('crud-row-edit-3'));
    const title = (await screen.findByTestId('crud-form-title')) as HTMLInputElement;
    expect(http.callsTo('/api/demo/detail').map((c) => c.query.get('id'))).toEqual(['3']);
    expect(title.value).toBe('通知3');
    fireEvent.change(title, { target: { value: '通知三' } });
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(http.callsTo('/api/demo/submit').map((c) => c.body)).toEqual([
      { id: '3', title: '通知三', category: 1, releaseTime: '2024-05-01', content: '', amount: '1234567.50' },
    ]);
  });

  it('money fields: amounts with thousands separators in the list, the money input with the uppercase amount in the form', async () => {
    const { http } = setup();
    await waitFor(() => expect(within(screen.getByTestId('crud-table')).getAllByText('1,234,567.50')).toHaveLength(10));
    fireEvent.click(await screen.findByTestId('crud-row-edit-2'));
    const amount = (await screen.findByTestId('crud-form-amount')) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('1,234,567.50'));
    expect(screen.getByTestId('crud-form-amount-upper').textContent).toBe('壹佰贰拾叁万肆仟伍佰陆拾柒元伍角');
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '88000.5x' } });
    fireEvent.blur(amount);
    expect(screen.getByTestId('crud-form-amount-upper').textContent).toBe('捌万捌仟元伍角');
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(http.callsTo('/api/demo/submit').map((c) => c.body)).toEqual([
      { id: '2', title: '通知2', category: 1, releaseTime: '2024-05-01', content: '', amount: '88000.5' },
    ]);
  });
});

describe('EditDialog: defaults and required numbers', () => {
  const withNumbers = defineEntity({
    name: 'quota',
    table: 'quota',
    api: '/api/quota',
    path: '/quota',
    label: { zh: '额度', en: 'Quota' },
    routes: ['list', 'detail', 'submit', 'remove'],
    fields: {
      name: { type: 'string', label: { zh: '名称', en: 'Name' }, required: '请输入名称', list: true },
      seconds: { type: 'int', label: { zh: '秒数', en: 'Seconds' }, required: '请输入秒数', default: 3600, list: true },
    },
  });

  it('a new record starts from the defaults, and a required int with a value passes', async () => {
    saveTokens(tokenAnswer());
    saveAccess([], ['quota_add']);
    const http = mockFetch((call) => {
      if (call.path === '/api/quota/list') return ok({ records: [], total: 0, size: 10, current: 1, pages: 0 });
      if (call.path === '/api/quota/submit') return ok({ secret: 'once' });
      return undefined;
    });
    let answer: unknown;
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CrudPage def={withNumbers} viewButton={false} onSaved={(a) => (answer = a)} />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('crud-add'));
    await waitFor(() => expect((screen.getByTestId('crud-form-seconds') as HTMLInputElement).value).toBe('3600'));
    fireEvent.change(screen.getByTestId('crud-form-name'), { target: { value: '默认' } });
    await act(async () => fireEvent.click(screen.getByTestId('crud-form-submit')));
    await waitFor(() => expect(http.callsTo('/api/quota/submit')).toHaveLength(1));
    expect(http.callsTo('/api/quota/submit')[0]!.body).toEqual({ name: '默认', seconds: 3600 });
    await waitFor(() => expect(answer).toEqual({ secret: 'once' }));
  });
});

describe('a large list', () => {
  it('an estimated total (Page.totalEstimated) reads 约 …; an exact one 共 … 条', async () => {
    saveTokens(tokenAnswer());
    saveAccess([], []);
    mockFetch((call) => {
      if (call.path === '/api/blade-system/dict/dictionary') return ok([]);
      if (call.path !== '/api/demo/list') return undefined;
      const current = Number(call.query.get('current'));
      return call.query.get('title')
        ? ok({ records: rows.slice(0, 3), total: 3, size: 10, current, pages: 1 })
        : ok({ records: rows, total: 1000011, size: 10, current, pages: 100002, totalEstimated: true });
    });
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CrudPage def={demo} />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByText('约 1,000,011 条')).toBeTruthy());
    expect(screen.queryByText(/共 .* 条/)).toBeNull();
    expect(screen.getByTitle('100002')).toBeTruthy(); // the pager still reaches the estimated last page
    fireEvent.change(screen.getByTestId('crud-search-title'), { target: { value: '通知' } });
    fireEvent.click(screen.getByTestId('crud-search-submit'));
    await waitFor(() => expect(screen.getByText('共 3 条')).toBeTruthy());
    expect(screen.queryByText(/约/)).toBeNull();
  });
});

describe('files fields', () => {
  const withFiles = defineEntity({
    name: 'report',
    table: 'report',
    api: '/api/report',
    path: '/report',
    label: { zh: '报告', en: 'Report' },
    routes: ['list', 'detail', 'submit', 'remove'],
    fields: {
      name: { type: 'string', label: { zh: '名称', en: 'Name' }, list: true },
      files: { type: 'files', label: { zh: '附件', en: 'Files' }, list: true },
    },
  });
  const link = '/api/blade-resource/oss/endpoint/file/local/20260101/0123456789abcdef0123456789abcdef.pdf';
  const row = { id: '1', name: '月报', files: [{ label: '月报.pdf', value: link }] };

  function show() {
    saveTokens(tokenAnswer());
    saveAccess([], ['report_edit']);
    const http = mockFetch((call) => {
      if (call.path === '/api/report/list') return ok({ records: [row], total: 1, size: 10, current: 1, pages: 1 });
      if (call.path === '/api/report/detail') return ok(row);
      if (call.path === '/api/report/submit') return ok({});
      if (call.path === '/api/blade-resource/oss/endpoint/preview-service') return ok({ url: '' });
      return undefined;
    });
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CrudPage def={withFiles} />
      </Providers>,
    );
    return http;
  }

  it('lists the file names; 查看 shows the attachment widget without upload and delete', async () => {
    show();
    expect(await within(screen.getByTestId('crud-table')).findByText('月报.pdf')).toBeTruthy();
    fireEvent.click(screen.getByTestId('crud-row-view-1'));
    await waitFor(() => expect(screen.getAllByTestId('crud-form-files-item')).toHaveLength(1));
    expect(screen.queryByTestId('crud-form-files-upload')).toBeNull();
    expect(screen.queryByTestId('crud-form-files-delete-0')).toBeNull();
    expect((screen.getByTestId('crud-form-files-download-0') as HTMLButtonElement).disabled).toBe(false);
  });

  it('edit offers upload and delete; a deleted file leaves the submitted list', async () => {
    const http = show();
    fireEvent.click(await screen.findByTestId('crud-row-edit-1'));
    await waitFor(() => expect(screen.getAllByTestId('crud-form-files-item')).toHaveLength(1));
    expect(screen.getByTestId('crud-form-files-upload')).toBeTruthy();
    fireEvent.click(screen.getByTestId('crud-form-files-delete-0'));
    fireEvent.click((await screen.findByText('确定')).closest('button')!);
    await waitFor(() => expect(screen.getByTestId('crud-form-files-empty').textContent).toBe('暂未上传附件'));
    fireEvent.click(screen.getByTestId('crud-form-submit'));
    await waitFor(() => expect(http.callsTo('/api/report/submit').map((c) => c.body)).toEqual([{ id: '1', name: '月报', files: [] }]));
  });
  it('search controls replace the derived ones; a form control given as a function receives the record', async () => {
    const seen: unknown[] = [];
    const { listCalls } = setup(['demo_edit'], {
      searchControls: { title: <Input data-testid="own-search-title" /> },
      controls: { content: (record) => (seen.push(record?.title), (<Input.TextArea data-testid="own-form-content" />)) },
    });
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(screen.queryByTestId('crud-search-title')).toBeNull();
    fireEvent.change(screen.getByTestId('own-search-title'), { target: { value: '年度' } });
    fireEvent.click(screen.getByTestId('crud-search-submit'));
    await waitFor(() => expect(listCalls().at(-1)!.title).toBe('年度'));
    fireEvent.click(screen.getByTestId('crud-row-edit-3'));
    await screen.findByTestId('own-form-content');
    expect(seen).toContain('通知3');
  });

  it('a tree beside the list (aside) narrows it to the chosen node from page 1; choosing it again shows all', async () => {
    const nodes = [{ title: '总部', key: '10', children: [{ title: '工程部', key: '11' }] }];
    const { listCalls } = setup(['demo_delete'], { aside: { title: { zh: '部门', en: 'Departments' }, field: 'deptId', nodes } });
    await waitFor(() => expect(listCalls()).toEqual([{ current: '1', size: '10' }]));
    expect(screen.getByText('部门')).toBeTruthy();
    fireEvent.click(await screen.findByTitle('2'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ current: '2', size: '10' }));

    fireEvent.click(within(screen.getByTestId('crud-aside-tree')).getByText('工程部'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ current: '1', size: '10', deptId: '11' }));
    // A search keeps the node.
    fireEvent.change(screen.getByTestId('crud-search-title'), { target: { value: '年度' } });
    fireEvent.click(screen.getByTestId('crud-search-submit'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ current: '1', size: '10', title: '年度', deptId: '11' }));

    fireEvent.click(within(screen.getByTestId('crud-aside-tree')).getByText('工程部'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ current: '1', size: '10', title: '年度' }));
  });

  it('slots: cell renderers, a view code, and an editor of the page’s own', async () => {
    setup(['demo_edit'], {
      viewCode: 'demo_view',
      render: { title: (value) => <b data-testid="own-title">{String(value)}!</b> },
      editor: ({ state, onClose }) =>
        state ? (
          <button data-testid="own-editor" onClick={onClose}>
            {state.mode}
          </button>
        ) : null,
    });
    await waitFor(() => expect(screen.getAllByTestId('own-title')).toHaveLength(10));
    expect(screen.getAllByTestId('own-title')[0]!.textContent).toBe('通知1!');
    expect(screen.queryByTestId('crud-row-view-1')).toBeNull();
    fireEvent.click(screen.getByTestId('crud-row-edit-3'));
    expect((await screen.findByTestId('own-editor')).textContent).toBe('edit');
    expect(screen.queryByTestId('crud-form')).toBeNull();
    fireEvent.click(screen.getByTestId('own-editor'));
    await waitFor(() => expect(screen.queryByTestId('own-editor')).toBeNull());
  });
});
