/** Logout after the confirmation (退出系统, 是否确认退出?): the top bar's user menu and the lock screen. */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../auth';
import { settings } from '../config';

export function useConfirmLogout(): () => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return () => {
    modal.confirm({
      title: t('common.tip'),
      content: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => {
        logout();
        navigate(settings.loginPath, { replace: true });
      },
    });
  };
}
