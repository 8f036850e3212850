/**
 * The top bar (spec 1 section 1): sidebar toggle and page search on the left; on the right the menu search,
 * notifications, error log (badge capped at 99), lock screen, full screen, theme picker, language, the user
 * manual, and the user menu (workbench, user info, department/role switch in switch mode, logout). A phone keeps
 * the menu button, the menu search, notifications and the user menu, each touch-sized.
 */
import {
  BugOutlined,
  CompressOutlined,
  DashboardOutlined,
  DownOutlined,
  ExpandOutlined,
  FilePdfOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
  SkinOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Badge, Button, Dropdown, Flex, Space, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorLogDialog } from '../../features/errorlog/ErrorLogDialog';
import { useErrorLog } from '../../features/errorlog/errorLog';
import { SetLockDialog } from '../../features/lock/SetLockDialog';
import { settings, switchMode } from '../config';
import { LANGUAGES, setLanguage, useLanguage, type Language } from '../i18n';
import { useSession, type MenuNode } from '../session';
import styles from './layout.module.css';
import { MenuSearchOverlay, TopSearch } from './MenuSearch';
import { NotificationPopover } from './NotificationPopover';
import { SwitchDialog } from './SwitchDialog';
import { ThemeDrawer } from './ThemeDrawer';
import { useConfirmLogout } from './useConfirmLogout';

interface Props {
  collapsed: boolean;
  onToggle: () => void;
  /** The menus the user can open (for the searches). */
  menus: readonly MenuNode[];
  /** Small screens leave out the less used buttons. */
  compact: boolean;
  /** A phone (screen class 0): only what fits a 375 px wide bar. */
  phone?: boolean;
}

type Dialog = 'lock' | 'errors' | 'theme' | 'switch' | 'search' | null;

function useFullscreen(): [boolean, () => void] {
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [full, toggle];
}

export function HeaderBar({ collapsed, onToggle, menus, compact, phone = false }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const user = useSession()?.user;
  const errors = useErrorLog();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [full, toggleFull] = useFullscreen();
  const close = useCallback(() => setDialog(null), []);
  const displayName = user?.real_name || user?.nick_name || user?.account || '';

  const confirmLogout = useConfirmLogout();

  const userItems = [
    { key: 'home', icon: <DashboardOutlined />, label: <span data-testid="user-menu-home">{t('layout.workbench')}</span> },
    { key: 'profile', icon: <IdcardOutlined />, label: <span data-testid="user-menu-profile">{t('layout.userInfo')}</span> },
    ...(switchMode() ? [{ key: 'switch', icon: <SwapOutlined />, label: <span data-testid="user-menu-switch">{t('switch.title')}</span> }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('layout.logout')}</span> },
  ];
  const onUserMenu = ({ key }: { key: string }) => {
    if (key === 'logout') confirmLogout();
    else if (key === 'home') navigate(settings.homePath);
    else if (key === 'profile') navigate('/info/index');
    else if (key === 'switch') setDialog('switch');
  };

  return (
    <Flex align="center" justify="space-between" className={styles.header} data-testid="header-bar">
      <Flex align="center" gap={8}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={t(collapsed ? 'layout.expand' : 'layout.collapse')}
          data-testid="sidebar-toggle"
        />
        {!compact && <TopSearch menus={menus} />}
      </Flex>
      <Space size={4}>
        <Tooltip title={t('search.open')}>
          <Button type="text" icon={<SearchOutlined />} onClick={() => setDialog('search')} aria-label={t('search.open')} data-testid="menu-search-open" />
        </Tooltip>
        <NotificationPopover />
        {!phone && (
          <Tooltip title={t('errorLog.title')}>
            <Badge count={errors.length} overflowCount={settings.errorBadgeMax} size="small" offset={[-4, 4]} data-testid="error-log-badge">
              <Button type="text" icon={<BugOutlined />} onClick={() => setDialog('errors')} aria-label={t('errorLog.title')} data-testid="error-log-open" />
            </Badge>
          </Tooltip>
        )}
        {!phone && (
          <Tooltip title={t('lock.setTitle')}>
            <Button type="text" icon={<LockOutlined />} onClick={() => setDialog('lock')} aria-label={t('lock.setTitle')} data-testid="lock-open" />
          </Tooltip>
        )}
        {!compact && (
          <Tooltip title={t(full ? 'layout.exitFullscreen' : 'layout.fullscreen')}>
            <Button
              type="text"
              icon={full ? <CompressOutlined /> : <ExpandOutlined />}
              onClick={toggleFull}
              aria-label={t('layout.fullscreen')}
              data-testid="fullscreen"
            />
          </Tooltip>
        )}
        {!phone && (
          <Tooltip title={t('theme.title')}>
            <Button type="text" icon={<SkinOutlined />} onClick={() => setDialog('theme')} aria-label={t('theme.title')} data-testid="theme-open" />
          </Tooltip>
        )}
        {!compact && (
          <Tooltip title={t('layout.manual')}>
            <Button
              type="text"
              icon={<FilePdfOutlined />}
              href={settings.manualUrl}
              target="_blank"
              aria-label={t('layout.manual')}
              data-testid="manual-link"
            />
          </Tooltip>
        )}
        {!phone && (
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [lang],
              items: LANGUAGES.map((l) => ({ key: l.code, label: <span data-testid={`lang-${l.code}`}>{l.label}</span> })),
              onClick: ({ key }) => void setLanguage(key as Language),
            }}
          >
            <Button type="text" icon={<GlobalOutlined />} aria-label={t('layout.language')} data-testid="lang-switch">
              {!compact && LANGUAGES.find((l) => l.code === lang)?.label}
            </Button>
          </Dropdown>
        )}
        <Dropdown trigger={['click']} menu={{ items: userItems, onClick: onUserMenu }}>
          <Button type="text" className={styles.user} data-testid="user-menu">
            <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
            {!compact && <span>{displayName}</span>}
            <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
      <SetLockDialog open={dialog === 'lock'} onClose={close} />
      <ErrorLogDialog open={dialog === 'errors'} onClose={close} />
      <ThemeDrawer open={dialog === 'theme'} onClose={close} />
      {switchMode() && <SwitchDialog open={dialog === 'switch'} onClose={close} />}
      <MenuSearchOverlay menus={menus} open={dialog === 'search'} onClose={close} />
    </Flex>
  );
}
