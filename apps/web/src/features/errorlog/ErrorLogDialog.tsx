/** The error-log dialog: type, url, message, stack, time; upload to the server and clear, each confirmed, each closing the dialog. */
import { ClearOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearErrorLog, uploadErrorLog, useErrorLog, type ErrorLogEntry } from './errorLog';

export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const entries = useErrorLog();
  const [sending, setSending] = useState(false);

  const upload = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('errorLog.uploadConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setSending(true);
        try {
          await uploadErrorLog();
          void message.success(t('errorLog.sent'));
          onClose(); // nothing is left to show (Saber closes the box too)
        } finally {
          setSending(false);
        }
      },
    });

  const clear = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('errorLog.clearConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => {
        clearErrorLog();
        void message.success(t('errorLog.cleared'));
        onClose();
      },
    });

  return (
    <Modal open={open} title={t('errorLog.title')} width={1000} footer={null} onCancel={onClose} destroyOnHidden>
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<CloudUploadOutlined />} disabled={!entries.length} loading={sending} onClick={upload} data-testid="error-log-upload">
          {t('errorLog.upload')}
        </Button>
        <Button danger icon={<ClearOutlined />} disabled={!entries.length} onClick={clear} data-testid="error-log-clear">
          {t('errorLog.clear')}
        </Button>
      </Flex>
      <Table<ErrorLogEntry>
        size="small"
        rowKey={(e) => `${e.time}|${e.message}|${entries.indexOf(e)}`}
        dataSource={[...entries]}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        scroll={{ y: 420 }}
        locale={{ emptyText: t('errorLog.empty') }}
        data-testid="error-log-table"
        columns={[
          { title: t('errorLog.type'), dataIndex: 'type', width: 130 },
          { title: t('errorLog.url'), dataIndex: 'url', width: 160, ellipsis: true },
          { title: t('errorLog.message'), dataIndex: 'message', width: 220, ellipsis: true },
          {
            title: t('errorLog.stack'),
            dataIndex: 'stack',
            render: (stack: string) => (
              <Typography.Paragraph
                ellipsis={{ rows: 2, expandable: true, symbol: t('errorLog.more') }}
                style={{ margin: 0, fontFamily: 'monospace', fontSize: 12 }}
              >
                {stack || '-'}
              </Typography.Paragraph>
            ),
          },
          { title: t('errorLog.time'), dataIndex: 'time', width: 160 },
        ]}
      />
    </Modal>
  );
}
