import { defineEntity } from '../entity.ts';
import { money, remark } from '../field-presets.ts';
import { MONTH_RE } from './salary.ts';
import { parentIdField, regionNameField, sortField } from './lookup-common.ts';

/**
 * 材料库 (S2 L481: material category tree, children list, details, history page): the materials a consultant
 * prices (钢材, 水泥, 商品混凝土 …) by category, each with its latest information price and its price history by
 * region and month.
 */

export const materialCategoryEntity = defineEntity({
  name: 'db_material_category',
  table: 'db_material_category',
  api: '/prod-api/database/materialcategory',
  path: '/databaseData/material',
  label: { zh: '材料分类', en: 'Material categories' },
  routes: [],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    parentId: parentIdField,
    categoryCode: { type: 'string', max: 20, label: { zh: '分类编码', en: 'Code' }, list: true },
    categoryName: { type: 'string', max: 50, label: { zh: '分类名称', en: 'Name' }, required: '请输入分类名称', list: true, search: true },
    sort: sortField,
  },
});

export const materialInfoEntity = defineEntity({
  name: 'db_material_info',
  table: 'db_material_info',
  api: '/prod-api/database/materialinfo',
  path: '/databaseData/material',
  label: { zh: '材料信息', en: 'Materials' },
  routes: [],
  defaultSort: { field: 'materialCode', dir: 'asc' },
  fields: {
    categoryId: { type: 'id', label: { zh: '材料分类', en: 'Category' }, required: '请选择材料分类', filterable: true },
    materialCode: { type: 'string', max: 30, label: { zh: '材料编码', en: 'Code' }, required: '请输入材料编码', list: true, search: true, sortable: true },
    materialName: { type: 'string', max: 100, label: { zh: '材料名称', en: 'Name' }, required: '请输入材料名称', list: true, search: true, width: 200 },
    spec: { type: 'string', max: 100, label: { zh: '规格型号', en: 'Specification' }, list: true, search: true },
    unit: { type: 'string', max: 20, label: { zh: '单位', en: 'Unit' }, required: '请输入单位', list: true },
    brand: { type: 'string', max: 50, label: { zh: '品牌/产地', en: 'Brand' }, list: true },
    price: money({ zh: '最新信息价(元)', en: 'Latest price' }, { list: true, sortable: true }),
    priceDate: { type: 'string', max: 7, label: { zh: '价格月份', en: 'Month' }, list: true },
    remark: remark(),
  },
});

export const materialPriceEntity = defineEntity({
  name: 'db_material_price',
  table: 'db_material_price',
  api: '/prod-api/database/materialprice',
  path: '/databaseData/material',
  label: { zh: '材料价格历史', en: 'Material price history' },
  routes: [],
  defaultSort: { field: 'priceMonth', dir: 'desc' },
  fields: {
    materialId: { type: 'id', label: { zh: '材料', en: 'Material' }, required: '请选择材料', filterable: true },
    regionName: regionNameField,
    priceMonth: {
      type: 'string',
      max: 7,
      label: { zh: '价格月份', en: 'Month' },
      required: '请输入价格月份',
      pattern: { regex: MONTH_RE, message: '价格月份格式应为yyyy-MM' },
      list: true,
      filterable: true,
      sortable: true,
    },
    price: money({ zh: '信息价(元)', en: 'Price' }, { required: '请输入信息价', list: true }),
    taxIncluded: { type: 'int', label: { zh: '含税', en: 'Tax included' }, dict: 'yes_no', range: { min: 0, max: 1 }, default: 1, list: true },
  },
});
