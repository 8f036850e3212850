/** Every menu the server seeds names an icon of the list (a missing one fell back to the neutral icon, unnoticed). */
import { describe, expect, it } from 'vitest';
// The menu tree the server seeds (plain data, no imports).
import { menuSeed, type MenuSeed } from '../../../../server/src/seed/menus';
import { isMenuIcon } from './menuIcons';

const allMenus = (ms: readonly MenuSeed[]): MenuSeed[] => ms.flatMap((m) => [m, ...allMenus(m.children ?? [])]);

describe('the seeded menus’ icons', () => {
  it('are all in the menu icon list', () => {
    const menus = allMenus(menuSeed).filter((m) => m.source);
    expect(menus.length).toBeGreaterThan(40);
    expect(menus.filter((m) => !isMenuIcon(m.source)).map((m) => `${m.code}: ${m.source}`)).toEqual([]);
  });
});
