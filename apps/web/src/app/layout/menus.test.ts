import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../session';
import { shownMenus } from './menus';

const m = (id: string, path: string, children?: MenuNode[], isOpen = 1): MenuNode => ({
  id,
  parentId: '0',
  code: id,
  name: id,
  path,
  isOpen,
  ...(children ? { children } : {}),
});

describe('shownMenus', () => {
  it('leaves out entries without a page and groups left empty; keeps external links', () => {
    const tree = [
      m('system', '/system', [m('param', '/system/param'), m('future', '/system/future')]),
      m('workflow', '/workflow', [m('todo', '/workflow/process/todo')]),
      m('tool', '/tool', [m('docs', '/api/docs', undefined, 2)]),
    ];
    const pages = new Set(['/system/param']);
    const shown = shownMenus(tree, (p) => pages.has(p));
    expect(shown.map((n) => [n.code, (n.children ?? []).map((c) => c.code)])).toEqual([
      ['system', ['param']],
      ['tool', ['docs']],
    ]);
  });
});
