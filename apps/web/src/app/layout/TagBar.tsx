/**
 * The tag bar: one tab per visited page, the workbench first. Right-clicking a tab opens its menu (refresh,
 * close, close others / to the left / to the right / all); the menu at the bar's end acts on the current tab
 * and clears the cache.
 */
import { DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { settings } from '../config';
import { closeAllTabs, closeLeftTabs, closeOtherTabs, closeRightTabs, closeTab, getTabs, refreshTab, useTabs } from '../tabs';
import { clearServerCache } from './api';
import styles from './layout.module.css';

interface Props {
  activeKey: string;
  labelOf: (key: string) => string;
}

type TabAction = 'refresh' | 'close' | 'others' | 'left' | 'right' | 'all';

export function TagBar({ activeKey, labelOf }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { tabs } = useTabs();

  const close = (key: string) => {
    const next = closeTab(key);
    if (key === activeKey) navigate(next);
  };

  const clearCache = () => {
    modal.confirm({
      title: t('common.tip'),
      content: t('tabs.clearCacheConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await clearServerCache();
        await queryClient.invalidateQueries();
        void message.success(t('tabs.cacheCleared'));
      },
    });
  };

  /** An action of the tab `key`'s menu; when the current page's tab goes, `key`'s page is shown. */
  const act = (action: TabAction, key: string) => {
    if (action === 'refresh') {
      refreshTab(key);
      void queryClient.invalidateQueries();
      if (key !== activeKey) navigate(key);
      return;
    }
    if (action === 'close') return close(key);
    if (action === 'all') {
      closeAllTabs();
      return navigate(settings.homePath);
    }
    if (action === 'others') closeOtherTabs(key);
    else if (action === 'left') closeLeftTabs(key);
    else closeRightTabs(key);
    if (!getTabs().tabs.includes(activeKey)) navigate(key);
  };

  /** The right-click menu of the tab `key`. */
  const tabMenu = (key: string): MenuProps => {
    const index = tabs.indexOf(key);
    const item = (action: TabAction, text: string, disabled = false) => ({
      key: action,
      disabled,
      label: <span data-testid={`tab-menu-${action}`}>{text}</span>,
    });
    return {
      items: [
        item('refresh', t('tabs.refresh')),
        { type: 'divider' },
        item('close', t('tabs.close'), key === settings.homePath),
        item('others', t('tabs.closeOthers'), tabs.length <= (key === settings.homePath ? 1 : 2)),
        item('left', t('tabs.closeLeft'), index <= 1),
        item('right', t('tabs.closeRight'), index === tabs.length - 1),
        item('all', t('tabs.closeAll'), tabs.length <= 1),
      ],
      onClick: ({ key: action }) => act(action as TabAction, key),
    };
  };

  const actions: MenuProps['items'] = [
    { key: 'others', label: <span data-testid="tab-close-others">{t('tabs.closeOthers')}</span> },
    { key: 'all', label: <span data-testid="tab-close-all">{t('tabs.closeAll')}</span> },
    { type: 'divider' },
    { key: 'cache', label: <span data-testid="tab-clear-cache">{t('tabs.clearCache')}</span> },
  ];
  const onAction: MenuProps['onClick'] = ({ key }) => {
    // A page without a tab of its own (a detail page) does not become one: only the workbench stays.
    if (key === 'others') {
      if (tabs.includes(activeKey)) closeOtherTabs(activeKey);
      else closeAllTabs();
    } else if (key === 'all') {
      closeAllTabs();
      navigate(settings.homePath);
    } else if (key === 'cache') clearCache();
  };

  return (
    <div className={styles.tagBar}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
        items={tabs.map((key) => ({
          key,
          label: <span data-testid={`tab-${key}`}>{labelOf(key)}</span>,
          closable: key !== settings.homePath,
        }))}
        // The whole tab (not only its text) opens its menu on a right click.
        renderTabBar={(props, DefaultTabBar) => (
          <DefaultTabBar {...props}>
            {(node) => (
              <Dropdown key={node.key} trigger={['contextMenu']} menu={tabMenu(String(node.key))}>
                {node}
              </Dropdown>
            )}
          </DefaultTabBar>
        )}
        tabBarExtraContent={
          <Dropdown trigger={['click']} menu={{ items: actions, onClick: onAction }} placement="bottomRight">
            <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('tabs.actions')} data-testid="tab-menu" />
          </Dropdown>
        }
      />
    </div>
  );
}
