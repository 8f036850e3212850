/** The tag bar: one tab per visited page, the workbench first; close others / all, clear cache. */
import { DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { settings } from '../config';
import { closeAllTabs, closeOtherTabs, closeTab, useTabs } from '../tabs';
import { clearServerCache } from './api';
import styles from './layout.module.css';

interface Props {
  activeKey: string;
  labelOf: (key: string) => string;
}

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
        tabBarExtraContent={
          <Dropdown trigger={['click']} menu={{ items: actions, onClick: onAction }} placement="bottomRight">
            <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('tabs.actions')} data-testid="tab-menu" />
          </Dropdown>
        }
      />
    </div>
  );
}
