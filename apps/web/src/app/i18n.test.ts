import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('languages', () => {
  it('starts in Chinese with no English texts loaded; choosing English loads them, and is kept', async () => {
    const m = await import('./i18n');
    await m.i18nReady;
    expect(m.i18n.t('layout.workbench')).toBe('工作台');
    expect(m.i18n.hasResourceBundle('en', 'translation')).toBe(false);
    await m.setLanguage('en');
    expect(m.i18n.t('layout.workbench')).toBe('Workbench');
    expect(m.antdLocale('en').locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    vi.resetModules();
    const again = await import('./i18n');
    await again.i18nReady; // a reload with English saved shows English from the first render
    expect(again.currentLanguage()).toBe('en');
    expect(again.i18n.t('layout.workbench')).toBe('Workbench');
    await again.setLanguage('zh-CN');
  });
});
