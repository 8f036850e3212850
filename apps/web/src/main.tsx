import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from './app/i18n';
import { queryClient } from './app/queryClient';
import { router } from './app/router';
import { installErrorHandlers } from './features/errorlog/errorLog';
import './app/global.css';

// Uncaught errors anywhere in the app go to the error log (top bar).
installErrorHandlers();

// First render in the saved language (English texts load on demand; Chinese is there at once).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* antd comes with every route but /login (app/designSystem.tsx): the login page needs only a form. */}
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
