/** 菜单配置 of a top menu: the menu tree (checkable), saved with topmenu/grant. */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Spin, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { grantedKeys, grantedLeaves } from '../../../components/CrudPage/tree';
import { grantTopMenu, topMenuGrantTreeQuery, topMenuKeysQuery } from '../api';

interface Props {
  /** The top menu being configured; null when closed. */
  topMenuId: string | null;
  onClose: () => void;
}

export function TopMenuGrantDialog({ topMenuId, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = topMenuId !== null;
  const tree = useQuery({ ...topMenuGrantTreeQuery(), enabled: open });
  const keys = useQuery({ ...topMenuKeysQuery(topMenuId), enabled: open });
  // What the user has ticked since the dialog opened; until then, what the server holds.
  const [edited, setEdited] = useState<{ checked: string[]; half: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const loading = tree.isPending || keys.isPending;
  const checked = edited?.checked ?? grantedLeaves(tree.data ?? [], keys.data ?? []);

  const close = () => {
    setEdited(null);
    onClose();
  };

  const save = async () => {
    if (!topMenuId) return;
    setSaving(true);
    try {
      // Untouched, the server's keys go back as they are.
      const menuIds = edited ? grantedKeys(edited.checked, edited.half) : (keys.data ?? []);
      await grantTopMenu(topMenuId, menuIds);
      void message.success(t('org.granted'));
      close();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('org.menuSettingTitle')}
      width={420}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} disabled={loading} onClick={save} data-testid="topmenu-grant-submit">
          {t('common.ok')}
        </Button>,
      ]}
    >
      {loading ? (
        <Spin />
      ) : (
        <div style={{ maxHeight: 480, overflow: 'auto' }} data-testid="topmenu-grant-tree">
          <Tree
            checkable
            defaultExpandAll
            treeData={tree.data}
            checkedKeys={checked}
            onCheck={(value, info) => {
              const list = Array.isArray(value) ? value : value.checked;
              setEdited({ checked: list.map(String), half: (info.halfCheckedKeys ?? []).map(String) });
            }}
          />
        </div>
      )}
    </Modal>
  );
}
