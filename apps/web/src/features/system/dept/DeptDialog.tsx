/** Add / edit / view of a department: the fields of deptEntity, with the parent as a tree select. */
import { deptEntity, type FieldDef } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Modal, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../../../app/api';
import type { DictItem } from '../../../app/dict';
import { useLabel } from '../../../app/i18n';
import { FieldControl, rules, toFormValues, toSubmitBody, type Row } from '../../../components/CrudPage/fields';
import { disableNodes, subtreeIds, type TreeNode } from './tree';

export const DEPT_API = deptEntity.api;
const ROOT = '0';

export type DeptDialogState = { mode: 'add'; parentId?: string } | { mode: 'edit' | 'view'; id: string };

interface SelectNode extends TreeNode {
  title: string;
  value: string;
  children?: SelectNode[];
}

interface Props {
  state: DeptDialogState | null;
  categories: DictItem[];
  onClose: () => void;
  onSaved: () => void;
}

const fields = (Object.entries(deptEntity.fields) as [string, FieldDef][]).filter(([name, f]) => f.form !== false && name !== 'parentId');

export function DeptDialog({ state, categories, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const open = state !== null;
  const id = state && state.mode !== 'add' ? state.id : null;
  const readOnly = state?.mode === 'view';

  const detail = useQuery({ queryKey: ['dept', 'detail', id], queryFn: () => get<Row>(`${DEPT_API}/detail`, { id }), enabled: id !== null, gcTime: 0 });
  const tree = useQuery({ queryKey: ['dept', 'tree'], queryFn: () => get<SelectNode[]>(`${DEPT_API}/tree`), enabled: open });
  // A dept may not move under itself or its own children.
  const parents = useMemo(() => (id ? disableNodes(tree.data ?? [], subtreeIds(tree.data ?? [], id)) : (tree.data ?? [])), [tree.data, id]);

  const loading = id !== null && detail.isPending;
  const record = detail.data;
  const presetParent = state?.mode === 'add' ? state.parentId : undefined;
  useEffect(() => {
    if (!open || loading) return;
    form.resetFields();
    if (record) form.setFieldsValue({ ...toFormValues(fields, record), parentId: record.parentId === ROOT ? undefined : record.parentId });
    else form.setFieldsValue({ parentId: presetParent, deptCategory: String(deptEntity.fields.deptCategory.default), sort: 0 });
  }, [open, loading, record, presetParent, form]);

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const body = { ...toSubmitBody(fields, values), parentId: (values.parentId as string | undefined) || ROOT, ...(id ? { id } : {}) };
      await post(`${DEPT_API}/submit`, body);
      void message.success(t(id ? 'crud.updated' : 'crud.added'));
      onSaved();
    } catch {
      // The API client has shown the server's message; the dialog stays open for a correction.
    } finally {
      setSaving(false);
    }
  };

  const title = state ? (state.mode === 'add' ? (state.parentId ? t('org.addChild') : t('crud.add')) : t(state.mode === 'edit' ? 'crud.edit' : 'crud.view')) : '';
  const parentLabel = label(deptEntity.fields.parentId.label);
  const footer = readOnly
    ? [<Button key="close" onClick={onClose}>{t('common.close')}</Button>]
    : [
        <Button key="cancel" onClick={onClose}>{t('common.cancel')}</Button>,
        <Button key="submit" type="primary" loading={saving} disabled={loading} onClick={() => form.submit()} data-testid="dept-form-submit">
          {t('common.save')}
        </Button>,
      ];

  return (
    <Modal open={open} title={title} width={640} onCancel={onClose} footer={footer} loading={loading} destroyOnHidden mask={{ closable: false }}>
      {!loading && (
        <Form form={form} labelCol={{ flex: '100px' }} disabled={readOnly} preserve={false} onFinish={submit} data-testid="dept-form">
          <Form.Item name="parentId" label={parentLabel}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              treeData={parents}
              placeholder={t('org.topLevel')}
              showSearch={{ treeNodeFilterProp: 'title' }}
              data-testid="dept-form-parentId"
            />
          </Form.Item>
          {fields.map(([name, field]) => {
            const text = label(field.label);
            return (
              <Form.Item key={name} name={name} label={text} rules={readOnly ? [] : rules(field, text, t)}>
                <FieldControl field={field} label={text} dict={name === 'deptCategory' ? categories : []} testId={`dept-form-${name}`} />
              </Form.Item>
            );
          })}
        </Form>
      )}
    </Modal>
  );
}
