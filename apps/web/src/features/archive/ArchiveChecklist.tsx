/**
 * The checklist of an archive (project/file-info): each record column of its template, 必须归档 or not, with the file
 * submitted; the clerk uploads a missing one and sends the archive for approval (refused, naming the files, while
 * a required one is missing).
 */
import { APPROVAL_STATUS } from '@hjl/core';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { Attachments } from '../../components/Attachments';
import { startArchive, submitArchiveFile, type ArchiveInfo, type ChecklistItem } from './api';

export function ArchiveChecklist({ archive, onChanged }: { archive: ArchiveInfo; onChanged: () => void }) {
  const { message } = App.useApp();
  const start = () =>
    void startArchive(archive.id).then(
      () => {
        message.success('已提交归档审批');
        onChanged();
      },
      () => undefined,
    );
  const editable = archive.status !== APPROVAL_STATUS.approving && archive.status !== APPROVAL_STATUS.approved;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`archive-${archive.id}`}>
      <Space>
        <Typography.Text strong>{archive.archiveName}</Typography.Text>
        <Typography.Text type="secondary">{archive.archiveNum}</Typography.Text>
        {archive.status === APPROVAL_STATUS.approved ? <Tag color="green">已归档</Tag> : null}
        {editable ? (
          <Button type="primary" size="small" data-testid="archive-start" onClick={start}>
            提交归档
          </Button>
        ) : null}
      </Space>
      <Table<ChecklistItem>
        rowKey="columnId"
        onRow={(c) => ({ 'data-testid': `archive-column-${c.columnLabel}` }) as never}
        size="small"
        pagination={false}
        dataSource={archive.checklist}
        columns={[
          { title: '著录项', dataIndex: 'columnLabel' },
          { title: '必须归档', dataIndex: 'required', render: (v: boolean) => (v ? <Tag color="red">必须</Tag> : '否') },
          { title: '已提交', dataIndex: 'submitted', render: (v: boolean) => (v ? <Tag color="green">已提交</Tag> : <Tag>未提交</Tag>) },
          {
            title: '文件',
            render: (_: unknown, c) =>
              editable ? (
                <Attachments
                  testId={`archive-file-${c.columnId}`}
                  value={c.files}
                  onChange={(files) => void submitArchiveFile({ archivesId: archive.id, columnId: c.columnId, files: files ?? [] }).then(onChanged)}
                />
              ) : (
                <Attachments mode="view" value={c.files} testId={`archive-file-${c.columnId}`} />
              ),
          },
        ]}
      />
    </Space>
  );
}
