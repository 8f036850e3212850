/** What the process screens' component tests share: a signed-in user with codes, the providers and a router. */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../../app/i18n';
import { Providers } from '../../../app/providers';
import { saveAccess, saveTokens } from '../../../app/session';
import { tokenAnswer } from '../../../test/http';

/** Renders `element` at `path` (with the codes given); `router.state.location` tells where the screen went. */
export function renderScreen(element: ReactNode, codes: string[] = [], path = '/screen', pattern = '*') {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], codes);
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}
