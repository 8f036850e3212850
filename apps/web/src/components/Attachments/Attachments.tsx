/**
 * File attachment widget (spec 2 sections 2 and 8, spec 1 section 2): the files of a record with view,
 * download, delete, upload, download-all (one zip) and online preview. View mode hides upload and delete.
 * Documents are previewed through the tenant's preview service (parameter preview.serviceUrl), which gets the
 * file URL base64-encoded; images and videos are opened directly.
 *
 * The value is the list of file items `{ label: original name, value: link }` as BladeX forms keep them.
 * Deleting takes a file out of the record; the stored file stays (attachment management removes files).
 */
import { DeleteOutlined, DownloadOutlined, EyeOutlined, FileSearchOutlined, FileZipOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { fileExtension, opensDirectly } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, ConfigProvider, Empty, List, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../app/api';
import { downloadHref, saveBlob } from '../../app/download';
import { useLabel } from '../../app/i18n';
import { usePhone } from '../../app/layout/screen';
import { previewServiceQuery, uploadFile, ZIP_URL } from './api';

export interface FileItem {
  /** Original file name. */
  label: string;
  /** Link of the stored file. */
  value: string;
}

/** The specs' messages (spec 2 section 8, Files). */
export const FILE_MSG = {
  uploadError: '上传过程中出现错误，请重试!',
  uploaded: '上传成功',
  downloading: '文件下载中，请稍后，文件过大时可能需要一些时间...',
  downloadFailed: '文件下载失败，请重试',
  previousRunning: '上一个文件下载未完成，是否继续?',
  empty: '暂未上传附件',
} as const;

/** Base64 of the UTF-8 text (the preview service's `url` parameter). */
export function base64Utf8(text: string): string {
  let bin = '';
  for (const byte of new TextEncoder().encode(text)) bin += String.fromCharCode(byte);
  return btoa(bin);
}

/** The address a file opens at: its own link (with the token) for images and videos, else the preview service. */
export function previewAddress(item: FileItem, serviceUrl: string, origin = window.location.origin): string {
  const fileUrl = new URL(downloadHref(item.value), origin).toString();
  if (opensDirectly(item.label) || opensDirectly(item.value) || !serviceUrl) return fileUrl;
  return `${serviceUrl}${serviceUrl.includes('?') ? '&' : '?'}url=${encodeURIComponent(base64Utf8(fileUrl))}`;
}

/** Downloads running in this window: a second one asks first. */
let running = 0;

export interface AttachmentsProps {
  value?: FileItem[] | null;
  onChange?: (items: FileItem[]) => void;
  /** 'view' hides upload and delete. */
  mode?: 'edit' | 'view';
  /** Name of the zip of 全部下载. */
  zipName?: string;
  testId?: string;
}

export function Attachments({ value, onChange, mode = 'edit', zipName = '附件.zip', testId = 'attachments' }: AttachmentsProps) {
  const label = useLabel();
  const phone = usePhone();
  const { message, modal } = App.useApp();
  const items = value ?? [];
  const [uploading, setUploading] = useState(false);
  const preview = useQuery({ ...previewServiceQuery(), enabled: items.length > 0 });

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const answer = await uploadFile(file);
      onChange?.([...items, { label: answer.originalName, value: answer.link }]);
      void message.success(FILE_MSG.uploaded);
    } catch (e) {
      // A refusal of the server (type or size limit) names its reason after the specs' message.
      const reason = e instanceof ApiError && e.code === 400 ? ` ${e.message}` : '';
      void message.error(`${FILE_MSG.uploadError}${reason}`);
    } finally {
      setUploading(false);
    }
  };

  const fetchAndSave = async (url: string, params: Record<string, string>, name: string) => {
    running++;
    const hide = message.loading(FILE_MSG.downloading, 0);
    try {
      const res = await fetch(downloadHref(url, params));
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || type.includes('application/json')) throw new Error(`HTTP ${res.status}`);
      saveBlob(await res.blob(), name);
    } catch {
      void message.error(FILE_MSG.downloadFailed);
    } finally {
      running--;
      hide();
    }
  };

  /** A download; while another runs, only after 上一个文件下载未完成，是否继续?. */
  const download = (url: string, params: Record<string, string>, name: string) => {
    if (running > 0) {
      modal.confirm({
        title: label({ zh: '提示', en: 'Note' }),
        content: FILE_MSG.previousRunning,
        okText: label({ zh: '确定', en: 'OK' }),
        cancelText: label({ zh: '取消', en: 'Cancel' }),
        onOk: () => void fetchAndSave(url, params, name),
      });
      return;
    }
    void fetchAndSave(url, params, name);
  };

  const open = (href: string) => window.open(href, '_blank', 'noopener');

  const remove = (item: FileItem) =>
    modal.confirm({
      title: label({ zh: '提示', en: 'Note' }),
      content: label({ zh: `确定删除附件「${item.label}」?`, en: `Delete the attachment "${item.label}"?` }),
      okText: label({ zh: '确定', en: 'OK' }),
      cancelText: label({ zh: '取消', en: 'Cancel' }),
      okButtonProps: { danger: true },
      onOk: () => onChange?.(items.filter((i) => i !== item)),
    });

  // Viewing and downloading stay possible inside a disabled form (查看 of a record): view mode is the read-only one.
  return (
    <ConfigProvider componentDisabled={false}>
      <div data-testid={testId}>
        <Space wrap style={{ marginBottom: items.length ? 8 : 0 }}>
          {mode === 'edit' && (
            <Upload
              showUploadList={false}
              multiple
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading} data-testid={`${testId}-upload`}>
                {label({ zh: '上传附件', en: 'Upload' })}
              </Button>
            </Upload>
          )}
          {items.length > 0 && (
            <Button
              icon={<FileZipOutlined />}
              data-testid={`${testId}-zip`}
              onClick={() => download(ZIP_URL, { links: items.map((i) => i.value).join(',') }, zipName)}
            >
              {label({ zh: '全部下载', en: 'Download all' })}
            </Button>
          )}
        </Space>
        {items.length === 0 ? (
          mode === 'view' ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={FILE_MSG.empty} data-testid={`${testId}-empty`} />
          ) : (
            <Typography.Text type="secondary" data-testid={`${testId}-empty`}>
              {FILE_MSG.empty}
            </Typography.Text>
          )
        ) : (
          <List
            size="small"
            bordered
            // On a phone the buttons go below the file's name, which wraps (S2 L88-89).
            itemLayout={phone ? 'vertical' : 'horizontal'}
            dataSource={items}
            renderItem={(item, i) => (
              <List.Item
                data-testid={`${testId}-item`}
                actions={[
                  <Button
                    key="view"
                    type="link"
                    size="small"
                    icon={<EyeOutlined />}
                    data-testid={`${testId}-view-${i}`}
                    onClick={() => open(downloadHref(item.value))}
                  >
                    {label({ zh: '查看', en: 'View' })}
                  </Button>,
                  <Button
                    key="preview"
                    type="link"
                    size="small"
                    icon={<FileSearchOutlined />}
                    data-testid={`${testId}-preview-${i}`}
                    onClick={() => open(previewAddress(item, preview.data?.url ?? ''))}
                  >
                    {label({ zh: '预览', en: 'Preview' })}
                  </Button>,
                  <Button
                    key="download"
                    type="link"
                    size="small"
                    icon={<DownloadOutlined />}
                    data-testid={`${testId}-download-${i}`}
                    onClick={() => download(item.value, { download: '1' }, item.label)}
                  >
                    {label({ zh: '下载', en: 'Download' })}
                  </Button>,
                  ...(mode === 'edit'
                    ? [
                        <Button
                          key="delete"
                          type="link"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          data-testid={`${testId}-delete-${i}`}
                          onClick={() => remove(item)}
                        >
                          {label({ zh: '删除', en: 'Delete' })}
                        </Button>,
                      ]
                    : []),
                ]}
              >
                <Space style={phone ? { wordBreak: 'break-all' } : undefined}>
                  <PaperClipOutlined />
                  <span>{item.label}</span>
                  <Typography.Text type="secondary">{fileExtension(item.label).toUpperCase()}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )}
      </div>
    </ConfigProvider>
  );
}
