import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';
import { parentIdField, sortField } from './lookup-common.ts';

/**
 * 人才库 and 专家库 (S1 L16, L51, L160; S2 L52 /databaseData/expert): category trees (talentcategory,
 * expertTalentCategory), the specialities of a category (talentspeciality, experttalentspeciality, by
 * expertTalentCategoryId) and the people with their certificates (certificationinfo … seniorPage). One table of
 * each for both pools, told apart by `pool` (LOOKUP_POOL).
 */

/** Which pool a category, speciality or certificate belongs to. */
export const LOOKUP_POOL = { talent: 1, expert: 2 } as const;
export type LookupPool = keyof typeof LOOKUP_POOL;

const poolField = {
  type: 'int',
  label: { zh: '所属库', en: 'Pool' },
  dict: 'db_pool',
  bizDict: true,
  required: '请选择所属库',
  range: { min: 1, max: 2 },
  list: true,
  filterable: true,
} as const;

export const talentCategoryEntity = defineEntity({
  name: 'db_talent_category',
  table: 'db_talent_category',
  api: '/prod-api/database/talentcategory',
  path: '/databaseData/talent',
  label: { zh: '人才专家分类', en: 'Talent categories' },
  routes: [],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    pool: poolField,
    parentId: parentIdField,
    categoryName: { type: 'string', max: 50, label: { zh: '分类名称', en: 'Name' }, required: '请输入分类名称', list: true, search: true },
    sort: sortField,
  },
});

export const specialityEntity = defineEntity({
  name: 'db_speciality',
  table: 'db_speciality',
  api: '/prod-api/database/talentspeciality',
  path: '/databaseData/talent',
  label: { zh: '专业', en: 'Specialities' },
  routes: [],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    pool: poolField,
    categoryId: { type: 'id', label: { zh: '所属分类', en: 'Category' }, required: '请选择所属分类', filterable: true },
    specialityName: { type: 'string', max: 50, label: { zh: '专业名称', en: 'Name' }, required: '请输入专业名称', list: true, search: true },
    description: { type: 'string', max: 500, label: { zh: '专业说明', en: 'Description' }, list: true },
    sort: sortField,
  },
});

export const certificationInfoEntity = defineEntity({
  name: 'db_certification_info',
  table: 'db_certification_info',
  api: '/prod-api/database/certificationinfo',
  path: '/databaseData/talent',
  label: { zh: '人员证书', en: 'Certificates' },
  routes: [],
  defaultSort: { field: 'issueDate', dir: 'desc' },
  fields: {
    pool: poolField,
    categoryId: { type: 'id', label: { zh: '所属分类', en: 'Category' }, required: '请选择所属分类', filterable: true },
    specialityId: { type: 'id', label: { zh: '专业', en: 'Speciality' }, filterable: true },
    personName: { type: 'string', max: 30, label: { zh: '姓名', en: 'Name' }, required: '请输入姓名', list: true, search: true },
    gender: { type: 'string', max: 2, label: { zh: '性别', en: 'Gender' }, list: true },
    title: { type: 'string', max: 30, label: { zh: '职称', en: 'Title' }, list: true, search: true },
    workUnit: { type: 'string', max: 100, label: { zh: '工作单位', en: 'Employer' }, list: true, search: true, width: 220 },
    workYears: { type: 'int', label: { zh: '从业年限', en: 'Years' }, range: { min: 0, max: 70 }, list: true, sortable: true },
    certificateName: { type: 'string', max: 50, label: { zh: '证书名称', en: 'Certificate' }, required: '请输入证书名称', list: true, search: true },
    certificateLevel: {
      type: 'int',
      range: { min: 1, max: 99 },
      label: { zh: '证书等级', en: 'Level' },
      dict: 'db_certificate_level',
      bizDict: true,
      list: true,
      search: true,
    },
    certificateNo: { type: 'string', max: 50, label: { zh: '证书编号', en: 'Number' }, required: '请输入证书编号', list: true, search: true },
    issueDate: { type: 'date', label: { zh: '发证日期', en: 'Issued' }, list: true, sortable: true },
    validUntil: { type: 'date', label: { zh: '有效期至', en: 'Valid until' }, list: true, sortable: true },
    issuer: { type: 'string', max: 100, label: { zh: '发证机关', en: 'Issuer' }, list: true },
    remark: remark(),
  },
});
