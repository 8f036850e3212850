import { defineEntity } from '../entity.ts';

/**
 * Top menus: the bar above the side menu; each groups some menus (granted with /topmenu/grant). Platform-wide
 * (spec 2 section 7: /api/blade-system/topmenu list, detail, remove, submit, grant).
 */
export const topmenuEntity = defineEntity({
  name: 'topmenu',
  table: 'blade_top_menu',
  api: '/api/blade-system/topmenu',
  path: '/system/topmenu',
  label: { zh: '顶部菜单', en: 'Top menus' },
  tenant: false,
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    name: {
      type: 'string',
      max: 64,
      label: { zh: '菜单名称', en: 'Name' },
      required: '请输入菜单名称',
      list: true,
      search: true,
      sortable: true,
    },
    code: {
      type: 'string',
      max: 64,
      label: { zh: '菜单编号', en: 'Code' },
      required: '请输入菜单编号',
      unique: '菜单编号已存在',
      list: true,
      search: true,
      sortable: true,
    },
    source: { type: 'string', max: 64, label: { zh: '菜单图标', en: 'Icon' }, list: true },
    path: { type: 'string', max: 255, label: { zh: '路由地址', en: 'Path' }, list: true },
    sort: { type: 'int', label: { zh: '菜单排序', en: 'Sort' }, required: '请输入菜单排序', list: true, sortable: true, width: 100, default: 0 },
  },
});
