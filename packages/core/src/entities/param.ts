import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';

/** System parameters (spec 1 sections 3 and 5). */
export const paramEntity = defineEntity({
  name: 'param',
  table: 'blade_param',
  api: '/api/blade-system/param',
  path: '/system/param',
  label: { zh: '参数管理', en: 'Parameters' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  fields: {
    paramName: {
      type: 'string',
      max: 255,
      label: { zh: '参数名称', en: 'Name' },
      required: '请输入参数名称',
      list: true,
      search: true,
      trigramIndex: true,
      sortable: true,
    },
    paramKey: {
      type: 'string',
      max: 255,
      label: { zh: '参数键名', en: 'Key' },
      required: '请输入参数键名',
      list: true,
      search: true,
      trigramIndex: true,
      sortable: true,
    },
    paramValue: {
      type: 'text',
      label: { zh: '参数键值', en: 'Value' },
      required: '请输入参数键值',
      list: true,
      form: 'textarea',
    },
    remark: remark({ max: 255 }),
  },
});
