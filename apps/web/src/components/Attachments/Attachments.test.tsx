import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { tokenAnswer } from '../../test/http';
import { PREVIEW_SERVICE_URL, UPLOAD_URL, ZIP_URL } from './api';
import { Attachments, base64Utf8, FILE_MSG, type FileItem } from './Attachments';

const LINK = '/api/blade-resource/oss/endpoint/file/local/20260101';
const files: FileItem[] = [
  { label: '监理日志.docx', value: `${LINK}/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.docx` },
  { label: '现场照片.png', value: `${LINK}/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png` },
];

interface Stub {
  calls: { url: URL; init?: RequestInit }[];
  /** Downloads wait for this to be called when set. */
  hold?: Promise<void>;
  uploadAnswer?: { status: number; body: unknown };
  downloadStatus?: number;
}

function stubFetch(stub: Stub) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      stub.calls.push({ url, init });
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === PREVIEW_SERVICE_URL) return json(200, { code: 200, success: true, data: { url: 'http://preview.local/onlinePreview' }, msg: '' });
      if (url.pathname === UPLOAD_URL) {
        const a = stub.uploadAnswer ?? {
          status: 200,
          body: { code: 200, success: true, data: { link: `${LINK}/cccccccccccccccccccccccccccccccc.pdf`, originalName: '合同.pdf' }, msg: '' },
        };
        return json(a.status, a.body);
      }
      if (stub.hold) await stub.hold;
      const status = stub.downloadStatus ?? 200;
      return status === 200
        ? new Response(new Blob(['PK']), { status, headers: { 'content-type': 'application/zip' } })
        : json(status, { code: status, success: false, data: null, msg: '文件不存在' });
    }),
  );
}

function setup(props: Partial<React.ComponentProps<typeof Attachments>> = {}, stub: Stub = { calls: [] }) {
  saveTokens(tokenAnswer());
  saveAccess([], []);
  stubFetch(stub);
  const onChange = vi.fn();
  const utils = render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Attachments value={files} onChange={onChange} {...props} />
    </Providers>,
  );
  return { onChange, stub, ...utils };
}

const saved: string[] = [];
beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('Attachments', () => {
  it('lists the files; uploads a chosen one and adds it (上传成功)', async () => {
    const { onChange, stub } = setup();
    expect(screen.getAllByTestId('attachments-item').map((i) => i.textContent)).toEqual([
      expect.stringContaining('监理日志.docx'),
      expect.stringContaining('现场照片.png'),
    ]);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF'], '合同.pdf', { type: 'application/pdf' })] } });
    });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([...files, { label: '合同.pdf', value: `${LINK}/cccccccccccccccccccccccccccccccc.pdf` }]));
    expect(await screen.findByText(FILE_MSG.uploaded)).toBeTruthy();
    const up = stub.calls.find((c) => c.url.pathname === UPLOAD_URL)!;
    expect(up.init?.method).toBe('POST');
    expect((up.init?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('a refused upload shows 上传过程中出现错误，请重试! with the reason and adds nothing', async () => {
    const { onChange } = setup({}, { calls: [], uploadAnswer: { status: 400, body: { code: 400, success: false, data: null, msg: '不支持的文件类型: exe' } } });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['MZ'], 'setup.exe')] } });
    });
    expect(await screen.findByText(`${FILE_MSG.uploadError} 不支持的文件类型: exe`)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('deletes a file after a confirmation', async () => {
    const { onChange } = setup();
    fireEvent.click(screen.getByTestId('attachments-delete-0'));
    fireEvent.click((await screen.findByText('确定')).closest('button')!);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([files[1]]));
  });

  it('view mode hides upload and delete; no files shows 暂未上传附件', () => {
    const { unmount } = setup({ mode: 'view' });
    expect(screen.queryByTestId('attachments-upload')).toBeNull();
    expect(screen.queryByTestId('attachments-delete-0')).toBeNull();
    expect(screen.getByTestId('attachments-download-0')).toBeTruthy();
    expect(screen.getByTestId('attachments-zip')).toBeTruthy();
    unmount();
    setup({ mode: 'view', value: [] });
    expect(screen.getByText('暂未上传附件')).toBeTruthy();
    expect(screen.queryByTestId('attachments-zip')).toBeNull();
  });

  it('previews documents through the preview service with the file URL base64-encoded; images open directly', async () => {
    const opened: string[] = [];
    vi.spyOn(window, 'open').mockImplementation((url) => (opened.push(String(url)), null));
    const { stub } = setup();
    await waitFor(() => expect(stub.calls.some((c) => c.url.pathname === PREVIEW_SERVICE_URL)).toBe(true));
    await waitFor(() => {
      fireEvent.click(screen.getByTestId('attachments-preview-0'));
      expect(opened.at(-1)).toMatch(/^http:\/\/preview\.local\/onlinePreview\?url=/);
    });
    const encoded = decodeURIComponent(new URL(opened.at(-1)!).searchParams.get('url')!);
    const fileUrl = new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
    expect(fileUrl).toBe(
      `http://localhost:3000${files[0]!.value}?blade-auth=bearer+access-1`.replace(':3000', window.location.port ? `:${window.location.port}` : ''),
    );
    expect(encoded).toBe(base64Utf8(fileUrl));
    fireEvent.click(screen.getByTestId('attachments-preview-1'));
    expect(opened.at(-1)).toBe(new URL(`${files[1]!.value}?blade-auth=bearer+access-1`, window.location.origin).toString());
  });

  it('downloads one file and all of them as one zip; a second download while one runs asks first', async () => {
    let release!: () => void;
    const stub: Stub = { calls: [], hold: new Promise<void>((r) => (release = r)) };
    setup({}, stub);
    fireEvent.click(screen.getByTestId('attachments-zip'));
    expect(await screen.findByText(FILE_MSG.downloading)).toBeTruthy();
    const zip = stub.calls.find((c) => c.url.pathname === ZIP_URL)!;
    expect(zip.url.searchParams.get('links')).toBe(files.map((f) => f.value).join(','));
    expect(zip.url.searchParams.get('blade-auth')).toBe('bearer access-1');
    // While the zip is still coming, another download asks.
    fireEvent.click(screen.getByTestId('attachments-download-1'));
    expect(await screen.findByText(FILE_MSG.previousRunning)).toBeTruthy();
    fireEvent.click(screen.getByText('确定').closest('button')!);
    await waitFor(() => expect(stub.calls.filter((c) => c.url.pathname.endsWith('.png'))).toHaveLength(1));
    expect(stub.calls.find((c) => c.url.pathname.endsWith('.png'))!.url.searchParams.get('download')).toBe('1');
    await act(async () => release());
    await waitFor(() => expect(saved.sort()).toEqual(['现场照片.png', '附件.zip']));
  });

  it('a failed download says 文件下载失败，请重试', async () => {
    setup({}, { calls: [], downloadStatus: 404 });
    fireEvent.click(screen.getByTestId('attachments-zip'));
    expect(await screen.findByText(FILE_MSG.downloadFailed)).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
