/**
 * 人员选择 (spec 1 sections 2, 5, 8 and 9): search by name, department and position over the server-paged
 * `/api/blade-user/search/user` (15 per page; 10, 15, 20, 50, 100, 200), columns realName, deptName,
 * postName, several rows (or one with `multiple={false}`). Confirming with nothing chosen warns
 * 请选择至少一条数据; with `checkAccounts` every chosen user must have maintained accounts
 * (请选择已维护账户信息的用户!). The choice survives paging and searching.
 */
import { App, Form, Input, Modal, Table, Tag, type ButtonProps, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchActions } from '../CrudPage/SearchActions';
import type { Query } from '../../app/api';
import { useLabel } from '../../app/i18n';
import { useList } from '../CrudPage/useList';
import { userSearchList, type PickedUser } from './api';

export const USER_PICKER_SIZES = [10, 15, 20, 50, 100, 200] as const;
export const USER_PICKER_SIZE = 15;
export const NO_ROW_CHOSEN = '请选择至少一条数据';
export const NO_ACCOUNT = '请选择已维护账户信息的用户!';

export type { PickedUser };

export interface UserPickerProps {
  open: boolean;
  /** Several users (default) or one. */
  multiple?: boolean;
  /** Users chosen when the dialog opens. */
  initial?: PickedUser[];
  /**
   * Account validation: whether every chosen user has maintained accounts (finance pages, once user
   * accounts exist). When it answers false the choice is refused with 请选择已维护账户信息的用户!.
   */
  checkAccounts?: (users: PickedUser[]) => boolean | Promise<boolean>;
  onConfirm: (users: PickedUser[]) => void;
  onClose: () => void;
}

interface Filters {
  realName?: string;
  deptName?: string;
  postName?: string;
}

export function UserPicker({ open, multiple = true, initial = [], checkAccounts, onConfirm, onClose }: UserPickerProps) {
  const label = useLabel();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const [chosen, setChosen] = useState<Map<string, PickedUser>>(() => new Map(initial.map((u) => [u.id, u])));
  const [checking, setChecking] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  // Each opening starts from the value the caller holds.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setChosen(new Map(initial.map((u) => [u.id, u])));
  }

  const {
    list,
    rows,
    search: searchUsers,
    setAnchor,
    pagination,
  } = useList(userSearchList, { sizes: USER_PICKER_SIZES, size: USER_PICKER_SIZE, enabled: open });

  const search = (values: Filters) => {
    const next: Query = {};
    for (const [k, v] of Object.entries(values)) if (typeof v === 'string' && v.trim()) next[k] = v.trim();
    searchUsers(next);
  };

  const confirm = async () => {
    const users = [...chosen.values()];
    if (!users.length) return void message.warning(NO_ROW_CHOSEN);
    if (checkAccounts) {
      setChecking(true);
      try {
        if (!(await checkAccounts(users))) return void message.warning(NO_ACCOUNT);
      } finally {
        setChecking(false);
      }
    }
    onConfirm(users);
  };

  const select = (keys: React.Key[]) => {
    const next = multiple ? new Map(chosen) : new Map<string, PickedUser>();
    // Rows of this page: add the ticked ones, drop the unticked ones; other pages keep their choice.
    for (const r of rows) if (!keys.includes(r.id)) next.delete(r.id);
    for (const r of rows) if (keys.includes(r.id)) next.set(r.id, r);
    setChosen(next);
  };

  const columns: TableColumnsType<PickedUser> = [
    { key: 'realName', dataIndex: 'realName', title: label({ zh: '姓名', en: 'Name' }) },
    { key: 'deptName', dataIndex: 'deptName', title: label({ zh: '所属部门', en: 'Department' }) },
    { key: 'postName', dataIndex: 'postName', title: label({ zh: '所属岗位', en: 'Position' }) },
  ];

  return (
    <Modal
      open={open}
      title={label({ zh: '人员选择', en: 'Choose users' })}
      width={860}
      onCancel={onClose}
      onOk={() => void confirm()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: checking, 'data-testid': 'user-picker-confirm' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="inline" onFinish={search} style={{ rowGap: 12, marginBottom: 12 }}>
        <Form.Item name="realName" label={label({ zh: '姓名', en: 'Name' })}>
          <Input allowClear data-testid="user-picker-realName" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="deptName" label={label({ zh: '部门', en: 'Department' })}>
          <Input allowClear data-testid="user-picker-deptName" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="postName" label={label({ zh: '职位', en: 'Position' })}>
          <Input allowClear data-testid="user-picker-postName" style={{ width: 140 }} />
        </Form.Item>
        <SearchActions form={form} onReset={() => search({})} testId="user-picker-search" />
      </Form>
      {chosen.size > 0 && (
        <div data-testid="user-picker-chosen" style={{ marginBottom: 8 }}>
          {[...chosen.values()].map((u) => (
            <Tag
              key={u.id}
              closable
              onClose={() =>
                setChosen((m) => {
                  const next = new Map(m);
                  next.delete(u.id);
                  return next;
                })
              }
            >
              {u.realName}
            </Tag>
          ))}
        </div>
      )}
      <div ref={setAnchor} data-testid="user-picker-table">
        <Table<PickedUser>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys: [...chosen.keys()],
            onChange: select,
            preserveSelectedRowKeys: true,
          }}
          onRow={(row) => ({
            onClick: () => select(multiple ? (chosen.has(row.id) ? [...chosen.keys()].filter((k) => k !== row.id) : [...chosen.keys(), row.id]) : [row.id]),
          })}
          pagination={pagination}
        />
      </div>
    </Modal>
  );
}
