/**
 * Home shortcut blocks (spec 2 section 2): the pages the user pinned (GET /api/business/userMenu/list),
 * edited in a dialog listing the user's menu pages (POST /api/business/userMenu/update).
 */
import { MAX_SHORTCUTS } from '@hjl/core';
import { AppstoreOutlined, EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Empty, Flex, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { indexMenus, shownMenus, useHasPage, useMenuName } from '../../app/layout/menus';
import { MenuIcon } from '../../app/layout/menuIcons';
import { useSession } from '../../app/session';
import { queryKeys } from '../../app/queryKeys';
import { saveShortcuts, shortcutsQuery } from './api';
import styles from './wel.module.css';

export function ShortcutCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const menuName = useMenuName();
  const session = useSession();
  const hasPage = useHasPage();
  const [editing, setEditing] = useState<string[] | null>(null);

  // The pages the user may pin: their menu pages this app has, by id.
  const pages = useMemo(() => {
    const shown = shownMenus(session?.menus ?? [], hasPage);
    return [...indexMenus(shown).values()].filter((e) => e.node.isOpen !== 2);
  }, [session?.menus, hasPage]);
  const byId = useMemo(() => new Map(pages.map((e) => [String(e.node.id), e])), [pages]);

  const list = useQuery(shortcutsQuery());
  const save = useMutation({
    mutationFn: saveShortcuts,
    onSuccess: async () => {
      setEditing(null);
      void message.success(t('authority.saved'));
      await client.invalidateQueries({ queryKey: queryKeys.workbench.shortcuts() });
    },
  });
  // Shortcuts whose page this app has; the full path comes from the menu tree.
  const shortcuts = (list.data ?? []).flatMap((s) => {
    const entry = byId.get(String(s.menuId));
    return entry ? [{ ...s, path: entry.path, label: menuName(entry.node, entry.path) }] : [];
  });

  return (
    <Card
      title={
        <>
          <AppstoreOutlined /> {t('wel.shortcuts')}
        </>
      }
      extra={
        <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(shortcuts.map((s) => String(s.menuId)))} data-testid="wel-shortcuts-edit">
          {t('wel.editShortcuts')}
        </Button>
      }
    >
      {list.isLoading ? null : shortcuts.length ? (
        <div className={styles.blocks} data-testid="wel-shortcuts">
          {shortcuts.map((s) => (
            <button type="button" key={s.menuId} className={styles.block} onClick={() => navigate(s.path)} data-testid={`wel-shortcut-${s.code}`}>
              <MenuIcon name={s.source} fallback />
              <span>{s.label}</span>
            </button>
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wel.noShortcuts')} />
      )}
      <Modal
        open={editing !== null}
        title={t('wel.editShortcuts')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => editing && save.mutate(editing)}
        onCancel={() => setEditing(null)}
        width={640}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'wel-shortcuts-save' } as Record<string, string>}
      >
        <Typography.Paragraph type="secondary">{t('wel.shortcutsHint')}</Typography.Paragraph>
        <Checkbox.Group value={editing ?? []} onChange={(v) => setEditing((v as string[]).slice(0, MAX_SHORTCUTS))} style={{ width: '100%' }}>
          <Flex wrap gap={8}>
            {pages.map((e) => (
              <Checkbox key={e.node.id} value={String(e.node.id)} style={{ width: 180 }} data-testid={`wel-shortcut-pick-${e.node.code}`}>
                {menuName(e.node, e.path)}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      </Modal>
    </Card>
  );
}
