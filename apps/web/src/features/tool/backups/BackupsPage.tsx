/**
 * /tool/backups: database backups. 立即备份 writes the tenant's data as JSON into the file store; a backup
 * made that way can be downloaded. The line above the list sums them up (/api/blade-system/param/backups).
 */
import { CloudDownloadOutlined, DatabaseOutlined } from '@ant-design/icons';
import { backupsEntity } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../app/auth';
import { CrudPage } from '../../../components/CrudPage';
import { formatSize } from '../../../app/download';
import { backupDownloadHref, backupNow as runBackup, backupSummaryQuery } from '../api';

/** Files the server wrote itself (`<store>/private/...`); hand-recorded backups name files elsewhere. */
const isServerFile = (name: unknown) => typeof name === 'string' && /^(local|\d+)\/private\//.test(name);

export default function BackupsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const summary = useQuery(backupSummaryQuery());

  const backupNow = (reload: () => Promise<void>) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('res.backupConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await runBackup();
        } catch {
          return; // the API client has shown why
        }
        void message.success(t('res.backupDone'));
        await Promise.all([reload(), queryClient.invalidateQueries({ queryKey: backupSummaryQuery().queryKey })]);
      },
    });

  return (
    <CrudPage
      def={backupsEntity}
      actionWidth={230}
      toolbar={({ reload }) => (
        <>
          <Permit code="backups_add">
            <Button icon={<DatabaseOutlined />} onClick={() => backupNow(reload)} data-testid="backups-run">
              {t('res.backupNow')}
            </Button>
          </Permit>
          {summary.data && (
            <Typography.Text type="secondary" data-testid="backups-summary">
              {t('res.backupSummary', {
                total: summary.data.total,
                size: formatSize(summary.data.totalSize),
                last: summary.data.lastBackupTime ?? t('res.none'),
              })}
            </Typography.Text>
          )}
        </>
      )}
      rowActions={(row) =>
        isServerFile(row.fileName) ? (
          <Button type="link" size="small" icon={<CloudDownloadOutlined />} href={backupDownloadHref(row.id)} data-testid={`backups-download-${row.id}`}>
            {t('res.download')}
          </Button>
        ) : null
      }
    />
  );
}
