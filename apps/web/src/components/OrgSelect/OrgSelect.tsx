/** Form controls choosing from the organisation: a department (tree), a post, a role (tree). Form.Item injects value and onChange. */
import { Select, TreeSelect } from 'antd';
import { useLabel } from '../../app/i18n';
import { useDeptTree, usePostOptions, useRoleTree } from './api';

export interface OrgSelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  testId?: string;
  /** Search forms: a fixed width. */
  width?: number;
}

export function DeptTreeSelect({ value, onChange, disabled, testId, width }: OrgSelectProps) {
  const label = useLabel();
  const tree = useDeptTree();
  return (
    <TreeSelect
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      disabled={disabled}
      allowClear
      treeData={tree}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={label({ zh: '请选择所属部门', en: 'Department' })}
      style={{ width: width ?? '100%' }}
      data-testid={testId}
    />
  );
}

export function RoleTreeSelect({ value, onChange, disabled, testId, width }: OrgSelectProps) {
  const label = useLabel();
  const tree = useRoleTree();
  return (
    <TreeSelect
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      disabled={disabled}
      allowClear
      treeData={tree}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={label({ zh: '请选择所属角色', en: 'Role' })}
      style={{ width: width ?? '100%' }}
      data-testid={testId}
    />
  );
}

export function PostSelect({ value, onChange, disabled, testId, width }: OrgSelectProps) {
  const label = useLabel();
  const posts = usePostOptions();
  return (
    <Select
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      disabled={disabled}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={posts.map((p) => ({ value: p.value, label: p.title }))}
      placeholder={label({ zh: '请选择所属岗位', en: 'Post' })}
      style={{ width: width ?? '100%' }}
      data-testid={testId}
    />
  );
}
