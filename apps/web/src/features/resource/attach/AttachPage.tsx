/**
 * /resource/attach: uploaded files, CrudPage on the attachment definition (rows are written by the upload,
 * never by a form). Upload (put-file-attach, within the tenant's size and type limits), preview (images in
 * place, a group to page through; pdf / video / text in a new tab), download (one, or the selected as a zip)
 * and delete (the stored file too).
 */
import { FileZipOutlined, UploadOutlined } from '@ant-design/icons';
import { attachEntity } from '@hjl/core';
import { App, Button, Image, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit, usePermission } from '../../../app/auth';
import { fileUrl, formatSize } from '../../../app/download';
import { CrudPage, type Row } from '../../../components/CrudPage';
import { attachDownloadHref, attachZipHref, uploadAttach } from '../api';

const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);
const INLINE = new Set(['pdf', 'mp4', 'txt']);

export default function AttachPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canDownload = usePermission('attach_download');
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File, reload: () => Promise<void>) => {
    setUploading(true);
    try {
      await uploadAttach(file);
      void message.success(t('res.uploaded'));
      await reload();
    } catch {
      // the API client has shown the reason (size or type limit)
    } finally {
      setUploading(false);
    }
  };

  return (
    <Image.PreviewGroup>
      <CrudPage
        def={attachEntity}
        viewButton={false}
        // The selection serves the zip download as well as the deletion.
        selectable={canDownload || undefined}
        render={{
          attachSize: (v) => formatSize(v),
          link: (v) => (
            <Typography.Link href={fileUrl(String(v))} target="_blank" ellipsis>
              {String(v)}
            </Typography.Link>
          ),
        }}
        extraColumns={[
          {
            key: 'preview',
            title: t('res.preview'),
            width: 90,
            render: (_, row: Row) =>
              IMAGE.has(String(row.extension)) ? (
                <Image src={fileUrl(String(row.link))} width={48} height={48} style={{ objectFit: 'cover' }} data-testid={`attach-image-${row.id}`} />
              ) : null,
          },
          { key: 'createTime', dataIndex: 'createTime', title: t('res.uploadTime'), width: 180 },
        ]}
        actionWidth={190}
        toolbar={({ reload, selected }) => (
          <>
            <Permit code="attach_upload">
              <Upload
                showUploadList={false}
                beforeUpload={(file) => {
                  void upload(file, reload);
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
                href={selected.length ? attachZipHref(selected) : undefined}
                data-testid="attach-download-zip"
              >
                {t('res.downloadZip')}
              </Button>
            </Permit>
          </>
        )}
        rowActions={(row) => (
          <>
            {INLINE.has(String(row.extension)) && (
              <Button type="link" size="small" href={fileUrl(String(row.link))} target="_blank" data-testid={`attach-preview-${row.id}`}>
                {t('res.preview')}
              </Button>
            )}
            <Permit code="attach_download">
              <Button type="link" size="small" href={attachDownloadHref(row.id)} data-testid={`attach-download-${row.id}`}>
                {t('res.download')}
              </Button>
            </Permit>
          </>
        )}
      />
    </Image.PreviewGroup>
  );
}
