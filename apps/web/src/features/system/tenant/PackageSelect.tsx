/** A tenant package picker (the platform has a handful of packages; the first 100 are offered). */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useLabel } from '../../../app/i18n';
import { packageOptionsQuery } from '../api';

interface Props {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  testId?: string;
}

export function PackageSelect({ value, onChange, disabled, testId = 'package-select' }: Props) {
  const label = useLabel();
  const packages = useQuery(packageOptionsQuery());
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
