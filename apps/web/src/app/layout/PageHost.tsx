/**
 * One tab's page: rendered with the tab's own location (so a hidden page keeps seeing its own path and
 * params), in its own scroll box whose position survives hiding, behind a loading and an error boundary.
 */
import { Button, Result } from 'antd';
import { Component, Suspense, type ErrorInfo, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import type { PageEntry } from '../../features/registry';
import { recordError } from '../../features/errorlog/errorLog';
import styles from './layout.module.css';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('errors.pageLoadFailed')}
      subTitle={t('errors.pageLoadFailedDetail')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('errors.reload')}
        </Button>
      }
    />
  );
}

/** Catches a page that failed to load (a chunk after a deployment) or to render. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error);
    recordError(error, 'render', info.componentStack ?? '');
  }
  override render() {
    return this.state.error ? <LoadFailed onRetry={() => window.location.reload()} /> : this.props.children;
  }
}

/** Keeps the scroll position of a page while its tab is hidden (hiding resets a box's scroll offset). */
function ScrollBox({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const top = useRef(0);
  // Runs each time the tab becomes visible again (Activity re-creates effects on show).
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = top.current;
  }, []);
  return (
    <div ref={box} className={styles.page} onScroll={(e) => (top.current = e.currentTarget.scrollTop)} data-testid="page-scroll">
      {children}
    </div>
  );
}

export function PageHost({ tabKey, page }: { tabKey: string; page: PageEntry }) {
  const Page = page.component;
  return (
    <ScrollBox>
      <PageErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Routes location={tabKey}>
            <Route path={page.path} element={<Page />} />
          </Routes>
        </Suspense>
      </PageErrorBoundary>
    </ScrollBox>
  );
}
