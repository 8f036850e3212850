/**
 * /resource/attach: uploaded files. Upload (put-file-attach, within the tenant's size and type limits),
 * preview (images in place, pdf / video / text in a new tab), download and delete (the stored file too).
 */
import { DeleteOutlined, FileZipOutlined, UploadOutlined } from '@ant-design/icons';
import { attachEntity, type FieldDef } from '@hjl/core';
import { App, Button, Card, Flex, Image, Space, Table, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post, request } from '../../../app/api';
import { Permit, usePermission } from '../../../app/auth';
import { pagedList, useList, type Row } from '../../../components/CrudPage';
import { SearchForm } from '../../../components/CrudPage/SearchForm';
import { queryKeys } from '../../../app/queryKeys';
import { fileUrl, formatSize } from '../../../app/download';

const API = attachEntity.api;
const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);
const INLINE = new Set(['pdf', 'mp4', 'txt']);
const searchFields = (Object.entries(attachEntity.fields) as [string, FieldDef][]).filter(([, f]) => f.search);

export default function AttachPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const canDeleteRows = usePermission('attach_delete');
  const canDownload = usePermission('attach_download');
  const canSelect = canDeleteRows || canDownload;
  const [uploading, setUploading] = useState(false);
  const { reload, rowSelection, search, selected, setAnchor, setSelected, tableProps } = useList(pagedList<Row>(queryKeys.entity(API).lists(), `${API}/list`));

  const remove = (ids: string[]) => {
    if (!ids.length) return void message.warning(t('crud.selectAtLeastOne'));
    modal.confirm({
      title: t('common.tip'),
      content: t('crud.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await post(`${API}/remove`, undefined, { ids: ids.join(',') });
        void message.success(t('crud.deleted'));
        setSelected((keys) => keys.filter((k) => !ids.includes(k)));
        await reload();
      },
    });
  };

  const upload = async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    setUploading(true);
    try {
      await request('/api/blade-resource/oss/endpoint/put-file-attach', { method: 'POST', body });
      void message.success(t('res.uploaded'));
      await reload();
    } catch {
      // the API client has shown the reason (size or type limit)
    } finally {
      setUploading(false);
    }
  };

  const columns: TableColumnsType<Row> = [
    {
      key: 'preview',
      title: t('res.preview'),
      width: 90,
      render: (_, row) =>
        IMAGE.has(String(row.extension)) ? (
          <Image src={fileUrl(String(row.link))} width={48} height={48} style={{ objectFit: 'cover' }} data-testid={`attach-image-${row.id}`} />
        ) : null,
    },
    { key: 'originalName', dataIndex: 'originalName', title: t('res.originalName'), ellipsis: true },
    { key: 'extension', dataIndex: 'extension', title: t('res.extension'), width: 110 },
    { key: 'attachSize', dataIndex: 'attachSize', title: t('res.size'), width: 110, render: (v) => formatSize(v) },
    { key: 'createTime', dataIndex: 'createTime', title: t('res.uploadTime'), width: 180 },
    {
      key: 'actions',
      title: t('crud.actions'),
      fixed: 'right',
      width: 190,
      render: (_, row) => (
        <Space size={0}>
          {INLINE.has(String(row.extension)) && (
            <Button type="link" size="small" href={fileUrl(String(row.link))} target="_blank" data-testid={`attach-preview-${row.id}`}>
              {t('res.preview')}
            </Button>
          )}
          <Permit code="attach_download">
            <Button type="link" size="small" href={fileUrl(`${API}/download`, { id: row.id })} data-testid={`attach-download-${row.id}`}>
              {t('res.download')}
            </Button>
          </Permit>
          <Permit code="attach_delete">
            <Button type="link" size="small" danger onClick={() => remove([row.id])} data-testid={`attach-delete-${row.id}`}>
              {t('crud.delete')}
            </Button>
          </Permit>
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="crud-attach">
      <Flex vertical gap={16}>
        <SearchForm fields={searchFields} dicts={{}} onSearch={search} />
        <Space>
          <Permit code="attach_upload">
            <Upload
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={uploading} data-testid="attach-upload">
                {t('res.upload')}
              </Button>
            </Upload>
          </Permit>
          <Permit code="attach_download">
            <Button
              icon={<FileZipOutlined />}
              disabled={!selected.length}
              href={selected.length ? fileUrl(`${API}/download-zip`, { ids: selected.join(',') }) : undefined}
              data-testid="attach-download-zip"
            >
              {t('res.downloadZip')}
            </Button>
          </Permit>
          <Permit code="attach_delete">
            <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)} data-testid="attach-bulk-delete">
              {t('crud.delete')}
            </Button>
          </Permit>
        </Space>
        <div ref={setAnchor}>
          <Image.PreviewGroup>
            <Table<Row>
              rowKey="id"
              size="middle"
              data-testid="attach-table"
              columns={columns}
              scroll={{ x: 'max-content' }}
              rowSelection={canSelect ? rowSelection : undefined}
              {...tableProps}
            />
          </Image.PreviewGroup>
        </div>
      </Flex>
    </Card>
  );
}
