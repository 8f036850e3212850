/**
 * 上传部署: one or more .bpmn / .xml files deployed with a category (multipart to manager/deploy-upload); the
 * platform administrator may deploy to other tenants too (tenantIds). The engine's refusal names the element.
 */
import { InboxOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useLabel } from '../../../app/i18n';
import { CategoryTreeSelect } from '../design/support/CategoryTreeSelect';
import { deployTenantsQuery, deployUpload } from '../api';

const ACCEPT = /\.(bpmn|xml)$/i;

export function UploadDialog({ open, platformAdmin, onClose, onDone }: { open: boolean; platformAdmin: boolean; onClose: () => void; onDone: () => void }) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ category?: string; tenantIds?: string[] }>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [saving, setSaving] = useState(false);
  const tenants = useQuery({ ...deployTenantsQuery(), enabled: open && platformAdmin });

  const close = () => {
    setFiles([]);
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    const values = await form.validateFields();
    if (!files.length) {
      void message.warning(label({ zh: '请选择要部署的 .bpmn 或 .xml 文件', en: 'Choose .bpmn or .xml files' }));
      return;
    }
    const body = new FormData();
    if (values.category) body.append('category', values.category);
    if (values.tenantIds?.length) body.append('tenantIds', values.tenantIds.join(','));
    for (const f of files) body.append('file', f.originFileObj as File, f.name);
    setSaving(true);
    try {
      await deployUpload(body);
      void message.success(label({ zh: '部署成功', en: 'Deployed' }));
      setFiles([]);
      form.resetFields();
      onDone();
    } catch {
      // The API client has shown the server's message (e.g. what the engine refused); the dialog stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={label({ zh: '上传部署', en: 'Upload and deploy' })}
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'upload-ok' } as Record<string, string>}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="category"
          label={label({ zh: '流程分类', en: 'Category' })}
          rules={[{ required: true, message: label({ zh: '请选择流程分类', en: 'Choose a category' }) }]}
        >
          <CategoryTreeSelect testId="upload-category" />
        </Form.Item>
        {platformAdmin && (
          <Form.Item
            name="tenantIds"
            label={label({ zh: '部署到租户', en: 'Tenants' })}
            extra={label({ zh: '不选则部署到当前租户', en: 'Empty: the current tenant' })}
          >
            <Select
              mode="multiple"
              allowClear
              loading={tenants.isFetching}
              options={(tenants.data?.records ?? []).map((t) => ({ value: t.tenantId, label: `${t.tenantName} (${t.tenantId})` }))}
              data-testid="upload-tenants"
            />
          </Form.Item>
        )}
        <Form.Item label={label({ zh: '流程文件', en: 'Files' })} required>
          <Upload.Dragger
            multiple
            accept=".bpmn,.xml"
            fileList={files}
            beforeUpload={(file) => {
              if (!ACCEPT.test(file.name)) {
                void message.error(label({ zh: `不支持的文件类型: ${file.name},请上传 .bpmn 或 .xml 文件`, en: `Not a .bpmn or .xml file: ${file.name}` }));
                return Upload.LIST_IGNORE;
              }
              setFiles((list) => [...list, { uid: file.uid, name: file.name, originFileObj: file }]);
              return false;
            }}
            onRemove={(file) => setFiles((list) => list.filter((f) => f.uid !== file.uid))}
            data-testid="upload-files"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{label({ zh: '点击或拖拽 .bpmn / .xml 文件到此处', en: 'Click or drop .bpmn / .xml files here' })}</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
    </Modal>
  );
}
