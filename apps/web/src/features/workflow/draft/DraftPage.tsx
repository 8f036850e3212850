/**
 * /workflow/process/draft, 草稿箱: the user's own drafts (form values saved before starting a process or
 * completing a task), newest first, paged on the server. 打开 goes to the start screen of the draft's process
 * (or the task's screen), which loads the draft; 删除 removes it.
 */
import { permissionCodes, wfDraftEntity } from '@hjl/core';
import { Button, Card, Flex, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { Permit } from '../../../app/auth';
import { useLabel } from '../../../app/i18n';
import { SearchActions, useList } from '../../../components/CrudPage';
import { useDeleteConfirm } from '../../../components/CrudPage/useDeleteConfirm';
import { draftList, removeDraft, type DraftRow } from '../api';
import { processPath } from '../process/processRoute';

const codes = permissionCodes(wfDraftEntity);
const fields = wfDraftEntity.fields;

/** Where a draft opens: the task's screen for a task's draft, else the start screen of its process. */
export function draftPath(row: DraftRow): string {
  if (row.taskId) return processPath('detail', { taskId: row.taskId }, row.formKey);
  return processPath(
    'start',
    { ...(row.processDefId ? { processId: row.processDefId } : {}), ...(row.processDefKey ? { processDefKey: row.processDefKey } : {}) },
    row.formKey,
  );
}

export default function DraftPage() {
  const label = useLabel();
  const navigate = useNavigate();
  const confirmDelete = useDeleteConfirm();
  const [form] = Form.useForm<{ title?: string; processDefKey?: string }>();
  const { reload, search: searchList, setAnchor, tableProps } = useList(draftList);

  const columns: TableColumnsType<DraftRow> = [
    { key: 'title', dataIndex: 'title', title: label(fields.title.label), render: (v: string | null) => v || '-' },
    { key: 'processDefKey', dataIndex: 'processDefKey', title: label(fields.processDefKey.label), width: 180 },
    {
      key: 'updateTime',
      dataIndex: 'updateTime',
      title: label({ zh: '保存时间', en: 'Saved' }),
      width: 180,
      render: (v: string | undefined, row) => v ?? row.createTime,
    },
    {
      key: 'actions',
      title: label({ zh: '操作', en: 'Actions' }),
      width: 140,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(draftPath(row))} data-testid={`draft-open-${row.id}`}>
            {label({ zh: '打开', en: 'Open' })}
          </Button>
          <Permit code={codes.delete}>
            <Button
              type="link"
              size="small"
              danger
              data-testid={`draft-delete-${row.id}`}
              onClick={() =>
                confirmDelete(
                  () => removeDraft(row.id),
                  () => reload(),
                )
              }
            >
              {label({ zh: '删除', en: 'Delete' })}
            </Button>
          </Permit>
        </Space>
      ),
    },
  ];

  const search = (v: { title?: string; processDefKey?: string }) =>
    searchList({ title: v.title?.trim() || undefined, processDefKey: v.processDefKey?.trim() || undefined });

  return (
    <Card data-testid="wf-draft">
      <Flex vertical gap={16}>
        <Form form={form} layout="inline" onFinish={search} data-testid="draft-search">
          <Form.Item name="title" label={label(fields.title.label)}>
            <Input allowClear style={{ width: 180 }} data-testid="draft-search-title" />
          </Form.Item>
          <Form.Item name="processDefKey" label={label(fields.processDefKey.label)}>
            <Input allowClear style={{ width: 180 }} data-testid="draft-search-key" />
          </Form.Item>
          <SearchActions form={form} onReset={() => search({})} testId="draft-search" />
        </Form>
        <div ref={setAnchor}>
          <Table<DraftRow> rowKey="id" size="middle" data-testid="draft-table" columns={columns} {...tableProps} />
        </div>
      </Flex>
    </Card>
  );
}
