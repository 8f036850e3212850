/**
 * The banner of a session of 以此身份查看: whose eyes the administrator is looking through, and 退出, one click back
 * to their own session (auth.tsx `endViewAs`). Shown on every page while the session lasts.
 */
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endViewAs } from '../auth';
import { useSession } from '../session';

export function ViewAsBanner() {
  const { t } = useTranslation();
  const session = useSession();
  const [ending, setEnding] = useState(false);
  const user = session?.user;
  if (!user?.viewer) return null;
  const name = user.real_name || user.nick_name || user.account;
  const exit = () => {
    setEnding(true);
    endViewAs().finally(() => setEnding(false));
  };
  return (
    <Alert
      banner
      type="warning"
      data-testid="view-as-banner"
      message={
        <span>
          {t('viewAs.banner', { name })} ·{' '}
          <Button type="link" size="small" loading={ending} onClick={exit} data-testid="view-as-exit">
            {t('viewAs.exit')}
          </Button>
        </span>
      }
    />
  );
}
