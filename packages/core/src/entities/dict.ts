import { defineEntity, type EntityDef, type FieldDef } from '../entity.ts';

/**
 * Dictionaries (spec 2 sections 3, 5 and 7): a root ("parent", dictKey -1) names a code; its children are the
 * entries (dictKey → dictValue). The system dictionary is platform-wide, the business dictionary per tenant.
 * The parent and the child definitions share the table and the routes; a child's code is its root's.
 */
const common = {
  dictValue: { type: 'string', max: 255, label: { zh: '字典名称', en: 'Name' }, required: '请输入字典名称', list: true, search: true },
  sort: { type: 'int', label: { zh: '字典排序', en: 'Sort' }, required: '请输入字典排序', list: true, sortable: true, width: 100 },
  isSealed: { type: 'int', label: { zh: '封存', en: 'Sealed' }, required: '请选择封存', dict: 'yes_no', default: 0, list: true, filterable: true, width: 90 },
  remark: { type: 'string', max: 255, label: { zh: '字典备注', en: 'Remark' }, form: 'textarea' },
  // Display hints of the dictData view (spec 2: colorType, cssClass).
  colorType: { type: 'string', max: 100, label: { zh: '颜色类型', en: 'Colour type' }, form: false },
  cssClass: { type: 'string', max: 100, label: { zh: 'CSS样式', en: 'CSS class' }, form: false },
} satisfies Record<string, FieldDef>;

const parentFields = {
  code: { type: 'string', max: 255, label: { zh: '字典编号', en: 'Code' }, required: '请输入字典编号', list: true, search: true, sortable: true },
  ...common,
  parentId: { type: 'id', label: { zh: '上级字典', en: 'Parent' }, form: false, filterable: true },
  dictKey: { type: 'string', max: 255, label: { zh: '字典键值', en: 'Key' }, form: false, filterable: true },
} satisfies Record<string, FieldDef>;

const childFields = {
  parentId: { type: 'id', label: { zh: '上级字典', en: 'Parent' }, form: false },
  code: { type: 'string', max: 255, label: { zh: '字典编号', en: 'Code' }, list: true },
  dictKey: { type: 'string', max: 255, label: { zh: '字典键值', en: 'Key' }, required: '请输入字典键值', list: true },
  ...common,
} satisfies Record<string, FieldDef>;

function dictDefs(base: Pick<EntityDef, 'name' | 'table' | 'api' | 'path' | 'label' | 'tenant'>) {
  const shared = { ...base, routes: ['list', 'detail', 'submit', 'remove'] as EntityDef['routes'], defaultSort: { field: 'sort', dir: 'asc' as const } };
  return {
    parent: defineEntity({ ...shared, fields: structuredClone(parentFields) }),
    child: defineEntity({ ...shared, dialogWidth: 880, fields: structuredClone(childFields) }),
  };
}

const system = dictDefs({
  name: 'dict',
  table: 'blade_dict',
  api: '/api/blade-system/dict',
  path: '/system/dict',
  label: { zh: '系统字典', en: 'System dictionary' },
  tenant: false,
});
const biz = dictDefs({
  name: 'dictbiz',
  table: 'blade_dict_biz',
  api: '/api/blade-system/dict-biz',
  path: '/system/dictbiz',
  label: { zh: '业务字典', en: 'Business dictionary' },
});

export const dictEntity = system.parent;
export const dictChildEntity = system.child;
export const dictBizEntity = biz.parent;
export const dictBizChildEntity = biz.child;
