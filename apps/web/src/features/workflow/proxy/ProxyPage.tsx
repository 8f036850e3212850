/**
 * /workflow/ops/proxy: out-of-office proxies (流程代理) — who (被代理人) hands the new tasks to whom (代理人), for
 * one process (a deployed process key; empty: every process), permanently or within a time window (the times
 * are asked for only then; the server checks them).
 */
import { WF_PROXY_TYPE, wfProxyEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, DatePicker, Form, type DatePickerProps } from 'antd';
import { useLabel } from '../../../app/i18n';
import { CrudPage } from '../../../components/CrudPage';
import { UserPickerInput } from '../../../components/UserPicker';
import { deployedKeysQuery } from '../api';

/** The deployed process keys to pick from (free text stays possible: a key may be deployed later). */
function ProcessKeyInput({ value, onChange, disabled }: { value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const label = useLabel();
  const defs = useQuery(deployedKeysQuery());
  const keys = new Map<string, string>();
  for (const d of defs.data?.records ?? []) if (!keys.has(d.key)) keys.set(d.key, d.name);
  return (
    <AutoComplete
      value={value}
      onChange={onChange}
      disabled={disabled}
      allowClear
      options={[...keys].map(([key, name]) => ({ value: key, label: `${name} (${key})` }))}
      filterOption={(input, option) =>
        String(option?.label ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      placeholder={label({ zh: '不选则代理全部流程', en: 'Empty: every process' })}
      data-testid="crud-form-processDefKey"
    />
  );
}

/** Start / end of the window: asked for only when the type is 时间段. */
function WindowTimePicker({ disabled, ...rest }: DatePickerProps) {
  const label = useLabel();
  const type = Number(Form.useWatch('type', Form.useFormInstance()));
  const permanent = type !== WF_PROXY_TYPE.window;
  return (
    <DatePicker
      {...rest}
      showTime
      disabled={disabled || permanent}
      placeholder={permanent ? label({ zh: '永久代理无需填写', en: 'Not needed' }) : undefined}
      style={{ width: '100%' }}
    />
  );
}

export default function ProxyPage() {
  const label = useLabel();
  return (
    <CrudPage
      def={wfProxyEntity}
      controls={{
        userId: <UserPickerInput testId="crud-form-userId" />,
        proxyUserId: <UserPickerInput testId="crud-form-proxyUserId" />,
        processDefKey: <ProcessKeyInput />,
        startTime: <WindowTimePicker data-testid="crud-form-startTime" />,
        endTime: <WindowTimePicker data-testid="crud-form-endTime" />,
      }}
      extraColumns={[
        { title: label(wfProxyEntity.fields.userId.label), dataIndex: 'userName', key: 'userName', width: 120 },
        { title: label(wfProxyEntity.fields.proxyUserId.label), dataIndex: 'proxyUserName', key: 'proxyUserName', width: 120 },
      ]}
    />
  );
}
