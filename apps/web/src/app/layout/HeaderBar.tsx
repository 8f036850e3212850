/** Top bar: sidebar toggle, language switch and the user menu with logout. */
import { DownOutlined, GlobalOutlined, IdcardOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Flex, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../auth';
import { settings } from '../config';
import { LANGUAGES, setLanguage, useLabel, useLanguage, type Language } from '../i18n';
import { useSession } from '../session';
import styles from './layout.module.css';

interface Props {
  collapsed: boolean;
  onToggle: () => void;
}

export function HeaderBar({ collapsed, onToggle }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const lang = useLanguage();
  const label = useLabel();
  const user = useSession()?.user;
  const displayName = user?.real_name || user?.nick_name || user?.account || '';

  const confirmLogout = () => {
    modal.confirm({
      title: t('common.tip'),
      content: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        navigate(settings.loginPath, { replace: true });
      },
    });
  };

  return (
    <Flex align="center" justify="space-between" className={styles.header}>
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={t(collapsed ? 'layout.expand' : 'layout.collapse')}
        data-testid="sidebar-toggle"
      />
      <Space size="middle">
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [lang],
            items: LANGUAGES.map((l) => ({ key: l.code, label: <span data-testid={`lang-${l.code}`}>{l.label}</span> })),
            onClick: ({ key }) => setLanguage(key as Language),
          }}
        >
          <Button type="text" icon={<GlobalOutlined />} aria-label={t('layout.language')} data-testid="lang-switch">
            {LANGUAGES.find((l) => l.code === lang)?.label}
          </Button>
        </Dropdown>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'profile', icon: <IdcardOutlined />, label: <span data-testid="user-menu-profile">{label({ zh: '个人信息', en: 'Profile' })}</span> },
              { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('layout.logout')}</span> },
            ],
            onClick: ({ key }) => (key === 'logout' ? confirmLogout() : navigate('/info/index')),
          }}
        >
          <Button type="text" className={styles.user} data-testid="user-menu">
            <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
            <span>{displayName}</span>
            <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
    </Flex>
  );
}
