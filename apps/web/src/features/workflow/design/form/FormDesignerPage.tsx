/**
 * /workflow/design/form/designer/:id (表单设计器): the fields of one form design — add, edit in a side form,
 * remove, drag (or 上移 / 下移) to order — beside a live preview rendered by the shared DynamicForm with the
 * rules the process screens use (校验预览 fires them). 保存 sends the list to the server, which checks it
 * (parseFormColumns, its message shown) and writes a new history version with the optional note.
 */
import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { wfFormEntity, type FormColumn } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Empty, Flex, Form, Input, Row, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLabel } from '../../../../app/i18n';
import { formQuery, saveForm } from '../api';
import { DynamicForm } from '../../../../components/DynamicForm';
import { ColumnDialog } from './ColumnDialog';
import { columnsOf } from './columns';
import { FieldTable } from './FieldTable';
import { FORM_LIST_PATH, formHistoryPath } from './paths';
import { RequirePermission } from './RequirePermission';

export default function FormDesignerPage() {
  return (
    <RequirePermission code="wf_form_edit">
      <FormDesigner />
    </RequirePermission>
  );
}

function FormDesigner() {
  const { id = '' } = useParams();
  const label = useLabel();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const design = useQuery({ ...formQuery(id), gcTime: 0 });
  // The list being edited; null until the user changes it (until then it is the stored one).
  const [edited, setEdited] = useState<FormColumn[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [preview] = Form.useForm();
  const stored = useMemo(() => columnsOf(design.data?.content), [design.data?.content]);
  const columns = edited ?? stored;

  const save = async () => {
    setSaving(true);
    try {
      await saveForm({ id, content: columns, versionRemark: note.trim() || undefined });
      const fresh = await queryClient.fetchQuery({ ...formQuery(id), staleTime: 0 });
      setEdited(null);
      setNote('');
      void message.success(label({ zh: `保存成功,当前版本 V${fresh.version ?? ''}`, en: `Saved as version ${fresh.version ?? ''}` }));
    } catch {
      // The API client has shown the server's message (e.g. the field the rule names); the edits stay.
    } finally {
      setSaving(false);
    }
  };

  const d = design.data;
  return (
    <Flex vertical gap={16} data-testid="form-designer">
      <Card loading={design.isPending}>
        <Flex vertical gap={12}>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
            <Descriptions.Item label={label(wfFormEntity.fields.name.label)}>{d?.name}</Descriptions.Item>
            <Descriptions.Item label={label(wfFormEntity.fields.formKey.label)}>{d?.formKey}</Descriptions.Item>
            <Descriptions.Item label={label(wfFormEntity.fields.categoryId.label)}>{d?.categoryName}</Descriptions.Item>
            <Descriptions.Item label={label({ zh: '主版本', en: 'Main version' })}>
              <span data-testid="form-designer-version">{d?.version ? `V${d.version}` : '-'}</span>
              {edited && (
                <Tag color="orange" style={{ marginLeft: 8 }}>
                  {label({ zh: '未保存', en: 'Unsaved' })}
                </Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
          <Space wrap>
            <Input
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={255}
              placeholder={label({ zh: '版本说明(可选)', en: 'Version note (optional)' })}
              style={{ width: 220 }}
              data-testid="form-designer-note"
            />
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="form-designer-save">
              {label({ zh: '保存', en: 'Save' })}
            </Button>
            <Button onClick={() => void navigate(formHistoryPath(id))} data-testid="form-designer-history">
              {label({ zh: '历史版本', en: 'Versions' })}
            </Button>
            <Button onClick={() => void navigate(FORM_LIST_PATH)}>{label({ zh: '返回', en: 'Back' })}</Button>
          </Space>
        </Flex>
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Card
            title={label({ zh: '表单字段', en: 'Fields' })}
            extra={
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(-1)} data-testid="field-add">
                {label({ zh: '新增字段', en: 'Add field' })}
              </Button>
            }
          >
            <FieldTable columns={columns} onChange={setEdited} onEdit={setEditing} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            title={label({ zh: '实时预览', en: 'Live preview' })}
            extra={
              <Button onClick={() => void preview.validateFields().catch(() => undefined)} data-testid="preview-validate">
                {label({ zh: '校验预览', en: 'Check' })}
              </Button>
            }
            data-testid="form-preview"
          >
            {columns.length ? (
              <DynamicForm columns={columns} form={preview} columnsPerRow={1} testIdPrefix="preview" />
            ) : (
              <Empty description={label({ zh: '暂无字段', en: 'No fields' })} />
            )}
          </Card>
        </Col>
      </Row>
      <ColumnDialog
        columns={columns}
        index={editing}
        onClose={() => setEditing(null)}
        onDone={(next) => {
          setEdited(next);
          setEditing(null);
        }}
      />
    </Flex>
  );
}
