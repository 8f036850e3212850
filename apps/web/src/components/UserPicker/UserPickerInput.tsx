/**
 * User-picker input (spec 2 section 2): shows the names of the users its value holds (their display names: the
 * real name, else nickname, else account, as the server answers them) and opens 人员选择
 * to change them. The value is the user id, or with `multiple` the ids joined by commas (as BladeX forms
 * keep them); names of held ids are looked up on the server.
 */
import { CloseCircleFilled, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import { useState } from 'react';
import { useLabel } from '../../app/i18n';
import { usersByIdsQuery } from './api';
import { UserPicker, type PickedUser, type UserPickerProps } from './UserPicker';

export interface UserPickerInputProps {
  value?: string | null;
  onChange?: (value: string | null, users: PickedUser[]) => void;
  multiple?: boolean;
  checkAccounts?: UserPickerProps['checkAccounts'];
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
}

const idsOf = (value: string | null | undefined) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

export function UserPickerInput({
  value,
  onChange,
  multiple = false,
  checkAccounts,
  disabled,
  placeholder,
  testId = 'user-picker-input',
}: UserPickerInputProps) {
  const label = useLabel();
  const [open, setOpen] = useState(false);
  const ids = idsOf(value);
  const held = useQuery(usersByIdsQuery(ids));
  const byId = new Map((held.data?.records ?? []).map((u) => [u.id, u]));
  const users = ids.map((id) => byId.get(id)).filter((u): u is PickedUser => !!u);
  const names = ids
    .map((id) => byId.get(id)?.displayName ?? (held.isFetching ? '' : id))
    .filter(Boolean)
    .join(', ');

  return (
    <>
      <Input
        data-testid={testId}
        readOnly
        disabled={disabled}
        value={ids.length ? names : ''}
        placeholder={placeholder ?? label({ zh: '请选择人员', en: 'Choose users' })}
        onClick={() => !disabled && setOpen(true)}
        prefix={<UserOutlined />}
        suffix={
          ids.length > 0 && !disabled ? (
            <CloseCircleFilled
              data-testid={`${testId}-clear`}
              style={{ color: 'rgba(0,0,0,0.25)', cursor: 'pointer' }}
              onClick={(e) => {
                e.stopPropagation();
                onChange?.(null, []);
              }}
            />
          ) : (
            <span />
          )
        }
        style={{ cursor: disabled ? undefined : 'pointer' }}
      />
      <UserPicker
        open={open}
        multiple={multiple}
        initial={users}
        checkAccounts={checkAccounts}
        onClose={() => setOpen(false)}
        onConfirm={(chosen) => {
          setOpen(false);
          onChange?.(chosen.map((u) => u.id).join(',') || null, chosen);
        }}
      />
    </>
  );
}
