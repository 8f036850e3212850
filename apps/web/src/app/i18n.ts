/**
 * Languages: Chinese (zh-CN, default) and English. The choice is kept in localStorage; antd's and dayjs'
 * locales follow it (dayjs' in app/dayjsLocale.ts, loaded with antd). Shell texts live in ./locales; entity labels come from their definitions (label.zh/en).
 * Our English texts are loaded only when chosen, so the login page of a Chinese user does not carry them;
 * `i18nReady` settles once the saved language can be shown.
 */
import type { Label } from '@hjl/core';
import type { Locale } from 'antd/es/locale';
// antd's English locale loads with our English texts, when English is chosen: the login page carries no antd
// (docs/performance.md "Pages in the browser"), so it would carry these texts for nothing.
import zhCN from 'antd/es/locale/zh_CN';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import zh, { type Messages } from './locales/zh-CN';
import { KEYS, storage } from './storage';

export const LANGUAGES = [
  { code: 'zh-CN', label: '简体中文' },
  { code: 'en', label: 'English' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

const ANTD_LOCALES: Partial<Record<Language, Locale>> = { 'zh-CN': zhCN };

function isLanguage(v: unknown): v is Language {
  return LANGUAGES.some((l) => l.code === v);
}

const initial: Language = (() => {
  const saved = storage.get<string>(KEYS.language);
  return isLanguage(saved) ? saved : 'zh-CN';
})();

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zh } },
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Loads our English texts and antd's once; Chinese is built in. */
async function load(lang: Language): Promise<void> {
  if (lang !== 'en' || i18n.hasResourceBundle('en', 'translation')) return;
  const [{ default: texts }, { default: antdTexts }] = await Promise.all([import('./locales/en'), import('antd/es/locale/en_US')]);
  ANTD_LOCALES.en = antdTexts;
  i18n.addResourceBundle('en', 'translation', texts);
}

/** Shows the app in `lang` (loading its texts first) and keeps the choice. */
export async function setLanguage(lang: Language): Promise<void> {
  storage.set(KEYS.language, lang);
  await load(lang).catch(() => undefined); // a failed load leaves the texts in Chinese (the fallback)
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

/** Settles when the saved language is shown (main.tsx renders after it). */
export const i18nReady: Promise<void> = setLanguage(initial);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh-CN';
}

/** antd's texts in `lang`: Chinese until English has loaded (setLanguage loads it before it shows English). */
export function antdLocale(lang: Language): Locale {
  return ANTD_LOCALES[lang] ?? zhCN;
}

/** The current language, re-rendering on change. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : 'zh-CN';
}

/** Picks the text of a `{zh, en}` label (entity and field definitions) for the current language. */
export function useLabel(): (label: Label) => string {
  const lang = useLanguage();
  return (label) => (lang === 'en' ? label.en : label.zh);
}

export { i18n };
