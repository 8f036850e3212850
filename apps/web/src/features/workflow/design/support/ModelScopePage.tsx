/**
 * /workflow/design/model-scope: who may start a model (模型权限) — a model and, by type, users (人员选择), roles,
 * departments or posts (trees). A model without any row may be started by everyone.
 */
import { WF_SCOPE_TYPE, wfModelScopeEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, TreeSelect } from 'antd';
import { useLabel } from '../../../../app/i18n';
import { modelOptionsQuery } from '../api';
import { CrudPage } from '../../../../components/CrudPage';
import { UserPickerInput } from '../../../../components/UserPicker';
import { useDeptTree, usePostOptions, useRoleTree } from '../../../../components/OrgSelect';

const idsOf = (value: string | null | undefined) => (value ? value.split(',').filter(Boolean) : []);

/** The models of the tenant to pick from (a tenant has tens of models, not thousands). */
function ModelSelect({ value, onChange, disabled }: { value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const models = useQuery(modelOptionsQuery());
  return (
    <Select
      value={value}
      onChange={onChange}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      loading={models.isFetching}
      options={(models.data?.records ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.modelKey})` }))}
      data-testid="crud-form-modelId"
    />
  );
}

/** scopeValue: comma-joined ids of the kind the row's 权限类型 names. */
function ScopeValueInput({ value, onChange, disabled }: { value?: string | null; onChange?: (v: string | null) => void; disabled?: boolean }) {
  const form = Form.useFormInstance();
  const type = Number(Form.useWatch('scopeType', form));
  const roles = useRoleTree(type === WF_SCOPE_TYPE.role);
  const depts = useDeptTree(type === WF_SCOPE_TYPE.dept);
  const posts = usePostOptions(type === WF_SCOPE_TYPE.post);
  if (type === WF_SCOPE_TYPE.user)
    return <UserPickerInput multiple value={value} onChange={(v) => onChange?.(v)} disabled={disabled} testId="crud-form-scopeValue" />;
  const tree = type === WF_SCOPE_TYPE.role ? roles : type === WF_SCOPE_TYPE.dept ? depts : type === WF_SCOPE_TYPE.post ? posts : [];
  return (
    <TreeSelect
      multiple
      treeDefaultExpandAll
      disabled={disabled || !type}
      treeData={tree}
      value={idsOf(value)}
      onChange={(picked: string[]) => onChange?.(picked.join(',') || null)}
      showSearch={{ treeNodeFilterProp: 'title' }}
      data-testid="crud-form-scopeValue"
    />
  );
}

export default function ModelScopePage() {
  const label = useLabel();
  return (
    <CrudPage
      def={wfModelScopeEntity}
      controls={{ modelId: <ModelSelect />, scopeValue: <ScopeValueInput /> }}
      extraColumns={[
        { title: label({ zh: '流程模型', en: 'Model' }), dataIndex: 'modelName', key: 'modelName', width: 160 },
        { title: label(wfModelScopeEntity.fields.scopeValue.label), dataIndex: 'scopeText', key: 'scopeText', ellipsis: true },
      ]}
    />
  );
}
