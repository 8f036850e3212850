import { creditCodeError } from '../credit-code.ts';
import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';
import { parentIdField, regionNameField, sortField } from './lookup-common.ts';

/**
 * 企业库 (S2 L483: enterprise category tree and authentication page): enterprises of the trade (施工总承包,
 * 专业承包, 设计, 监理, 造价咨询 …) by category, one row per qualification (资质) an enterprise holds.
 */

export const enterpriseCategoryEntity = defineEntity({
  name: 'db_enterprise_category',
  table: 'db_enterprise_category',
  api: '/prod-api/database/enterprisecategory',
  path: '/databaseData/enterprise',
  label: { zh: '企业分类', en: 'Enterprise categories' },
  routes: [],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    parentId: parentIdField,
    categoryName: { type: 'string', max: 50, label: { zh: '分类名称', en: 'Name' }, required: '请输入分类名称', list: true, search: true },
    sort: sortField,
  },
});

export const enterpriseAuthenticationEntity = defineEntity({
  name: 'db_enterprise_authentication',
  table: 'db_enterprise_authentication',
  api: '/prod-api/database/enterpriseauthentication',
  path: '/databaseData/enterprise',
  label: { zh: '企业资质', en: 'Enterprise qualifications' },
  routes: [],
  defaultSort: { field: 'enterpriseName', dir: 'asc' },
  fields: {
    categoryId: { type: 'id', label: { zh: '企业分类', en: 'Category' }, required: '请选择企业分类', filterable: true },
    enterpriseName: {
      type: 'string',
      max: 100,
      label: { zh: '企业名称', en: 'Enterprise' },
      required: '请输入企业名称',
      list: true,
      search: true,
      sortable: true,
      width: 240,
    },
    creditCode: { type: 'string', max: 18, label: { zh: '统一社会信用代码', en: 'Credit code' }, check: creditCodeError, list: true, search: true },
    regionName: { ...regionNameField, required: undefined },
    legalPerson: { type: 'string', max: 30, label: { zh: '法定代表人', en: 'Legal person' }, list: true },
    qualificationName: {
      type: 'string',
      max: 100,
      label: { zh: '资质名称', en: 'Qualification' },
      required: '请输入资质名称',
      list: true,
      search: true,
      width: 220,
    },
    qualificationLevel: {
      type: 'int',
      range: { min: 1, max: 99 },
      label: { zh: '资质等级', en: 'Level' },
      dict: 'db_qualification_level',
      bizDict: true,
      list: true,
      search: true,
    },
    certificateNo: { type: 'string', max: 50, label: { zh: '证书编号', en: 'Number' }, required: '请输入证书编号', list: true, search: true },
    issueDate: { type: 'date', label: { zh: '发证日期', en: 'Issued' }, list: true, sortable: true },
    validUntil: { type: 'date', label: { zh: '有效期至', en: 'Valid until' }, list: true, sortable: true },
    authority: { type: 'string', max: 100, label: { zh: '发证机关', en: 'Authority' }, list: true },
    sort: sortField,
    remark: remark(),
  },
});
