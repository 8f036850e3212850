/**
 * Themes of the shell (spec 1 section 2: 11 themes) and the theme colour (spec 2 section 9: default
 * #409EFF). A theme sets the sidebar, the header and the logo strip; the colour is antd's primary colour.
 * Both are kept per browser (localStorage) and apply at once.
 */
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';
import type { Label } from '@hjl/core';
import { KEYS, storage } from './storage';

export const DEFAULT_COLOR = '#409EFF';

export interface ShellTheme {
  key: string;
  label: Label;
  /** antd's dark algorithm for the whole app. */
  dark?: boolean;
  /** Sidebar menu theme. */
  menu: 'dark' | 'light';
  siderBg: string;
  /** Background of open submenus in the sidebar. */
  subMenuBg: string;
  logoBg: string;
  logoText: string;
  headerBg: string;
  headerText: string;
  /** Page background behind the cards. */
  pageBg: string;
}

export const THEMES: readonly ShellTheme[] = [
  {
    key: 'default',
    label: { zh: '默认主题', en: 'Default' },
    menu: 'dark',
    siderBg: '#20222a',
    subMenuBg: '#1a1c23',
    logoBg: '#20222a',
    logoText: '#ffffff',
    headerBg: '#ffffff',
    headerText: 'rgba(0,0,0,0.88)',
    pageBg: '#f0f2f5',
  },
  {
    key: 'white',
    label: { zh: '白色主题', en: 'White' },
    menu: 'light',
    siderBg: '#ffffff',
    subMenuBg: '#fafafa',
    logoBg: '#ffffff',
    logoText: '#303133',
    headerBg: '#ffffff',
    headerText: 'rgba(0,0,0,0.88)',
    pageBg: '#f5f7fa',
  },
  {
    key: 'dark',
    label: { zh: '黑色主题', en: 'Dark' },
    dark: true,
    menu: 'dark',
    siderBg: '#141414',
    subMenuBg: '#0f0f0f',
    logoBg: '#141414',
    logoText: '#ffffff',
    headerBg: '#1f1f1f',
    headerText: 'rgba(255,255,255,0.85)',
    pageBg: '#000000',
  },
  {
    key: 'star',
    label: { zh: '炫彩主题', en: 'Star' },
    menu: 'dark',
    siderBg: '#2c2a4a',
    subMenuBg: '#242240',
    logoBg: '#4b3f8f',
    logoText: '#ffffff',
    headerBg: '#4b3f8f',
    headerText: '#ffffff',
    pageBg: '#f2f1f8',
  },
  {
    key: 'smart-blue',
    label: { zh: '智能蓝', en: 'Smart blue' },
    menu: 'dark',
    siderBg: '#0b3d91',
    subMenuBg: '#09326f',
    logoBg: '#0b3d91',
    logoText: '#ffffff',
    headerBg: '#1565c0',
    headerText: '#ffffff',
    pageBg: '#eef3fb',
  },
  {
    key: 'iview',
    label: { zh: 'iView主题', en: 'iView' },
    menu: 'dark',
    siderBg: '#515a6e',
    subMenuBg: '#363e4f',
    logoBg: '#515a6e',
    logoText: '#ffffff',
    headerBg: '#ffffff',
    headerText: '#515a6e',
    pageBg: '#f5f7f9',
  },
  {
    key: 'vip',
    label: { zh: 'VIP主题', en: 'VIP' },
    menu: 'dark',
    siderBg: '#1b1b1b',
    subMenuBg: '#111111',
    logoBg: '#1b1b1b',
    logoText: '#d4b16a',
    headerBg: '#2b2b2b',
    headerText: '#d4b16a',
    pageBg: '#f4f1ea',
  },
  {
    key: 'cool',
    label: { zh: '酷黑主题', en: 'Cool' },
    menu: 'dark',
    siderBg: '#10454f',
    subMenuBg: '#0c3840',
    logoBg: '#0e6b7a',
    logoText: '#ffffff',
    headerBg: '#0e6b7a',
    headerText: '#ffffff',
    pageBg: '#eef6f7',
  },
  {
    key: 'd2',
    label: { zh: 'D2主题', en: 'D2' },
    menu: 'light',
    siderBg: '#ebf1f6',
    subMenuBg: '#e2eaf1',
    logoBg: '#ebf1f6',
    logoText: '#2f74ff',
    headerBg: '#ebf1f6',
    headerText: '#2f74ff',
    pageBg: '#f8fbfd',
  },
  {
    key: 'hey',
    label: { zh: '嘿主题', en: 'Hey' },
    menu: 'light',
    siderBg: '#fff7e8',
    subMenuBg: '#fff1d6',
    logoBg: '#ff9f1a',
    logoText: '#ffffff',
    headerBg: '#ff9f1a',
    headerText: '#ffffff',
    pageBg: '#fffaf2',
  },
  {
    key: 'lte',
    label: { zh: 'LTE主题', en: 'LTE' },
    menu: 'dark',
    siderBg: '#222d32',
    subMenuBg: '#2c3b41',
    logoBg: '#367fa9',
    logoText: '#ffffff',
    headerBg: '#3c8dbc',
    headerText: '#ffffff',
    pageBg: '#ecf0f5',
  },
];

export interface ThemeState {
  theme: ShellTheme;
  color: string;
}

const isColor = (v: unknown): v is string => typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v);

function read(): ThemeState {
  const key = storage.get<string>(KEYS.themeName);
  const color = storage.get<string>(KEYS.themeColor);
  return { theme: THEMES.find((t) => t.key === key) ?? THEMES[0]!, color: isColor(color) ? color : DEFAULT_COLOR };
}

let state = read();
const listeners = new Set<() => void>();
const changed = () => {
  state = read();
  for (const l of listeners) l();
};

export function getTheme(): ThemeState {
  return state;
}

export function setThemeName(key: string) {
  if (!THEMES.some((t) => t.key === key)) return;
  storage.set(KEYS.themeName, key);
  changed();
}

/** Sets the primary colour (#rrggbb); anything else is ignored. */
export function setThemeColor(color: string) {
  if (!isColor(color)) return;
  storage.set(KEYS.themeColor, color.toUpperCase());
  changed();
}

export function useTheme(): ThemeState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getTheme,
    getTheme,
  );
}

/** antd's configuration for a theme and colour. */
export function antdThemeOf({ theme, color }: ThemeState): ThemeConfig {
  return {
    algorithm: theme.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: color, borderRadius: 4 },
    components: {
      Layout: { siderBg: theme.siderBg, headerBg: theme.headerBg, bodyBg: theme.pageBg },
      Menu:
        theme.menu === 'dark'
          ? { darkItemBg: theme.siderBg, darkSubMenuItemBg: theme.subMenuBg, darkItemSelectedBg: color }
          : { itemBg: theme.siderBg, subMenuItemBg: theme.subMenuBg },
    },
  };
}

/** CSS variables the layout's stylesheet reads. */
export function shellCssVars(theme: ShellTheme): Record<string, string> {
  return {
    '--shell-sider-bg': theme.siderBg,
    '--shell-logo-bg': theme.logoBg,
    '--shell-logo-text': theme.logoText,
    '--shell-header-bg': theme.headerBg,
    '--shell-header-text': theme.headerText,
    '--shell-page-bg': theme.pageBg,
    '--shell-tagbar-bg': theme.dark ? '#1f1f1f' : '#ffffff',
    '--shell-border': theme.dark ? '#303030' : '#f0f0f0',
  };
}
