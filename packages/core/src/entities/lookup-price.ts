import { defineEntity } from '../entity.ts';
import { money, remark } from '../field-presets.ts';
import { periodField, regionCodeField, regionNameField, sortField } from './lookup-common.ts';

/**
 * 价格库 (S1 L16, L159-160: projectpriceindex, projectpricedetail, unitpriceindex): the published cost indices a
 * consultant prices a job against — a project type's cost per m² in a region and quarter, split into its parts
 * (土建, 安装, 装饰 …), and the unit prices of labour, materials and machinery. Read-only lookups
 * (lookup-common.ts); the answers are the tables' rows.
 */

export const projectPriceIndexEntity = defineEntity({
  name: 'db_project_price_index',
  table: 'db_project_price_index',
  api: '/prod-api/database/projectpriceindex',
  path: '/databaseData/price',
  label: { zh: '工程造价指标', en: 'Project cost indices' },
  routes: [],
  defaultSort: { field: 'period', dir: 'desc' },
  fields: {
    indexName: { type: 'string', max: 100, label: { zh: '指标名称', en: 'Name' }, required: '请输入指标名称', list: true, search: true, width: 260 },
    regionCode: regionCodeField,
    regionName: regionNameField,
    period: periodField,
    projectType: {
      type: 'int',
      range: { min: 1, max: 999 },
      label: { zh: '工程类型', en: 'Project type' },
      dict: 'db_project_type',
      bizDict: true,
      required: '请选择工程类型',
      list: true,
      search: true,
    },
    structureType: { type: 'string', max: 30, label: { zh: '结构类型', en: 'Structure' }, list: true, filterable: true },
    unitPrice: money({ zh: '造价指标(元/m²)', en: 'Cost per m²' }, { required: '请输入造价指标', list: true, sortable: true }),
    changeRate: money({ zh: '环比(%)', en: 'Change %' }, { list: true }),
    sampleCount: { type: 'int', label: { zh: '样本数', en: 'Samples' }, range: { min: 0, max: 100000 }, list: true },
    publishDate: { type: 'date', label: { zh: '发布日期', en: 'Published' }, list: true, sortable: true },
    publisher: { type: 'string', max: 100, label: { zh: '发布机构', en: 'Publisher' }, list: true },
    remark: remark(),
  },
});

export const projectPriceDetailEntity = defineEntity({
  name: 'db_project_price_detail',
  table: 'db_project_price_detail',
  api: '/prod-api/database/projectpricedetail',
  path: '/databaseData/price',
  label: { zh: '造价指标明细', en: 'Cost index details' },
  routes: [],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    indexId: { type: 'id', label: { zh: '所属指标', en: 'Index' }, required: '请选择所属指标', filterable: true },
    itemName: { type: 'string', max: 50, label: { zh: '费用组成', en: 'Part' }, required: '请输入费用组成', list: true, search: true },
    itemPrice: money({ zh: '指标(元/m²)', en: 'Cost per m²' }, { required: '请输入指标', list: true }),
    ratio: money({ zh: '占比(%)', en: 'Share %' }, { list: true }),
    sort: sortField,
  },
});

export const unitPriceIndexEntity = defineEntity({
  name: 'db_unit_price_index',
  table: 'db_unit_price_index',
  api: '/prod-api/database/unitpriceindex',
  path: '/databaseData/price',
  label: { zh: '单价指标', en: 'Unit prices' },
  routes: [],
  defaultSort: { field: 'period', dir: 'desc' },
  fields: {
    regionCode: regionCodeField,
    regionName: regionNameField,
    period: periodField,
    category: {
      type: 'int',
      range: { min: 1, max: 999 },
      label: { zh: '类别', en: 'Category' },
      dict: 'db_unit_price_category',
      bizDict: true,
      required: '请选择类别',
      list: true,
      search: true,
    },
    itemCode: { type: 'string', max: 30, label: { zh: '编码', en: 'Code' }, list: true, search: true },
    itemName: { type: 'string', max: 100, label: { zh: '名称', en: 'Name' }, required: '请输入名称', list: true, search: true, width: 200 },
    spec: { type: 'string', max: 100, label: { zh: '规格型号', en: 'Specification' }, list: true },
    unit: { type: 'string', max: 20, label: { zh: '单位', en: 'Unit' }, required: '请输入单位', list: true },
    price: money({ zh: '单价(元)', en: 'Price' }, { required: '请输入单价', list: true, sortable: true }),
    changeRate: money({ zh: '环比(%)', en: 'Change %' }, { list: true }),
    publishDate: { type: 'date', label: { zh: '发布日期', en: 'Published' }, list: true },
    remark: remark(),
  },
});
