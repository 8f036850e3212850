import { theme as antdTheme } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';

async function load() {
  vi.resetModules();
  return import('./theme');
}

beforeEach(() => localStorage.clear());

describe('themes', () => {
  it('has the 11 themes of the spec, default first, colour #409EFF by default', async () => {
    const m = await load();
    expect(m.THEMES.map((t) => t.key)).toEqual(['default', 'white', 'dark', 'star', 'smart-blue', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte']);
    expect(m.getTheme()).toMatchObject({ theme: { key: 'default' }, color: '#409EFF' });
    expect(m.antdThemeOf(m.getTheme()).token).toMatchObject({ colorPrimary: '#409EFF' });
  });

  it('keeps the chosen theme and colour per browser; ignores unknown themes and bad colours', async () => {
    let m = await load();
    m.setThemeName('dark');
    m.setThemeColor('#11a983');
    m.setThemeName('nope');
    m.setThemeColor('red');
    m = await load();
    const state = m.getTheme();
    expect(state).toMatchObject({ theme: { key: 'dark' }, color: '#11A983' });
    const config = m.antdThemeOf(state);
    expect(config.algorithm).toBe(antdTheme.darkAlgorithm);
    expect(config.token).toMatchObject({ colorPrimary: '#11A983' });
    expect(m.shellCssVars(state.theme)['--shell-sider-bg']).toBe(state.theme.siderBg);
  });
});
