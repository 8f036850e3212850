import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';

/**
 * Roles, menus, data scopes and API scopes (spec 2 sections 6 and 7; API.md "Menus and permissions").
 * Roles are a tree per tenant; menus, data scopes and API scopes are platform-wide (like menus: only the
 * platform administrator changes them) and tenants' roles are granted them with `role/grant`.
 * Roles and menus have their own routes (trees, grants); the definitions give fields, messages and the
 * submit validation to server and web.
 */
export const roleEntity = defineEntity({
  name: 'role',
  table: 'blade_role',
  api: '/api/blade-system/role',
  path: '/authority/role',
  label: { zh: '角色管理', en: 'Roles' },
  routes: [],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    roleName: { type: 'string', max: 255, label: { zh: '角色名称', en: 'Name' }, required: '请输入角色名称', list: true, search: true },
    roleAlias: {
      type: 'string',
      max: 255,
      label: { zh: '角色别名', en: 'Alias' },
      required: '请输入角色别名',
      list: true,
      search: true,
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: '角色别名只能包含字母、数字、下划线和短横线' },
    },
    parentId: { type: 'id', label: { zh: '上级角色', en: 'Parent' } },
    sort: { type: 'int', label: { zh: '角色排序', en: 'Sort' }, list: true, default: 0 },
  },
});

/** Menu category (1 menu, 2 button), button position (0 toolbar, 1 row, 2 both), isOpen (1 in the app, 2 new window). */
export const MENU_CATEGORY = { menu: 1, button: 2 } as const;

export const menuEntity = defineEntity({
  name: 'menu',
  table: 'blade_menu',
  api: '/api/blade-system/menu',
  path: '/system/menu',
  label: { zh: '菜单管理', en: 'Menus' },
  tenant: false,
  routes: [],
  defaultSort: { field: 'sort', dir: 'asc' },
  dialogWidth: 760,
  fields: {
    name: { type: 'string', max: 255, label: { zh: '菜单名称', en: 'Name' }, required: '请输入菜单名称', list: true, search: true },
    code: {
      type: 'string',
      max: 255,
      label: { zh: '菜单编号', en: 'Code' },
      required: '请输入菜单编号',
      unique: '菜单编号已存在',
      list: true,
      search: true,
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: '菜单编号只能包含字母、数字、下划线和短横线' },
    },
    alias: { type: 'string', max: 255, label: { zh: '菜单别名', en: 'Alias' }, required: '请输入菜单别名', list: true, search: true },
    path: { type: 'string', max: 255, label: { zh: '路由地址', en: 'Path' }, list: true },
    source: { type: 'string', max: 255, label: { zh: '菜单图标', en: 'Icon' }, list: true },
    sort: { type: 'int', label: { zh: '菜单排序', en: 'Sort' }, list: true, default: 0 },
    category: { type: 'int', label: { zh: '菜单类型', en: 'Category' }, dict: 'menu_category', list: true, default: 1 },
    action: { type: 'int', label: { zh: '按钮功能', en: 'Button position' }, dict: 'button_func', default: 0 },
    isOpen: { type: 'int', label: { zh: '新窗口', en: 'New window' }, dict: 'yes_no_open', list: true, default: 1 },
    parentId: { type: 'id', label: { zh: '上级菜单', en: 'Parent' } },
    remark: { type: 'string', max: 255, label: { zh: '菜单备注', en: 'Remark' }, form: 'textarea' },
  },
});

/** Data scope types (dictionary data_scope_type). */
export const DATA_SCOPE_TYPE = { all: 1, own: 2, ownDept: 3, ownDeptAndBelow: 4, custom: 5 } as const;
/** Methods an API scope row may name (dictionary api_scope_type); ALL matches every method. */
export const API_SCOPE_METHODS = ['ALL', 'GET', 'POST', 'PUT', 'DELETE'] as const;
/** Scope categories of blade_role_scope. */
export const SCOPE_CATEGORY = { data: 1, api: 2 } as const;

