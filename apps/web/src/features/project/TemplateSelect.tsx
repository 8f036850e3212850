/**
 * The `task_template` reference kind (projectEntity.templateId): a select of the tenant's task templates
 * (hjlTaskTemplate/list), registered as the kind's control so the project form and search offer it.
 */
import { taskTemplateEntity, type Page } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { get } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import { registerRefControl, type RefControlProps } from '../../components/RefControl';
import { TEMPLATE_LIST_URL } from './api';

const templatesQuery = () => ({
  queryKey: queryKeys.entity(taskTemplateEntity.api).options('select'),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    get<Page<{ id: string; templateName: string }>>(TEMPLATE_LIST_URL, { current: 1, size: 100 }, { signal, silent: true }),
  staleTime: 60_000,
  retry: false,
});

export function TemplateSelect({ value, onChange, disabled, testId, search }: RefControlProps) {
  const list = useQuery(templatesQuery());
  return (
    <Select
      allowClear
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      disabled={disabled}
      data-testid={testId}
      style={search ? { width: 180 } : undefined}
      loading={list.isPending}
      options={(list.data?.records ?? []).map((t) => ({ value: String(t.id), label: t.templateName }))}
    />
  );
}

registerRefControl('task_template', (props) => <TemplateSelect {...props} />);
