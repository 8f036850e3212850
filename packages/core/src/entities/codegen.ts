import { defineEntity } from '../entity.ts';

/**
 * 数据模型 (S2 L405-407, BUSINESS.md WP8b): a table of a data source read for the code generator. `datasourceId`
 * empty is the product's own database (BladeX's master data source); otherwise one of 数据源管理's, reachable only
 * within the data-source rules (DATASOURCE_ALLOWED_HOSTS).
 */
export const modelEntity = defineEntity({
  name: 'model',
  table: 'blade_model',
  api: '/api/blade-develop/model',
  path: '/tool/model',
  label: { zh: '数据模型', en: 'Data models' },
  routes: ['list', 'detail', 'submit', 'remove'],
  dialogWidth: 760,
  fields: {
    datasourceId: { type: 'id', label: { zh: '数据源', en: 'Data source' }, list: true, filterable: true },
    modelName: { type: 'string', max: 100, label: { zh: '模型名称', en: 'Name' }, required: '请输入模型名称', list: true, search: true },
    modelCode: {
      type: 'string',
      max: 64,
      label: { zh: '模型编号', en: 'Code' },
      required: '请输入模型编号',
      pattern: { regex: /^[a-z][a-zA-Z0-9]*$/, message: '模型编号须以小写字母开头,只含字母和数字' },
      list: true,
      search: true,
    },
    modelTable: {
      type: 'string',
      max: 64,
      label: { zh: '模型表名', en: 'Table' },
      required: '请选择模型表名',
      pattern: { regex: /^[a-z_][a-z0-9_]*$/, message: '表名只能包含小写字母、数字和下划线' },
      list: true,
      search: true,
    },
    modelClass: { type: 'string', max: 100, label: { zh: '模型类名', en: 'Class' }, list: true },
    modelRemark: { type: 'string', max: 255, label: { zh: '模型备注', en: 'Remark' }, form: 'textarea' },
  },
});

/** A column of a model as the generated list, form and search show it (model-prototype). */
export const modelPrototypeEntity = defineEntity({
  name: 'model_prototype',
  table: 'blade_model_prototype',
  api: '/api/blade-develop/model-prototype',
  path: '/tool/model',
  label: { zh: '模型字段', en: 'Model columns' },
  routes: [],
  // In the order the columns were saved (the table's order).
  defaultSort: { field: 'id', dir: 'asc' },
  fields: {
    modelId: { type: 'id', label: { zh: '数据模型', en: 'Model' } },
    jdbcName: { type: 'string', max: 64, label: { zh: '列名', en: 'Column' }, required: '请输入列名' },
    jdbcType: { type: 'string', max: 64, label: { zh: '列类型', en: 'Column type' } },
    comment: { type: 'string', max: 255, label: { zh: '注释', en: 'Comment' } },
    propertyType: { type: 'string', max: 32, label: { zh: '字段类型', en: 'Type' } },
    propertyName: { type: 'string', max: 64, label: { zh: '字段名', en: 'Property' } },
    isList: { type: 'int', label: { zh: '列表显示', en: 'In list' }, default: 1 },
    isForm: { type: 'int', label: { zh: '表单显示', en: 'In form' }, default: 1 },
    isRow: { type: 'int', label: { zh: '独占一行', en: 'Full row' }, default: 0 },
    componentType: { type: 'string', max: 32, label: { zh: '组件类型', en: 'Component' }, default: 'input' },
    dictCode: { type: 'string', max: 64, label: { zh: '字典编码', en: 'Dictionary' } },
    isRequired: { type: 'int', label: { zh: '必填', en: 'Required' }, default: 0 },
    isQuery: { type: 'int', label: { zh: '查询', en: 'Query' }, default: 0 },
    queryType: { type: 'string', max: 16, label: { zh: '查询方式', en: 'Query type' }, default: 'like' },
  },
});

/** 代码生成: what to generate of a model — its name, prefix, paths; `gen-code` answers the files in this codebase's shape. */
export const codeEntity = defineEntity({
  name: 'code',
  table: 'blade_code',
  api: '/api/blade-develop/code',
  path: '/tool/code',
  label: { zh: '代码生成', en: 'Code generator' },
  routes: ['list', 'detail', 'submit', 'remove'],
  dialogWidth: 760,
  fields: {
    modelId: { type: 'id', label: { zh: '数据模型', en: 'Model' }, required: '请选择数据模型', list: true },
    serviceName: { type: 'string', max: 64, label: { zh: '服务名称', en: 'Service' }, default: 'business', list: true },
    codeName: { type: 'string', max: 64, label: { zh: '模块名称', en: 'Module name' }, required: '请输入模块名称', list: true, search: true },
    tableName: { type: 'string', max: 64, label: { zh: '表名', en: 'Table' }, list: true, form: false },
    tablePrefix: { type: 'string', max: 32, label: { zh: '表前缀', en: 'Table prefix' }, default: 'hjl_', list: true },
    pkName: { type: 'string', max: 32, label: { zh: '主键名', en: 'Primary key' }, default: 'id' },
    packageName: { type: 'string', max: 100, label: { zh: '包名', en: 'Package' }, default: '@hjl/core' },
    baseMode: { type: 'int', label: { zh: '基础业务', en: 'Base mode' }, default: 1 },
    wrapMode: { type: 'int', label: { zh: '包装器', en: 'Wrap mode' }, default: 1 },
    apiPath: { type: 'string', max: 200, label: { zh: '后端路径', en: 'API path' }, list: true },
    webPath: { type: 'string', max: 200, label: { zh: '前端路径', en: 'Web path' }, list: true },
    templateType: { type: 'string', max: 16, label: { zh: '模板类型', en: 'Template' }, default: 'crud' },
    author: { type: 'string', max: 64, label: { zh: '作者', en: 'Author' } },
    subModelId: { type: 'id', label: { zh: '子表模型', en: 'Sub model' } },
    subFkId: { type: 'string', max: 64, label: { zh: '子表外键', en: 'Sub foreign key' } },
    treeId: { type: 'string', max: 64, label: { zh: '树主键', en: 'Tree id' } },
    treePid: { type: 'string', max: 64, label: { zh: '树父主键', en: 'Tree parent id' } },
    treeName: { type: 'string', max: 64, label: { zh: '树名称', en: 'Tree name' } },
  },
});