const menuIdField = {
  type: 'id',
  label: { zh: '所属菜单', en: 'Menu' },
  required: '请选择所属菜单',
  filterable: true,
  form: false,
} as const;
const resourceCodeField = {
  type: 'string',
  max: 64,
  label: { zh: '资源编号', en: 'Resource code' },
  list: true,
  search: true,
  pattern: { regex: /^[A-Za-z0-9_-]+$/, message: '资源编号只能包含字母、数字、下划线和短横线' },
} as const;

/**
 * A data scope of a menu resource: which rows of the resource's lists a role granted it sees. `resourceCode`
 * is the entity name / menu code the lists ask for (defaults to the menu's code). `scopeColumn` names the
 * column tested (a column of the resource's table; by default create_user for 本人可见 and create_dept for the
 * dept types). Type 5 (自定义) takes a comma list of dept ids in `scopeValue` — never SQL (docs/decisions.md).
 */
export const dataScopeEntity = defineEntity({
  name: 'data_scope',
  table: 'blade_scope_data',
  api: '/api/blade-system/data-scope',
  path: '/authority/datascope',
  label: { zh: '数据权限', en: 'Data scopes' },
  tenant: false,
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'createTime', dir: 'asc' },
  fields: {
    menuId: menuIdField,
    resourceCode: resourceCodeField,
    scopeName: { type: 'string', max: 255, label: { zh: '权限名称', en: 'Name' }, required: '请输入数据权限名称', list: true, search: true },
    scopeField: { type: 'string', max: 255, label: { zh: '权限字段', en: 'Fields' }, list: true },
    scopeClass: { type: 'string', max: 500, label: { zh: '权限类名', en: 'Class' } },
    scopeColumn: {
      type: 'string',
      max: 64,
      label: { zh: '权限字段列', en: 'Column' },
      list: true,
      pattern: { regex: /^[a-z][a-z0-9_]{0,62}$/, message: '权限字段列只能是小写字母开头的列名(字母、数字、下划线)' },
    },
    scopeType: {
      type: 'int',
      label: { zh: '规则类型', en: 'Type' },
      dict: 'data_scope_type',
      required: '请选择规则类型',
      list: true,
      search: true,
      default: 1,
    },
    scopeValue: {
      type: 'string',
      max: 2000,
      label: { zh: '规则值', en: 'Value' },
      pattern: { regex: /^\s*\d{1,19}(\s*,\s*\d{1,19})*\s*$/, message: '自定义规则值应为以逗号分隔的部门ID' },
    },
    remark: remark({ max: 255 }),
  },
});

/** An API scope of a menu resource: the calls (path pattern, method) only roles granted it may make. */
export const apiScopeEntity = defineEntity({
  name: 'api_scope',
  table: 'blade_scope_api',
  api: '/api/blade-system/api-scope',
  path: '/authority/apiscope',
  label: { zh: '接口权限', en: 'API scopes' },
  tenant: false,
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'createTime', dir: 'asc' },
  fields: {
    menuId: menuIdField,
    resourceCode: resourceCodeField,
    scopeName: { type: 'string', max: 255, label: { zh: '接口名称', en: 'Name' }, required: '请输入接口权限名称', list: true, search: true },
    scopePath: {
      type: 'string',
      max: 255,
      label: { zh: '接口路径', en: 'Path' },
      required: '请输入接口路径',
      list: true,
      search: true,
      pattern: { regex: /^\/[A-Za-z0-9_\-./*:{}]*$/, message: '接口路径应以/开头,可用*匹配一段、**匹配多段' },
    },
    scopeType: {
      type: 'string',
      max: 10,
      label: { zh: '请求方法', en: 'Method' },
      dict: 'api_scope_type',
      required: '请选择请求方法',
      list: true,
      default: 'ALL',
      pattern: { regex: /^(ALL|GET|POST|PUT|DELETE)$/, message: '请求方法只能是ALL、GET、POST、PUT或DELETE' },
    },
    remark: remark({ max: 255 }),
  },
});
