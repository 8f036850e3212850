/** localStorage with the app's key prefix; values are JSON. Every stored key of the app is listed here. */
import { settings } from './config';

export const KEYS = {
  accessToken: 'access-token',
  refreshToken: 'refresh-token',
  /** When the current tokens were issued (ms since epoch) and how long the access token lives (s). */
  tokenTime: 'token-time',
  expiresIn: 'expires-in',
  tenantId: 'tenant-id',
  userInfo: 'user-info',
  permission: 'permission',
  menu: 'menu',
  tags: 'tag-list',
  language: 'language',
  sidebarCollapsed: 'sidebar-collapsed',
  themeName: 'themeName',
  themeColor: 'colorName',
  watermark: 'watermark',
  /** Lock screen (spec 1 section 2): the lock password and whether the screen is locked. */
  lockPasswd: 'lockPasswd',
  isLock: 'isLock',
  /** Uncaught UI errors not yet uploaded. */
  errorLog: 'errorLog',
  /** The administrator's own session, kept while they view the product as another user (以此身份查看). */
  viewAsReturn: 'view-as-return',
} as const;

export type StorageKey = (typeof KEYS)[keyof typeof KEYS];

const full = (key: StorageKey) => settings.storagePrefix + key;

export const storage = {
  key: full,
  get<T>(key: StorageKey): T | undefined {
    const raw = localStorage.getItem(full(key));
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  },
  set(key: StorageKey, value: unknown) {
    localStorage.setItem(full(key), JSON.stringify(value));
  },
  remove(...keys: StorageKey[]) {
    for (const key of keys) localStorage.removeItem(full(key));
  },
};
