/**
 * The menu tree of every screen that exists, with its button codes. Menus are platform-wide and matched by
 * code: on every start, codes missing from the database are added (an administrator's edits are kept).
 * Each business area adds its own entries here.
 */
export interface MenuSeed {
  code: string;
  name: string;
  path?: string;
  source?: string;
  sort: number;
  isOpen?: 1 | 2;
  alias?: string;
  children?: MenuSeed[];
  /** Buttons: code, name, action (0 toolbar, 1 row, 2 both). */
  buttons?: { code: string; name: string; action: 0 | 1 | 2; alias: string }[];
}

/** The usual buttons of an entity list page. */
export const crudButtons = (code: string) => [
  { code: `${code}_add`, name: '新增', action: 0 as const, alias: 'add' },
  { code: `${code}_edit`, name: '修改', action: 2 as const, alias: 'edit' },
  { code: `${code}_delete`, name: '删除', action: 2 as const, alias: 'delete' },
  { code: `${code}_view`, name: '查看', action: 1 as const, alias: 'view' },
];

export const menuSeed: MenuSeed[] = [
  {
    code: 'desk', name: '工作台', path: '/desk', source: 'DesktopOutlined', sort: 1,
    children: [{ code: 'notice', name: '通知公告', path: '/desk/notice', source: 'NotificationOutlined', sort: 1, buttons: crudButtons('notice') }],
  },
  {
    code: 'system', name: '系统管理', path: '/system', source: 'SettingOutlined', sort: 90,
    children: [{ code: 'param', name: '参数管理', path: '/system/param', source: 'ProfileOutlined', sort: 10, buttons: crudButtons('param') }],
  },
  {
    code: 'tool', name: '研发工具', path: '/tool', source: 'ToolOutlined', sort: 99,
    children: [{ code: 'api_doc', name: '接口文档', path: '/api/docs', source: 'ApiOutlined', sort: 1, isOpen: 2 }],
  },
];
