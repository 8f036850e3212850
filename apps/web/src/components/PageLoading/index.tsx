import { useTranslation } from 'react-i18next';
import styles from './PageLoading.module.css';

/**
 * Placeholder while a lazily loaded page or data arrives. Plain elements styled like antd's Spin, not the Spin
 * itself: the router shows it before antd is loaded (the login page loads no antd, docs/performance.md).
 */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.box} style={{ minHeight: fullScreen ? '100vh' : 240 }} data-testid={fullScreen ? 'app-loading' : 'page-loading'}>
      <div className={styles.spin} role="status" aria-live="polite">
        <span className={styles.dot} aria-hidden />
        <span className={styles.text}>{t('app.loading')}</span>
      </div>
    </div>
  );
}
