/**
 * Routes (spec 2 section 2): public /login and error pages, /lock (while locked every route leads there), the full-screen
 * data cockpit /dataCockpit (signed in, outside the layout); everything else needs a session and renders in
 * the main layout, which maps the path to a page through features/registry.ts (unknown paths → /404).
 * Every route but /login renders inside antd's configuration (designSystem.tsx, loaded lazily): the login page
 * loads no antd (docs/performance.md "Pages in the browser").
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { LOCK_PATH, useLocked } from '../features/lock/lock';
import { PLUGIN_LIST_REDIRECTS } from '../features/workflow/lists/pluginPaths';
import { settings } from './config';
import { designSystem } from './designSystemRoute';
import { layoutModule } from './layout/loadLayout';
import { useSession } from './session';

// In the entry chunk, not lazy: the form is most of what the first page needs, and one file fewer to fetch.
import LoginPage from '../features/login/LoginPage';
const ErrorPage = lazy(() => import('../features/errors/ErrorPage'));
const Layout = lazy(layoutModule);
const LockPage = lazy(() => import('../features/lock/LockPage'));
const CockpitPage = lazy(() => import('../features/cockpit/CockpitPage'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading fullScreen />}>{children}</Suspense>;
}

/** Sends a signed-out user to /login, remembering where they wanted to go; a locked screen to /lock. */
function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const locked = useLocked();
  const location = useLocation();
  if (session && locked) return <Navigate to={LOCK_PATH} replace />;
  if (!session) {
    const wanted = location.pathname + location.search;
    const query = wanted === settings.homePath ? '' : `?redirect=${encodeURIComponent(wanted)}`;
    return <Navigate to={settings.loginPath + query} replace />;
  }
  return children;
}

const DesignSystemOutlet = designSystem;

export const router = createBrowserRouter([
  {
    path: settings.loginPath,
    element: (
      <Lazy>
        <LoginPage />
      </Lazy>
    ),
  },
  {
    element: (
      <Lazy>
        <DesignSystemOutlet />
      </Lazy>
    ),
    children: designSystemRoutes(),
  },
]);

/** The routes under antd's configuration: all but /login. */
function designSystemRoutes() {
  return [
    {
      path: LOCK_PATH,
      element: (
        <Lazy>
          <LockPage />
        </Lazy>
      ),
    },
    // The data cockpit: full screen, outside the main layout, for a signed-in user.
    {
      path: '/dataCockpit',
      element: (
        <RequireAuth>
          <Lazy>
            <CockpitPage />
          </Lazy>
        </RequireAuth>
      ),
    },
    {
      path: '/404',
      element: (
        <Lazy>
          <ErrorPage status="404" />
        </Lazy>
      ),
    },
    {
      path: '/403',
      element: (
        <Lazy>
          <ErrorPage status="403" />
        </Lazy>
      ),
    },
    {
      path: '/500',
      element: (
        <Lazy>
          <ErrorPage status="500" />
        </Lazy>
      ),
    },
    { path: '/', element: <Navigate to="/wel" replace /> },
    { path: '/wel', element: <Navigate to={settings.homePath} replace /> },
    // The BladeX workflow plugin's list pages lead to ours.
    ...PLUGIN_LIST_REDIRECTS.map(({ from, to }) => ({ path: from, element: <Navigate to={to} replace /> })),
    {
      path: '*',
      element: (
        <RequireAuth>
          <Lazy>
            <Layout />
          </Lazy>
        </RequireAuth>
      ),
    },
  ];
}
