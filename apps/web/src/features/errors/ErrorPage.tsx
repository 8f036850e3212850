/** /403, /404 and /500. */
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { settings } from '../../app/config';

export type ErrorStatus = '403' | '404' | '500';

export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(`errors.title${status}`);
  useEffect(() => {
    document.title = `${title} - ${t('app.name')}`;
  }, [title, t]);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fff' }}>
      <Result
        status={status}
        title={title}
        subTitle={t(`errors.sub${status}`)}
        extra={
          <Button type="primary" onClick={() => navigate(settings.homePath)} data-testid="error-home">
            {t('errors.backHome')}
          </Button>
        }
      />
    </div>
  );
}
