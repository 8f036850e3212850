/**
 * Pickers of a process category (流程分类): a tree select of the enabled categories, and the 变更分类 dialog the
 * form, model and deployment lists share.
 */
import { Form, Modal, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useLabel } from '../../../../app/i18n';
import { useCategoryTree } from '../../api';

export interface CategoryTreeSelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  testId?: string;
  allowClear?: boolean;
}

export function CategoryTreeSelect({ value, onChange, disabled, testId = 'category-select', allowClear = true }: CategoryTreeSelectProps) {
  const label = useLabel();
  const tree = useCategoryTree();
  return (
    <TreeSelect
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      disabled={disabled}
      allowClear={allowClear}
      treeData={tree}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={label({ zh: '请选择流程分类', en: 'Choose a category' })}
      data-testid={testId}
    />
  );
}

/** 变更分类: picks a category for the given records and hands it to `onOk` (which calls the server). */
export function ChangeCategoryDialog({
  open,
  initial,
  onOk,
  onClose,
}: {
  open: boolean;
  initial?: string | null;
  onOk: (categoryId: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const label = useLabel();
  const [form] = Form.useForm<{ categoryId: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue({ categoryId: initial ?? undefined });
  }, [open, initial, form]);
  const submit = async () => {
    const { categoryId } = await form.validateFields();
    setSaving(true);
    try {
      await onOk(categoryId);
      onClose();
    } catch {
      // The API client has shown the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={label({ zh: '变更分类', en: 'Change category' })}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'change-category-ok' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="categoryId"
          label={label({ zh: '流程分类', en: 'Category' })}
          rules={[{ required: true, message: label({ zh: '请选择流程分类', en: 'Choose a category' }) }]}
        >
          <CategoryTreeSelect allowClear={false} testId="change-category-select" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
