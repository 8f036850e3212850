/**
 * Everything the app renders inside: data cache, antd configuration (locale, theme), message/modal host.
 * main.tsx puts only the data cache at the root; the antd part (`DesignSystem`) wraps every route but /login
 * (designSystem.tsx, loaded lazily), so the login page needs no antd (docs/performance.md "Pages in the browser").
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import './dayjsLocale';
import { bindFeedback } from './feedback';
import { antdLocale, useLanguage } from './i18n';
import { queryClient } from './queryClient';
import { antdThemeOf, useTheme } from './theme';

export { queryClient };

function FeedbackBridge() {
  const instance = App.useApp();
  useEffect(() => {
    bindFeedback(instance);
    return () => bindFeedback(null);
  }, [instance]);
  return null;
}

/** antd's configuration (locale, theme) and its message/modal host, bound to app/feedback. */
export function DesignSystem({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const themeState = useTheme();
  const theme = useMemo(() => antdThemeOf(themeState), [themeState]);
  return (
    <ConfigProvider locale={antdLocale(lang)} theme={theme} button={{ autoInsertSpace: false }}>
      <App>
        <FeedbackBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}

export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <DesignSystem>{children}</DesignSystem>
    </QueryClientProvider>
  );
}
