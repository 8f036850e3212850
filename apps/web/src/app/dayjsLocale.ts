/**
 * dayjs follows the app's language (app/i18n.ts). Loaded with antd (providers.tsx), whose date pickers and every
 * page's dates use it, not with the login page, which shows no date (docs/performance.md "Pages in the browser").
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { currentLanguage, i18n, type Language } from './i18n';

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', en: 'en' };

const follow = () => void dayjs.locale(DAYJS_LOCALES[currentLanguage()]);
follow();
i18n.on('languageChanged', follow);
