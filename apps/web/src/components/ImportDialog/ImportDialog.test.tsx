import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { fail, mockFetch, ok, tokenAnswer, type Handler } from '../../test/http';
import { ImportDialog, type ImportReport } from './ImportDialog';

const badReport: ImportReport = {
  total: 3,
  imported: 0,
  errors: [
    { row: 3, column: '手机号码', message: '手机号码长度不为11位' },
    { row: 4, column: '所属部门', message: '部门不存在: 研发部' },
  ],
};

function setup(answer: (dryRun: boolean, call: { query: URLSearchParams; body: unknown }) => ReturnType<Handler>) {
  saveTokens(tokenAnswer());
  saveAccess([], []);
  const http = mockFetch((call) => (call.path === '/api/test/import' ? answer(call.query.get('dryRun') === '1', call) : undefined));
  const onImported = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers client={new QueryClient()}>
      <ImportDialog open importUrl="/api/test/import" templateUrl="/api/test/template" coverable onClose={onClose} onImported={onImported} />
    </Providers>,
  );
  return { http, onImported, onClose };
}

const xlsx = (name = 'users.xlsx') =>
  new File([new Uint8Array([80, 75, 3, 4])], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function choose(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('ImportDialog', () => {
  it('checks the chosen file with a dry run and lists every error by row, column and message; nothing is imported', async () => {
    const { http, onImported } = setup(() => ok(badReport));
    expect((screen.getByTestId('import-confirm') as HTMLButtonElement).disabled).toBe(true);
    await choose(xlsx());
    await screen.findByTestId('import-failed');
    expect(screen.getByText('共2处错误,请修改文件后重新选择')).toBeTruthy();
    const rows = [...screen.getByTestId('import-errors').querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['3', '手机号码', '手机号码长度不为11位'],
      ['4', '所属部门', '部门不存在: 研发部'],
    ]);
    const calls = http.callsTo('/api/test/import');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.get('dryRun')).toBe('1');
    expect(calls[0]!.body).toBeInstanceOf(FormData);
    expect((calls[0]!.body as FormData).has('file')).toBe(true);
    // The file just chosen travels (not the state of the render before the choice).
    expect(((calls[0]!.body as FormData).get('file') as File).name).toBe('users.xlsx');
    expect((screen.getByTestId('import-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('imports after a clean dry run, with the cover switch', async () => {
    const { http, onImported } = setup((dryRun) => ok({ total: 2, imported: dryRun ? 0 : 2, errors: [] }));
    fireEvent.click(screen.getByTestId('import-covered'));
    await choose(xlsx());
    expect(await screen.findByText('校验通过,共2行数据,可以导入')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-confirm'));
    await waitFor(() => expect(onImported).toHaveBeenCalledWith({ total: 2, imported: 2, errors: [] }));
    const calls = http.callsTo('/api/test/import').map((c) => Object.fromEntries(c.query));
    expect(calls).toEqual([{ isCovered: '1', dryRun: '1' }, { isCovered: '1' }]);
    expect(await screen.findByText('导入成功,共2行')).toBeTruthy();
  });

  it('refuses a file that is not .xlsx without calling the server', async () => {
    const { http } = setup(() => ok(badReport));
    await choose(xlsx('users.csv'));
    expect(await screen.findByText('请上传 .xlsx 格式的Excel文件')).toBeTruthy();
    expect(http.callsTo('/api/test/import')).toHaveLength(0);
  });

  it('shows the server’s refusal of the file', async () => {
    setup(() => fail(400, 'Excel缺少必填列: 登录账号'));
    await choose(xlsx());
    expect(await screen.findByText('Excel缺少必填列: 登录账号')).toBeTruthy();
    expect((screen.getByTestId('import-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('downloads the template with the token in the query', async () => {
    setup(() => ok(badReport));
    const clicked: string[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    fireEvent.click(screen.getByTestId('import-template'));
    spy.mockRestore();
    expect(clicked).toHaveLength(1);
    const url = new URL(clicked[0]!);
    expect(url.pathname).toBe('/api/test/template');
    expect(url.searchParams.get('blade-auth')).toBe('bearer access-1');
  });
});
