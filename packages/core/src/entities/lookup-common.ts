import type { FieldDef } from '../entity.ts';

/**
 * What the lookup databases (价格库, 人才库/专家库, 材料库, 知识库, 企业库; S1 L16, L51, L159-160; S2 L52, L480-483)
 * share: they are read-only for users (no generic routes: the server answers them at the specs' /prod-api paths),
 * filled by an administrator through Excel import, and their category tables are trees by `parentId`.
 */

/** The menu codes of the lookup pages (also the permission codes of their /prod-api calls). */
export const LOOKUP_MENU = {
  folder: 'lookup',
  price: 'lookup_price',
  talent: 'lookup_talent',
  expert: 'lookup_expert',
  material: 'lookup_material',
  knowledge: 'lookup_knowledge',
  enterprise: 'lookup_enterprise',
  /** 数据导入: the administrator's page of templates and imports of every lookup table. */
  import: 'lookup_import',
} as const;

/** The parent of a category (0: a root). */
export const parentIdField = {
  type: 'id',
  label: { zh: '上级分类', en: 'Parent' },
  required: '请选择上级分类',
  default: '0',
  filterable: true,
} as const satisfies FieldDef;

export const sortField = {
  type: 'int',
  label: { zh: '排序', en: 'Sort' },
  default: 0,
  range: { min: 0, max: 99999 },
  sortable: true,
} as const satisfies FieldDef;

/** The 6-digit region code a lookup row is published for (320100 南京市), filtered with the regions under it. */
export const regionCodeField = {
  type: 'string',
  max: 12,
  label: { zh: '地区编码', en: 'Region code' },
  required: '请输入地区编码',
  filterable: true,
  regionTree: true,
} as const satisfies FieldDef;

export const regionNameField = {
  type: 'string',
  max: 50,
  label: { zh: '地区', en: 'Region' },
  required: '请输入地区',
  list: true,
  search: true,
} as const satisfies FieldDef;

/** A quarter as the published indices name it: 2026Q3. */
export const PERIOD_RE = /^\d{4}Q[1-4]$/;
export const periodField = {
  type: 'string',
  max: 7,
  label: { zh: '期次', en: 'Period' },
  required: '请输入期次',
  pattern: { regex: PERIOD_RE, message: '期次格式应为年份加季度,如2026Q3' },
  list: true,
  filterable: true,
  sortable: true,
} as const satisfies FieldDef;
