/**
 * The app's one data cache. Its own module, free of antd, so that the login page (which signs in through
 * auth.tsx) does not load the design system (docs/performance.md "Pages in the browser").
 */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already shows every failure; retrying would show it again.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
