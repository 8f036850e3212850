/** /lock: the locked screen. The lock password unlocks it (back to the workbench); logging out also ends it. */
import { LockOutlined, LogoutOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Flex, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { settings } from '../../app/config';
import { useSession } from '../../app/session';
import styles from './lock.module.css';
import { unlockScreen, useLocked } from './lock';
import { useConfirmLogout } from '../../app/layout/useConfirmLogout';

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const pad = (n: number) => String(n).padStart(2, '0');
  return <div className={styles.clock}>{`${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`}</div>;
}

export default function LockPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const signOut = useConfirmLogout();
  const session = useSession();
  const locked = useLocked();
  const [password, setPassword] = useState('');

  useEffect(() => {
    document.title = `${t('lock.title')} - ${t('app.name')}`;
  }, [t]);

  if (!session) return <Navigate to={settings.loginPath} replace />;
  if (!locked) return <Navigate to={settings.homePath} replace />;
  const user = session.user;

  const unlock = () => {
    if (!password) {
      void message.error(t('lock.required'));
      return;
    }
    if (!unlockScreen(password)) {
      void message.error(t('lock.wrong'));
      setPassword('');
      return;
    }
    navigate(settings.homePath, { replace: true });
  };

  return (
    <div className={styles.root} data-testid="lock-page">
      <Clock />
      <Flex vertical align="center" gap={16} className={styles.panel}>
        <Avatar size={72} src={user.avatar || undefined} icon={<UserOutlined />} />
        <Typography.Title level={4} className={styles.name}>
          {user.real_name || user.nick_name || user.account}
        </Typography.Title>
        <Typography.Text className={styles.hint}>
          <LockOutlined /> {t('lock.locked')}
        </Typography.Text>
        <Input.Password
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onPressEnter={unlock}
          placeholder={t('lock.placeholder')}
          style={{ width: 280 }}
          data-testid="unlock-password"
        />
        <Flex gap={12}>
          <Button type="primary" icon={<UnlockOutlined />} onClick={unlock} data-testid="unlock">
            {t('lock.unlock')}
          </Button>
          <Button icon={<LogoutOutlined />} onClick={signOut} data-testid="lock-logout">
            {t('layout.logout')}
          </Button>
        </Flex>
      </Flex>
    </div>
  );
}
