/**
 * The reference kinds of the archive area as form and search controls: `archives` (a borrowing's archive: a select
 * of the archived archives in the store, searched by name) and `archives_template` (a record column's template).
 */
import { archivesEntity, archivesTemplateEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { queryKeys } from '../../app/queryKeys';
import { registerRefControl, type RefControlProps } from '../../components/RefControl';
import { borrowableArchives, templateOptions } from './api';

export function ArchiveSelect({ value, onChange, disabled, testId, name, search }: RefControlProps) {
  const [text, setText] = useState('');
  const list = useQuery({
    queryKey: queryKeys.entity(archivesEntity.api).options(`borrowable:${text}`),
    queryFn: ({ signal }) => borrowableArchives(text, signal),
    staleTime: 10_000,
    retry: false,
  });
  const options = (list.data?.records ?? []).map((a) => ({ value: String(a.id), label: `${a.archiveName}(${a.archiveNum ?? ''})` }));
  if (value && name && !options.some((o) => o.value === value)) options.unshift({ value, label: name });
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      onSearch={setText}
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      disabled={disabled}
      data-testid={testId}
      style={search ? { width: 200 } : undefined}
      loading={list.isPending}
      options={options}
    />
  );
}

export function ArchiveTemplateSelect({ value, onChange, disabled, testId, search }: RefControlProps) {
  const list = useQuery({
    queryKey: queryKeys.entity(archivesTemplateEntity.api).options('select'),
    queryFn: ({ signal }) => templateOptions(signal),
    staleTime: 60_000,
    retry: false,
  });
  return (
    <Select
      allowClear
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      disabled={disabled}
      data-testid={testId}
      style={search ? { width: 180 } : undefined}
      loading={list.isPending}
      options={(list.data ?? []).map((t) => ({ value: String(t.value), label: t.label }))}
    />
  );
}

registerRefControl('archives', (props) => <ArchiveSelect {...props} />);
registerRefControl('archives_template', (props) => <ArchiveTemplateSelect {...props} />);
