/** Everything the app renders inside: data cache, antd configuration (locale, theme), message/modal host. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { bindFeedback } from './feedback';
import { antdLocale, useLanguage } from './i18n';
import { antdThemeOf, useTheme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already shows every failure; retrying would show it again.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

function FeedbackBridge() {
  const instance = App.useApp();
  useEffect(() => {
    bindFeedback(instance);
    return () => bindFeedback(null);
  }, [instance]);
  return null;
}

export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  const lang = useLanguage();
  const themeState = useTheme();
  const theme = useMemo(() => antdThemeOf(themeState), [themeState]);
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={antdLocale(lang)} theme={theme} button={{ autoInsertSpace: false }}>
        <App>
          <FeedbackBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
