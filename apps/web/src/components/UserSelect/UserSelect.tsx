/**
 * A single user chosen by typing part of a real name: the server searches (`/api/blade-user/search/user`,
 * 20 at a time), nothing loads the whole user table. The value is the user id; the name of a value the form
 * already holds is looked up by id.
 */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { get } from '../../app/api';
import { useLabel } from '../../app/i18n';

interface UserOption {
  id: string;
  realName: string;
  deptName?: string;
  postName?: string;
}

interface Page<T> {
  records: T[];
}

const SEARCH = '/api/blade-user/search/user';

export interface UserSelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  testId?: string;
  disabled?: boolean;
}

const optionOf = (u: UserOption) => ({ value: u.id, label: [u.realName, u.deptName].filter(Boolean).join(' · ') });

export function UserSelect({ value, onChange, testId, disabled }: UserSelectProps) {
  const label = useLabel();
  const [typed, setTyped] = useState('');
  const realName = useDeferredValue(typed.trim());
  const found = useQuery({
    queryKey: ['user-select', 'search', realName],
    queryFn: ({ signal }) => get<Page<UserOption>>(SEARCH, { realName, size: 20 }, { signal }),
  });
  const held = useQuery({
    queryKey: ['user-select', 'ids', value],
    queryFn: ({ signal }) => get<Page<UserOption>>(SEARCH, { ids: value!, size: 1 }, { signal }),
    enabled: !!value,
    staleTime: 60_000,
  });
  const options = [...(held.data?.records ?? []), ...(found.data?.records ?? []).filter((u) => u.id !== value)].map(optionOf);
  return (
    <Select
      data-testid={testId}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      disabled={disabled}
      value={value || undefined}
      onChange={(v) => onChange?.((v as string | undefined) ?? null)}
      options={options}
      loading={found.isFetching}
      placeholder={label({ zh: '输入姓名搜索人员', en: 'Type a name to search' })}
      notFoundContent={found.isFetching ? null : label({ zh: '没有找到人员', en: 'No one found' })}
    />
  );
}
