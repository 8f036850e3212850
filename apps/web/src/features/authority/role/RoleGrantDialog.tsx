/**
 * 权限设置 of a role: three checkable trees from menu/grant-tree (菜单权限, 数据权限, 接口权限), checked from
 * menu/role-tree-keys, saved together with role/grant. Menus are saved with their half-checked parents (the
 * server keeps parents); scopes are the leaves of their trees (the menus above them only group them).
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Spin, Tabs, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { grantedKeys, grantedLeaves, type GrantNode } from '../../../components/CrudPage/tree';
import { grantRole, grantTreeQuery, roleGrantKeysQuery, type GrantKind as Kind, type GrantTree } from '../api';

export type { GrantTree };
const KINDS: Kind[] = ['menu', 'dataScope', 'apiScope'];

/** Keys of the leaves of a tree (scopes hang under menus as leaves). */
function leafKeys(nodes: readonly GrantNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly GrantNode[]) => {
    for (const n of list) {
      if (n.children?.length) walk(n.children);
      else out.add(n.key);
    }
  };
  walk(nodes);
  return out;
}

interface Props {
  /** The roles being granted (one row's id); null when closed. */
  roleIds: string[] | null;
  onClose: () => void;
}

export function RoleGrantDialog({ roleIds, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = roleIds !== null;
  const tree = useQuery({ ...grantTreeQuery(), enabled: open });
  const keys = useQuery({ ...roleGrantKeysQuery(roleIds ?? []), enabled: open });
  // What the user has ticked since the dialog opened, per tree; until then, what the server holds.
  const [edited, setEdited] = useState<Partial<Record<Kind, { checked: string[]; half: string[] }>>>({});
  const [saving, setSaving] = useState(false);
  const loading = tree.isPending || keys.isPending;

  const checkedOf = (kind: Kind) => edited[kind]?.checked ?? grantedLeaves(tree.data?.[kind] ?? [], keys.data?.[kind] ?? []);

  const close = () => {
    setEdited({});
    onClose();
  };

  const save = async () => {
    if (!roleIds || !tree.data) return;
    setSaving(true);
    try {
      const menuIds = edited.menu ? grantedKeys(edited.menu.checked, edited.menu.half) : (keys.data?.menu ?? []);
      const scopes = (kind: 'dataScope' | 'apiScope') => {
        const leaves = leafKeys(tree.data[kind]);
        return (edited[kind]?.checked ?? keys.data?.[kind] ?? []).filter((k) => leaves.has(k));
      };
      await grantRole({ roleIds, menuIds, dataScopeIds: scopes('dataScope'), apiScopeIds: scopes('apiScope') });
      void message.success(t('authority.saved'));
      close();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  const label: Record<Kind, string> = { menu: t('authority.menuGrant'), dataScope: t('authority.dataScopeGrant'), apiScope: t('authority.apiScopeGrant') };

  return (
    <Modal
      open={open}
      title={t('authority.grantTitle')}
      width={520}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={close} data-testid="role-grant-cancel">
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} disabled={loading} onClick={save} data-testid="role-grant-submit">
          {t('common.ok')}
        </Button>,
      ]}
    >
      {loading ? (
        <Spin />
      ) : (
        <Tabs
          data-testid="role-grant-tabs"
          items={KINDS.map((kind) => ({
            key: kind,
            label: <span data-testid={`role-grant-tab-${kind}`}>{label[kind]}</span>,
            children: (
              <div style={{ maxHeight: 440, overflow: 'auto' }} data-testid={`role-grant-tree-${kind}`}>
                <Tree
                  checkable
                  defaultExpandAll
                  treeData={tree.data?.[kind] ?? []}
                  checkedKeys={checkedOf(kind)}
                  onCheck={(value, info) => {
                    const list = Array.isArray(value) ? value : value.checked;
                    setEdited((e) => ({ ...e, [kind]: { checked: list.map(String), half: (info.halfCheckedKeys ?? []).map(String) } }));
                  }}
                />
              </div>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
