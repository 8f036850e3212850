/**
 * The main layout (spec 2 section 2): sidebar, header, tag bar and the page view. Each open tab's page stays
 * mounted while hidden (<Activity mode="hidden">, state kept) for the most recent maxKeptTabs tabs; closing
 * a tab unmounts its page. Paths map to pages through features/registry.ts; unknown paths go to /404, a
 * menu's page the user is not granted to /403. On a phone (screen class 0, S2 L88-89) the sidebar is a drawer the
 * header's menu button opens, and the tag bar is left out: one page at a time, the whole width for it.
 */
import { Layout as AntLayout, Drawer, Watermark } from 'antd';
import { Activity, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { findPage } from '../../features/registry';
import { ensureAccess, useTokenRefresher } from '../auth';
import { settings } from '../config';
import { useLabel } from '../i18n';
import { useSession } from '../session';
import { KEYS, storage } from '../storage';
import { useTabReloads, useTabs, visitTab } from '../tabs';
import { shellCssVars, useTheme } from '../theme';
import { HeaderBar } from './HeaderBar';
import styles from './layout.module.css';
import { HasPageContext, indexMenus, PageTitleContext, shownMenus, useMenuName } from './menus';
import { PageHost } from './PageHost';
import { usePreloadMenuPages } from './preload';
import { SideMenu } from './SideMenu';
import { TagBar } from './TagBar';
import { ViewAsBanner } from './ViewAsBanner';
import { screenClass, useWindowSize } from './screen';
import { useWatermarkOn, WATERMARK, watermarkGap } from './watermark';

const pathOf = (key: string) => key.split('?')[0] ?? key;
const pageTitle = (path: string) => findPage(path)?.title;
const hasPage = (path: string) => findPage(path) !== undefined;

/** Detail pages that open without a tab (customer, branch company, archive details). */
export const opensTab = (pathname: string) => !settings.noTabPaths.some((prefix) => pathname.startsWith(prefix));

export default function Layout() {
  return (
    <PageTitleContext value={pageTitle}>
      <HasPageContext value={hasPage}>
        <Shell />
      </HasPageContext>
    </PageTitleContext>
  );
}

function Shell() {
  const { t } = useTranslation();
  const label = useLabel();
  const menuName = useMenuName();
  const location = useLocation();
  const session = useSession();
  const menus = session?.menus;
  const { tabs, kept } = useTabs();
  const reloads = useTabReloads();
  const windowSize = useWindowSize();
  const screen = screenClass(windowSize.width);
  const { theme } = useTheme();
  const watermarkOn = useWatermarkOn();
  const [collapsed, setCollapsed] = useState(() => storage.get<boolean>(KEYS.sidebarCollapsed) ?? false);
  const phone = screen === 0;
  const [menuOpen, setMenuOpen] = useState(false);

  const activeKey = location.pathname + location.search;
  const page = findPage(location.pathname);
  const menuIndex = useMemo(() => indexMenus(menus ?? []), [menus]);
  const sidebarMenus = useMemo(() => shownMenus(menus ?? [], hasPage), [menus]);

  useTokenRefresher();
  usePreloadMenuPages(menus);
  useEffect(() => {
    ensureAccess().catch(() => undefined); // the API client has shown the failure
  }, []);
  useEffect(() => {
    if (page && opensTab(location.pathname)) visitTab(activeKey);
  }, [activeKey, page, location.pathname]);

  const labelOf = (key: string): string => {
    const pathname = pathOf(key);
    if (pathname === settings.homePath) return t('layout.workbench');
    const entry = menuIndex.get(pathname);
    if (entry) return menuName(entry.node, entry.path);
    const title = findPage(pathname)?.title;
    return title ? label(title) : pathname;
  };
  const activeLabel = labelOf(activeKey);
  const appName = t('app.name');
  useEffect(() => {
    document.title = `${activeLabel} - ${t('app.name')}`;
  }, [activeLabel, t]);

  if (!page) return <Navigate to="/404" replace />;
  // A menu's page opens only for users granted that menu (the server refuses its calls anyway).
  if (!page.open && menus && !menuIndex.has(location.pathname)) return <Navigate to="/403" replace />;

  const toggle = () => {
    if (phone) return setMenuOpen(!menuOpen);
    storage.set(KEYS.sidebarCollapsed, !collapsed);
    setCollapsed(!collapsed);
  };
  // The current page is mounted at once, before visitTab records it; pages render in tab order.
  const mounted = new Set([activeKey, ...kept.filter((key) => key !== activeKey)].slice(0, settings.maxKeptTabs));
  const rendered = [...new Set([...tabs, activeKey])].filter((key) => mounted.has(key));

  const user = session?.user;
  const mark = user?.real_name || user?.account || '';
  const content = (
    <main className={styles.content}>
      {rendered.map((key) => {
        const entry = findPage(pathOf(key));
        return entry ? (
          // A refreshed tab's page is mounted anew (its key changes).
          <Activity key={`${key}#${reloads[key] ?? 0}`} mode={key === activeKey ? 'visible' : 'hidden'}>
            <PageHost tabKey={key} page={entry} />
          </Activity>
        ) : null;
      })}
    </main>
  );

  return (
    <AntLayout className={`${styles.root} screen-${screen}`} hasSider style={shellCssVars(theme) as CSSProperties} data-screen={screen} data-theme={theme.key}>
      {phone ? (
        <Drawer
          placement="left"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          closable={false}
          size={260}
          rootStyle={shellCssVars(theme) as CSSProperties}
          styles={{ body: { padding: 0, background: 'var(--shell-sider-bg)' } }}
          data-testid="menu-drawer"
        >
          <div className={styles.logo}>
            <img src="/favicon.svg" alt="" />
            <span title={appName}>{appName}</span>
          </div>
          <SideMenu menus={sidebarMenus} pathname={location.pathname} collapsed={false} theme={theme.menu} onNavigate={() => setMenuOpen(false)} />
        </Drawer>
      ) : (
        <AntLayout.Sider
          width={220}
          collapsedWidth={64}
          collapsed={collapsed}
          trigger={null}
          breakpoint="lg"
          onBreakpoint={(narrow) => setCollapsed(narrow || (storage.get<boolean>(KEYS.sidebarCollapsed) ?? false))}
        >
          <div className={styles.logo}>
            <img src="/favicon.svg" alt="" />
            {!collapsed && (
              <span className={appName.length > 12 ? styles.logoLong : undefined} title={appName} data-testid="app-name">
                {appName}
              </span>
            )}
          </div>
          <div className={styles.siderMenu}>
            <SideMenu
              menus={sidebarMenus}
              pathname={location.pathname}
              collapsed={collapsed}
              theme={theme.menu}
              onNavigate={() => screen < 2 && setCollapsed(true)}
            />
          </div>
        </AntLayout.Sider>
      )}
      <div className={styles.main}>
        <HeaderBar collapsed={phone ? !menuOpen : collapsed} onToggle={toggle} menus={sidebarMenus} compact={screen < 2} phone={phone} />
        <ViewAsBanner />
        {!phone && <TagBar activeKey={activeKey} labelOf={labelOf} />}
        {watermarkOn && mark ? (
          <Watermark
            className={styles.watermark}
            content={mark}
            rotate={-WATERMARK.angle}
            gap={watermarkGap(windowSize.width, windowSize.height, mark.length * WATERMARK.fontSize)}
            font={{ fontSize: WATERMARK.fontSize, color: `rgba(150, 150, 150, ${WATERMARK.opacity})` }}
            data-testid="watermark"
            // Dialogs and drawers are not marked: the watermark stays on the pages, never over an open dialog.
            inherit={false}
          >
            {content}
          </Watermark>
        ) : (
          content
        )}
      </div>
    </AntLayout>
  );
}
