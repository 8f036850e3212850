import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, fail } from '../../test/http';
import { tokenAnswer } from '../../test/http';
import OssPage from './oss/OssPage';
import SmsPage from './sms/SmsPage';
import AttachPage from './attach/AttachPage';

function mount(node: React.ReactNode, permissions: string[], route: Parameters<typeof mockFetch>[0]) {
  saveTokens(tokenAnswer());
  saveAccess([], permissions);
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-system/dict/dictionary')
      return ok([
        { dictKey: '1', dictValue: '本地存储' },
        { dictKey: '2', dictValue: 'MinIO' },
      ]);
    return route(call);
  });
  render(<Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</Providers>);
  return http;
}

const page = (records: unknown[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('OssPage', () => {
  const rows = [
    { id: '11', category: 1, ossCode: 'local-disk', status: 2 },
    { id: '12', category: 2, ossCode: 'minio', endpoint: 'http://minio:9000', accessKey: 'ak', secretKey: '******', bucketName: 'files', status: 1 },
  ];

  it('shows which configuration is enabled and enables another after confirmation', async () => {
    const http = mount(<OssPage />, ['oss_enable', 'oss_debug', 'oss_edit'], (call) => {
      if (call.path === '/api/blade-resource/oss/list') return page(rows);
      if (call.path === '/api/blade-resource/oss/enable') return ok({});
      return undefined;
    });
    expect(await screen.findByText('已启用')).toBeTruthy();
    expect(screen.getByText('未启用')).toBeTruthy();
    expect(screen.queryByTestId('enable-11')).toBeNull(); // already the enabled one
    fireEvent.click(screen.getByTestId('enable-12'));
    expect(await screen.findByText('确定启用该配置? 同一租户只能启用一个,其他配置将被停用')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('确定').closest('button')!);
    });
    await waitFor(() => expect(http.callsTo('/api/blade-resource/oss/enable').map((c) => [c.method, c.query.get('id')])).toEqual([['POST', '12']]));
    expect(await screen.findByText('启用成功')).toBeTruthy();
    await waitFor(() => expect(http.callsTo('/api/blade-resource/oss/list').length).toBeGreaterThan(1));
  });

  it('调试 reports the server’s answer; buttons follow the permission codes', async () => {
    const http = mount(<OssPage />, ['oss_debug'], (call) => {
      if (call.path === '/api/blade-resource/oss/list') return page(rows);
      if (call.path === '/api/blade-resource/oss/debug') return call.query.get('id') === '11' ? ok({ success: true }) : fail(400, '调试失败: ECONNREFUSED');
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('oss-debug-11'));
    expect(await screen.findByText('调试成功: 测试文件已写入、读回并删除')).toBeTruthy();
    fireEvent.click(screen.getByTestId('oss-debug-12'));
    expect(await screen.findByText('调试失败: ECONNREFUSED')).toBeTruthy();
    expect(http.callsTo('/api/blade-resource/oss/debug')).toHaveLength(2);
    expect(screen.queryByTestId('enable-12')).toBeNull();
    expect(screen.queryByTestId('crud-row-edit-12')).toBeNull();
  });

  it('edits a secret as a password field holding the mask', async () => {
    mount(<OssPage />, ['oss_edit'], (call) => {
      if (call.path === '/api/blade-resource/oss/list') return page(rows);
      if (call.path === '/api/blade-resource/oss/detail') return ok(rows[1]);
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('crud-row-edit-12'));
    const secret = (await screen.findByTestId('crud-form-secretKey')) as HTMLInputElement;
    expect(secret.type).toBe('password');
    await waitFor(() => expect(secret.value).toBe('******'));
  });
});

describe('SmsPage', () => {
  const rows = [{ id: '21', category: 1, smsCode: 'notice-log', templateId: 'T1', signName: '华建咨询', status: 2 }];

  it('sends a message with the configuration’s code, phones and parameters', async () => {
    const http = mount(<SmsPage />, ['sms_send'], (call) => {
      if (call.path === '/api/blade-resource/sms/list') return page(rows);
      if (call.path === '/api/blade-resource/sms/endpoint/send-message') return ok({ success: true, count: 2 });
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('sms-send-21'));
    fireEvent.change(await screen.findByTestId('sms-send-phones'), { target: { value: '13912345678,13812345678' } });
    fireEvent.change(screen.getByTestId('sms-send-params'), { target: { value: '{bad' } });
    fireEvent.click(screen.getByTestId('sms-send-submit'));
    expect(await screen.findByText('短信参数格式不正确,应为JSON对象')).toBeTruthy();
    expect(http.callsTo('/api/blade-resource/sms/endpoint/send-message')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('sms-send-params'), { target: { value: '{"code":"8261"}' } });
    fireEvent.click(screen.getByTestId('sms-send-submit'));
    expect(await screen.findByText('发送成功')).toBeTruthy();
    expect(http.callsTo('/api/blade-resource/sms/endpoint/send-message').map((c) => c.body)).toEqual([
      { code: 'notice-log', phones: '13912345678,13812345678', params: '{"code":"8261"}' },
    ]);
  });
});

describe('AttachPage', () => {
  const rows = [
    {
      id: '31',
      originalName: '现场照片.png',
      extension: 'png',
      attachSize: 20480,
      link: '/api/blade-resource/oss/endpoint/file/local/20260101/abc.png',
      createTime: '2026-01-01 10:00:00',
    },
    {
      id: '32',
      originalName: '监理日志.pdf',
      extension: 'pdf',
      attachSize: 1048576 * 2,
      link: '/api/blade-resource/oss/endpoint/file/local/20260101/def.pdf',
      createTime: '2026-01-01 11:00:00',
    },
  ];

  it('lists with a thumbnail for images, sizes, and links carrying the token', async () => {
    mount(<AttachPage />, ['attach_download', 'attach_delete', 'attach_upload'], (call) =>
      call.path === '/api/blade-resource/attach/list' ? page(rows) : undefined,
    );
    expect(await screen.findByText('现场照片.png')).toBeTruthy();
    expect(screen.getByText('20.0 KB')).toBeTruthy();
    expect(screen.getByText('2.00 MB')).toBeTruthy();
    const img = screen.getByTestId('attach-image-31').querySelector('img') ?? screen.getByTestId('attach-image-31');
    expect(img.getAttribute('src')).toBe('/api/blade-resource/oss/endpoint/file/local/20260101/abc.png?blade-auth=access-1');
    expect(screen.queryByTestId('attach-image-32')).toBeNull();
    expect(screen.getByTestId('attach-preview-32').getAttribute('href')).toBe(
      '/api/blade-resource/oss/endpoint/file/local/20260101/def.pdf?blade-auth=access-1',
    );
    expect(screen.getByTestId('attach-download-31').getAttribute('href')).toBe('/api/blade-resource/attach/download?id=31&blade-auth=access-1');
    expect(screen.getByTestId('attach-upload')).toBeTruthy();
  });

  it('hides upload, download and delete without their codes', async () => {
    mount(<AttachPage />, [], (call) => (call.path === '/api/blade-resource/attach/list' ? page(rows) : undefined));
    expect(await screen.findByText('现场照片.png')).toBeTruthy();
    expect(screen.queryByTestId('attach-upload')).toBeNull();
    expect(screen.queryByTestId('attach-download-31')).toBeNull();
    expect(screen.queryByTestId('crud-row-delete-31')).toBeNull();
  });
});
