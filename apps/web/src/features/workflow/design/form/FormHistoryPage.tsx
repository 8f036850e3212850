/**
 * /workflow/design/form/history/:id (表单历史版本, spec 2): the versions of one form design, newest first — view a
 * version's fields (a read-only preview), edit its note, delete it (not the main one: the server refuses), and
 * 设为主版本 (the form takes that version's fields back).
 */
import { wfFormHistoryEntity, type EntityDef } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Modal, Popconfirm, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Permit } from '../../../../app/auth';
import { useLabel } from '../../../../app/i18n';
import { formQuery, formVersionQuery, setMainFormVersion } from '../api';
import { CrudPage, type Row } from '../../../../components/CrudPage';
import { DynamicForm } from '../../../../components/DynamicForm';
import { columnsOf } from './columns';
import { formDesignerPath, FORM_LIST_PATH } from './paths';
import { RequirePermission } from './RequirePermission';

/** The history definition as this page edits it: the note only (the rest of a version is not changed). */
const historyDef: EntityDef = {
  ...wfFormHistoryEntity,
  fields: Object.fromEntries(Object.entries(wfFormHistoryEntity.fields).map(([name, f]) => [name, name === 'remark' ? f : { ...f, form: false as const }])),
};

export default function FormHistoryPage() {
  return (
    <RequirePermission code="wf_form_history">
      <FormHistory />
    </RequirePermission>
  );
}

function FormHistory() {
  const { id = '' } = useParams();
  const label = useLabel();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const design = useQuery(formQuery(id));
  const [previewing, setPreviewing] = useState<string | null>(null);
  const fixed = useMemo(() => ({ formId: id }), [id]);

  const setMain = async (row: Row, reload: () => Promise<void>) => {
    await setMainFormVersion(row.id);
    void message.success(label({ zh: `已将 V${String(row.version)} 设为主版本`, en: `Version ${String(row.version)} is now the main one` }));
    await Promise.all([reload(), queryClient.invalidateQueries({ queryKey: formQuery(id).queryKey })]);
  };

  return (
    <Flex vertical gap={16} data-testid="form-history">
      <Space>
        <span>
          {label({ zh: '表单', en: 'Form' })}: <b>{design.data?.name}</b> ({design.data?.formKey}) · {label({ zh: '主版本', en: 'Main version' })}{' '}
          <Tag color="blue" data-testid="form-history-main">
            {design.data?.version ? `V${design.data.version}` : '-'}
          </Tag>
        </span>
        <Permit code="wf_form_edit">
          <Button onClick={() => void navigate(formDesignerPath(id))} data-testid="form-history-design">
            {label({ zh: '设计', en: 'Design' })}
          </Button>
        </Permit>
        <Button onClick={() => void navigate(FORM_LIST_PATH)}>{label({ zh: '返回', en: 'Back' })}</Button>
      </Space>
      <CrudPage
        def={historyDef}
        fixed={fixed}
        viewButton={false}
        actionWidth={320}
        extraColumns={[
          {
            key: 'main',
            title: label({ zh: '主版本', en: 'Main' }),
            width: 80,
            render: (_, row) => (Number(row.version) === Number(design.data?.version) ? <Tag color="green">{label({ zh: '主版本', en: 'Main' })}</Tag> : null),
          },
        ]}
        rowActions={(row, ctx) => (
          <>
            <Button type="link" size="small" onClick={() => setPreviewing(row.id)} data-testid={`history-row-preview-${String(row.version)}`}>
              {label({ zh: '预览', en: 'Preview' })}
            </Button>
            <Permit code="wf_form_history_main">
              <Popconfirm
                title={label({ zh: `确定将 V${String(row.version)} 设为主版本?`, en: 'Make this the main version?' })}
                onConfirm={() => setMain(row, ctx.reload).catch(() => undefined /* the API client has shown the refusal */)}
                okButtonProps={{ 'data-testid': 'history-main-ok' } as Record<string, string>}
              >
                <Button
                  type="link"
                  size="small"
                  disabled={Number(row.version) === Number(design.data?.version)}
                  data-testid={`history-row-main-${String(row.version)}`}
                >
                  {label({ zh: '设为主版本', en: 'Make main' })}
                </Button>
              </Popconfirm>
            </Permit>
          </>
        )}
      />
      <VersionPreview id={previewing} onClose={() => setPreviewing(null)} />
    </Flex>
  );
}

/** A version's fields as the form would show them (read only). */
function VersionPreview({ id, onClose }: { id: string | null; onClose: () => void }) {
  const label = useLabel();
  const [form] = Form.useForm();
  const version = useQuery(formVersionQuery(id));
  const columns = useMemo(() => columnsOf(version.data?.content), [version.data?.content]);
  return (
    <Modal
      open={id !== null}
      onCancel={onClose}
      footer={null}
      title={label({ zh: `版本预览 V${version.data?.version ?? ''}`, en: `Version ${version.data?.version ?? ''}` })}
      destroyOnHidden
    >
      <div data-testid="history-preview">
        <DynamicForm columns={columns} form={form} place={{ readOnly: true }} columnsPerRow={1} testIdPrefix="history-preview" />
      </div>
    </Modal>
  );
}
