import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder while a lazily loaded page or data arrives. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullScreen ? '100vh' : 240 }}
      data-testid={fullScreen ? 'app-loading' : 'page-loading'}
    >
      <Spin description={t('app.loading')} />
    </div>
  );
}
