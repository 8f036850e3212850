import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';

/**
 * Departments (机构): a tree per company. Its routes are the org module's own (tree answers, ancestors kept on
 * moves); the definition gives the fields, their messages and the submit validation to server and web.
 */
export const deptEntity = defineEntity({
  name: 'dept',
  table: 'blade_dept',
  api: '/api/blade-system/dept',
  path: '/system/dept',
  label: { zh: '部门管理', en: 'Departments' },
  routes: [],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    deptName: { type: 'string', max: 45, label: { zh: '机构名称', en: 'Name' }, required: '请输入机构名称', list: true, search: true },
    fullName: { type: 'string', max: 45, label: { zh: '机构全称', en: 'Full name' }, list: true, search: true },
    parentId: { type: 'id', label: { zh: '上级机构', en: 'Parent' } },
    deptCategory: { type: 'int', label: { zh: '机构类型', en: 'Category' }, dict: 'org_category', list: true, default: 2 },
    sort: { type: 'int', label: { zh: '排序', en: 'Sort' }, list: true, default: 0 },
    remark: remark({ max: 255 }),
  },
});
