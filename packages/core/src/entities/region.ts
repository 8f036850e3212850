import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';

/** Code of the parent of the provinces (the BladeX convention). */
export const REGION_ROOT_CODE = '00';

/**
 * Administrative regions of China (行政区划), platform-wide (spec 2 section 7: /api/blade-system/region list,
 * lazy-tree, detail by code, remove, submit). Level and the province/city/district columns are derived from
 * the parent on submit.
 */
export const regionEntity = defineEntity({
  name: 'region',
  table: 'blade_region',
  api: '/api/blade-system/region',
  path: '/system/region',
  label: { zh: '行政区划', en: 'Regions' },
  tenant: false,
  routes: ['list'],
  defaultSort: { field: 'code', dir: 'asc' },
  fields: {
    parentCode: { type: 'string', max: 12, label: { zh: '上级区划编号', en: 'Parent code' }, filterable: true },
    code: {
      type: 'string',
      max: 12,
      label: { zh: '区划编号', en: 'Code' },
      required: '请输入区划编号',
      unique: '区划编号已存在',
      pattern: { regex: /^\d{2,12}$/, message: '区划编号须为2到12位数字' },
      list: true,
      search: true,
      sortable: true,
    },
    name: { type: 'string', max: 32, label: { zh: '区划名称', en: 'Name' }, required: '请输入区划名称', list: true, search: true, sortable: true },
    regionLevel: { type: 'int', label: { zh: '区划层级', en: 'Level' }, dict: 'region_level', list: true, filterable: true, form: false },
    sort: { type: 'int', label: { zh: '排序', en: 'Sort' }, list: true, sortable: true, default: 0 },
    remark: remark({ max: 255 }),
  },
});
