/**
 * Menu search: the full-screen overlay (opened from the top bar, closed with Esc or by choosing) and the
 * top bar's autocomplete. Both search the pages of the user's menus by name and path.
 */
import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input, List, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuNode } from '../session';
import styles from './layout.module.css';
import { indexMenus, useMenuName } from './menus';

export interface MenuHit {
  path: string;
  name: string;
  node: MenuNode;
}

/** Pages of the menu tree whose name or path contains `text` (case-insensitive); all of them for empty text. */
export function searchMenus(menus: readonly MenuNode[], text: string, nameOf: (node: MenuNode, path: string) => string): MenuHit[] {
  const needle = text.trim().toLowerCase();
  return [...indexMenus(menus).values()]
    .map((e) => ({ path: e.path, name: nameOf(e.node, e.path), node: e.node }))
    .filter((h) => !needle || h.name.toLowerCase().includes(needle) || h.path.toLowerCase().includes(needle));
}

/** Opens a hit: external menus (isOpen 2) in a new window, others in the app. */
function useOpenHit() {
  const navigate = useNavigate();
  return (hit: MenuHit) => {
    if (hit.node.isOpen === 2) window.open(hit.path, '_blank', 'noopener');
    else navigate(hit.path);
  };
}

export function MenuSearchOverlay({ menus, open, onClose }: { menus: readonly MenuNode[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const menuName = useMenuName();
  const openHit = useOpenHit();
  const [text, setText] = useState('');
  const hits = useMemo(() => searchMenus(menus, text, menuName), [menus, text, menuName]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  const choose = (hit: MenuHit) => {
    setText('');
    onClose();
    openHit(hit);
  };
  return (
    <div className={styles.searchOverlay} onClick={onClose} data-testid="menu-search-overlay">
      <div className={styles.searchBox} onClick={(e) => e.stopPropagation()}>
        <Input
          autoFocus
          size="large"
          prefix={<SearchOutlined />}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => hits[0] && choose(hits[0])}
          placeholder={t('search.placeholder')}
          data-testid="menu-search-input"
        />
        <Typography.Text type="secondary" className={styles.searchHint}>
          {t('search.escHint')}
        </Typography.Text>
        <List<MenuHit>
          className={styles.searchList}
          dataSource={hits.slice(0, 50)}
          locale={{ emptyText: t('search.none') }}
          renderItem={(hit) => (
            <List.Item key={hit.path} className={styles.searchItem} onClick={() => choose(hit)} data-testid={`menu-search-hit-${hit.path}`}>
              <span>{hit.name}</span>
              <Typography.Text type="secondary">{hit.path}</Typography.Text>
            </List.Item>
          )}
        />
      </div>
    </div>
  );
}

export function TopSearch({ menus }: { menus: readonly MenuNode[] }) {
  const { t } = useTranslation();
  const menuName = useMenuName();
  const openHit = useOpenHit();
  const [text, setText] = useState('');
  const hits = useMemo(() => (text.trim() ? searchMenus(menus, text, menuName).slice(0, 20) : []), [menus, text, menuName]);
  return (
    <AutoComplete
      value={text}
      onChange={setText}
      options={hits.map((h) => ({ value: h.path, label: <span data-testid={`top-search-hit-${h.path}`}>{h.name}</span> }))}
      onSelect={(path: string) => {
        const hit = hits.find((h) => h.path === path);
        setText('');
        if (hit) openHit(hit);
      }}
      style={{ width: 200 }}
      data-testid="top-search"
    >
      <Input prefix={<SearchOutlined />} placeholder={t('search.top')} allowClear />
    </AutoComplete>
  );
}
