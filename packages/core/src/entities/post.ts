import { defineEntity } from '../entity.ts';

/** Posts of a company (spec 2 section 7: /api/blade-system/post list, select, detail, remove, submit). */
export const postEntity = defineEntity({
  name: 'post',
  table: 'blade_post',
  api: '/api/blade-system/post',
  path: '/system/post',
  label: { zh: '岗位管理', en: 'Posts' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    category: {
      type: 'int',
      label: { zh: '岗位类型', en: 'Category' },
      dict: 'post_category',
      required: '请选择岗位类型',
      list: true,
      search: true,
      width: 120,
    },
    postCode: {
      type: 'string',
      max: 12,
      label: { zh: '岗位编号', en: 'Code' },
      required: '请输入岗位编号',
      unique: '岗位编号已存在',
      list: true,
      search: true,
      sortable: true,
    },
    postName: {
      type: 'string',
      max: 64,
      label: { zh: '岗位名称', en: 'Name' },
      required: '请输入岗位名称',
      list: true,
      search: true,
      sortable: true,
    },
    sort: { type: 'int', label: { zh: '岗位排序', en: 'Sort' }, required: '请输入岗位排序', list: true, sortable: true, width: 100, default: 0 },
    remark: { type: 'string', max: 255, label: { zh: '岗位描述', en: 'Description' }, form: 'textarea' },
  },
});
