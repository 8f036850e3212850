/**
 * The `password` reference kind (a use request's `passwordId`): a select of the vault entries one may ask to use
 * (platform and account; never anything secret), registered as the kind's control.
 */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { registerRefControl, type RefControlProps } from '../../components/RefControl';
import { vaultOptionsQuery } from './api';

export function PasswordSelect({ value, onChange, disabled, testId, search, name }: RefControlProps) {
  const list = useQuery(vaultOptionsQuery());
  const options = (list.data ?? []).map((o) => ({ value: String(o.id), label: o.account ? `${o.platform}(${o.account})` : o.platform }));
  if (value && name && !options.some((o) => o.value === value)) options.push({ value, label: name });
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      disabled={disabled}
      data-testid={testId}
      style={search ? { width: 180 } : undefined}
      loading={list.isPending}
      options={options}
    />
  );
}

registerRefControl('password', (props) => <PasswordSelect {...props} />);
