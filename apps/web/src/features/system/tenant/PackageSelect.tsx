/** A tenant package picker (the platform has a handful of packages; the first 100 are offered). */
import type { Page } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { get } from '../../../app/api';
import { useLabel } from '../../../app/i18n';

interface Props {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  testId?: string;
}

export function PackageSelect({ value, onChange, disabled, testId = 'package-select' }: Props) {
  const label = useLabel();
  const packages = useQuery({
    queryKey: ['crud', '/api/blade-system/tenant-package', 'options'],
    queryFn: () => get<Page<{ id: string; packageName: string }>>('/api/blade-system/tenant-package/list', { current: 1, size: 100 }),
  });
  return (
    <Select
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      disabled={disabled}
      allowClear
      loading={packages.isPending}
      placeholder={label({ zh: '请选择产品包(不选则不限制菜单)', en: 'Package (none: every menu)' })}
      options={(packages.data?.records ?? []).map((p) => ({ value: p.id, label: p.packageName }))}
      data-testid={testId}
    />
  );
}
