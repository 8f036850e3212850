import { defineEntity } from '../entity.ts';
import { ID_LIST_RE } from '../values.ts';
import { remark } from '../field-presets.ts';

/**
 * Design time of the approval workflow (WORKFLOW.md "Design time"; spec 1 section 7 and spec 2 section 7,
 * /api/blade-workflow/design/...): categories, conditions, buttons, form default values, forms and models with
 * their history versions, model scope (who may start) and drafts. The routes live in
 * apps/server/src/modules/workflow (design-*.ts, draft.ts).
 */

const KEY_RULE = { regex: /^[A-Za-z_][A-Za-z0-9_.-]*$/, message: '标识只能包含字母、数字、下划线、点和中划线,且以字母或下划线开头' };

/** Process categories (流程分类): a tree per tenant; `status` 1 enabled, 2 disabled. */
export const wfCategoryEntity = defineEntity({
  name: 'wf_category',
  table: 'blade_wf_category',
  api: '/api/blade-workflow/design/category',
  path: '/workflow/design/category',
  label: { zh: '流程分类', en: 'Process categories' },
  // list, listType, tree and allTree answer trees and arrays: the module's own routes.
  routes: ['detail', 'submit', 'remove'],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    name: { type: 'string', max: 64, label: { zh: '分类名称', en: 'Name' }, required: '请输入分类名称', list: true, search: true },
    /**
     * A stable name of the category (optional, unique in the tenant): seeds and imported models name a category by
     * it (`leave`, `expense` …); definitions, forms and models store the category's id.
     */
    code: { type: 'string', max: 64, label: { zh: '分类编码', en: 'Code' }, unique: '分类编码已存在', pattern: KEY_RULE, list: true, search: true },
    parentId: { type: 'id', label: { zh: '上级分类', en: 'Parent' }, filterable: true },
    sort: { type: 'int', label: { zh: '排序', en: 'Sort' }, list: true, sortable: true, default: 0 },
    remark: remark({ max: 255 }),
  },
});

/** Conditions (流程条件): named expression snippets the designer offers; `status` 1 enabled, 2 disabled. */
export const wfConditionEntity = defineEntity({
  name: 'wf_condition',
  table: 'blade_wf_condition',
  api: '/api/blade-workflow/design/condition',
  path: '/workflow/design/condition',
  label: { zh: '流程条件', en: 'Conditions' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    name: { type: 'string', max: 64, label: { zh: '条件名称', en: 'Name' }, required: '请输入条件名称', list: true, search: true },
    type: {
      type: 'int',
      label: { zh: '条件类型', en: 'Type' },
      dict: 'wf_condition_type',
      required: '请选择条件类型',
      list: true,
      search: true,
      default: 1,
      width: 120,
    },
    expression: {
      type: 'string',
      max: 500,
      label: { zh: '条件表达式', en: 'Expression' },
      required: '请输入条件表达式',
      list: true,
      search: true,
      pattern: { regex: /^\s*[$#]\{[\s\S]+\}\s*$/, message: '条件表达式应写成${...}的形式' },
    },
    sort: { type: 'int', label: { zh: '排序', en: 'Sort' }, list: true, sortable: true, default: 0 },
    remark: remark({ max: 255 }),
  },
});

/** Condition types (dictionary `wf_condition_type`). */
export const WF_CONDITION_TYPE = { flow: 1, assignee: 2 } as const;

/** Buttons (流程按钮): the catalogue of actions a user-task node may offer; `status` 1 enabled, 2 disabled. */
export const wfButtonEntity = defineEntity({
  name: 'wf_button',
  table: 'blade_wf_button',
  api: '/api/blade-workflow/design/button',
  path: '/workflow/design/button',
  label: { zh: '流程按钮', en: 'Buttons' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    buttonKey: {
      type: 'string',
      max: 64,
      label: { zh: '按钮编号', en: 'Code' },
      required: '请输入按钮编号',
      unique: '按钮编号已存在',
      list: true,
      search: true,
      pattern: { regex: /^[A-Za-z][A-Za-z0-9_]*$/, message: '按钮编号只能包含字母、数字和下划线,且以字母开头' },
    },
    name: { type: 'string', max: 64, label: { zh: '按钮名称', en: 'Name' }, required: '请输入按钮名称', list: true, search: true },
    sort: { type: 'int', label: { zh: '排序', en: 'Sort' }, list: true, sortable: true, default: 0 },
    remark: remark({ max: 255 }),
  },
});

/** The standard buttons catalogue (seeded per tenant). */
export const WF_STANDARD_BUTTONS: [key: string, name: string][] = [
  ['wf_pass', '同意'],
  ['wf_reject', '驳回'],
  ['wf_print', '打印'],
  ['wf_transfer', '转办'],
  ['wf_delegate', '委托'],
  ['wf_terminate', '终止'],
  ['wf_add_instance', '加签'],
  ['wf_delete_instance', '减签'],
  ['wf_rollback', '回退'],
];

/** Form default values (表单默认值): named values or expressions a form field may start with. */
export const wfFormDefaultEntity = defineEntity({
  name: 'wf_form_default',
  table: 'blade_wf_form_default_values',
  api: '/api/blade-workflow/design/form-default-values',
  path: '/workflow/design/form-default-values',
  label: { zh: '表单默认值', en: 'Form default values' },
  routes: ['list', 'detail', 'submit', 'remove'],
  fields: {
    name: { type: 'string', max: 64, label: { zh: '名称', en: 'Name' }, required: '请输入名称', list: true, search: true },
    content: { type: 'string', max: 500, label: { zh: '默认值', en: 'Value' }, required: '请输入默认值', list: true },
    fieldType: { type: 'string', max: 32, label: { zh: '适用字段类型', en: 'Field type' }, list: true, search: true },
    remark: remark({ max: 255 }),
  },
});

/** Forms (表单设计): a field list (`content`, JSON of FormColumn[]) with history versions. */
export const wfFormEntity = defineEntity({
  name: 'wf_form',
  table: 'blade_wf_form',
  api: '/api/blade-workflow/design/form',
  path: '/workflow/design/form',
  label: { zh: '表单设计', en: 'Forms' },
  // submit is the module's own (it writes a history version).
  routes: ['list', 'detail', 'remove'],
  fields: {
    formKey: {
      type: 'string',
      max: 64,
      label: { zh: '表单标识', en: 'Key' },
      required: '请输入表单标识',
      unique: '表单标识已存在',
      pattern: KEY_RULE,
      list: true,
      search: true,
    },
    name: { type: 'string', max: 64, label: { zh: '表单名称', en: 'Name' }, required: '请输入表单名称', list: true, search: true },
    categoryId: { type: 'id', label: { zh: '流程分类', en: 'Category' }, filterable: true },
    content: { type: 'text', label: { zh: '表单字段', en: 'Fields' }, form: false },
    version: { type: 'int', label: { zh: '版本', en: 'Version' }, list: true, form: false },
    remark: remark({ max: 255 }),
  },
});

export const wfFormHistoryEntity = defineEntity({
  name: 'wf_form_history',
  table: 'blade_wf_form_history',
  api: '/api/blade-workflow/design/form/history',
  path: '/workflow/design/form/history',
  label: { zh: '表单历史版本', en: 'Form versions' },
  routes: ['list', 'detail', 'remove'],
  defaultSort: { field: 'version', dir: 'desc' },
  fields: {
    formId: { type: 'id', label: { zh: '表单', en: 'Form' }, filterable: true },
    formKey: { type: 'string', max: 64, label: { zh: '表单标识', en: 'Key' }, list: true, search: true },
    name: { type: 'string', max: 64, label: { zh: '表单名称', en: 'Name' }, list: true },
    content: { type: 'text', label: { zh: '表单字段', en: 'Fields' }, form: false },
    version: { type: 'int', label: { zh: '版本', en: 'Version' }, list: true, sortable: true, filterable: true },
    remark: { type: 'string', max: 255, label: { zh: '版本说明', en: 'Note' }, list: true, form: 'textarea' },
  },
});

/**
 * Models (模型设计): BPMN XML from the designer with history versions. `modelKey` is the BPMN process id.
 * `version` is the main version (the one `xml` holds); `deployedVersion` … `deployTime` record the last deploy.
 * The serial-number rule of the process (see workflow-serial.ts) is kept with the model.
 */
export const wfModelEntity = defineEntity({
  name: 'wf_model',
  table: 'blade_wf_model',
  api: '/api/blade-workflow/design/model',
  path: '/workflow/design/model',
  label: { zh: '模型设计', en: 'Process models' },
  // submit, deploy, changeCategory and changeIcon are the module's own.
  routes: ['list', 'detail', 'remove'],
  fields: {
    modelKey: { type: 'string', max: 64, label: { zh: '模型标识', en: 'Key' }, unique: '模型标识已存在', pattern: KEY_RULE, list: true, search: true },
    name: { type: 'string', max: 64, label: { zh: '模型名称', en: 'Name' }, required: '请输入模型名称', list: true, search: true },
    categoryId: { type: 'id', label: { zh: '流程分类', en: 'Category' }, filterable: true },
    icon: { type: 'string', max: 1000, label: { zh: '图标', en: 'Icon' } },
    formKey: { type: 'string', max: 64, label: { zh: '流程表单', en: 'Form' }, list: true, filterable: true },
    description: { type: 'string', max: 500, label: { zh: '描述', en: 'Description' }, form: 'textarea' },
    xml: { type: 'text', label: { zh: '流程XML', en: 'XML' }, form: false },
    version: { type: 'int', label: { zh: '版本', en: 'Version' }, list: true, form: false },
    deployedVersion: { type: 'int', label: { zh: '已部署版本', en: 'Deployed version' }, list: true, form: false },
    deploymentId: { type: 'string', max: 64, label: { zh: '部署ID', en: 'Deployment' }, form: false },
    processDefinitionId: { type: 'string', max: 128, label: { zh: '流程定义ID', en: 'Definition' }, form: false, filterable: true },
    deployTime: { type: 'datetime', label: { zh: '部署时间', en: 'Deployed' }, list: true, sortable: true, form: false },
    serialPrefix: { type: 'string', max: 32, label: { zh: '流水号前缀', en: 'Serial prefix' } },
    serialDateFormat: { type: 'string', max: 32, label: { zh: '流水号日期格式', en: 'Serial date format' } },
    serialLength: { type: 'int', label: { zh: '流水号位数', en: 'Serial digits' } },
    serialStart: { type: 'int', label: { zh: '流水号起始值', en: 'Serial start' } },
    serialCycle: { type: 'string', max: 8, label: { zh: '流水号重置周期', en: 'Serial cycle' }, dict: 'wf_serial_cycle' },
  },
});

export const wfModelHistoryEntity = defineEntity({
  name: 'wf_model_history',
  table: 'blade_wf_model_history',
  api: '/api/blade-workflow/design/model/history',
  path: '/workflow/design/model/history',
  label: { zh: '模型历史版本', en: 'Model versions' },
  routes: ['list', 'detail', 'remove'],
  defaultSort: { field: 'version', dir: 'desc' },
  fields: {
    modelId: { type: 'id', label: { zh: '模型', en: 'Model' }, filterable: true },
    modelKey: { type: 'string', max: 64, label: { zh: '模型标识', en: 'Key' }, list: true, search: true },
    name: { type: 'string', max: 64, label: { zh: '模型名称', en: 'Name' }, list: true },
    xml: { type: 'text', label: { zh: '流程XML', en: 'XML' }, form: false },
    version: { type: 'int', label: { zh: '版本', en: 'Version' }, list: true, sortable: true, filterable: true },
    deploymentId: { type: 'string', max: 64, label: { zh: '部署ID', en: 'Deployment' }, form: false },
    processDefinitionId: { type: 'string', max: 128, label: { zh: '流程定义ID', en: 'Definition' }, form: false },
    deployTime: { type: 'datetime', label: { zh: '部署时间', en: 'Deployed' }, list: true, form: false },
    remark: { type: 'string', max: 255, label: { zh: '版本说明', en: 'Note' }, list: true, form: 'textarea' },
  },
});

/** Model scope (模型权限): who may start a model. A model without any scope row may be started by everyone. */
export const wfModelScopeEntity = defineEntity({
  name: 'wf_model_scope',
  table: 'blade_wf_model_scope',
  api: '/api/blade-workflow/design/model-scope',
  path: '/workflow/design/model-scope',
  label: { zh: '模型权限', en: 'Model scope' },
  routes: ['list', 'detail', 'submit', 'remove'],
  fields: {
    modelId: { type: 'id', label: { zh: '流程模型', en: 'Model' }, required: '请选择流程模型', filterable: true },
    modelKey: { type: 'string', max: 64, label: { zh: '模型标识', en: 'Key' }, list: true, search: true, form: false },
    scopeType: { type: 'int', label: { zh: '权限类型', en: 'Type' }, dict: 'wf_scope_type', required: '请选择权限类型', list: true, search: true },
    scopeValue: {
      type: 'string',
      max: 4000,
      label: { zh: '权限对象', en: 'Who' },
      required: '请选择权限对象',
      pattern: { regex: ID_LIST_RE, message: '权限对象格式不正确' },
    },
    remark: remark({ max: 255 }),
  },
});

/** Scope types (dictionary `wf_scope_type`): whom `scopeValue` names. */
export const WF_SCOPE_TYPE = { user: 1, role: 2, dept: 3, post: 4 } as const;

/** Drafts (草稿箱): form values a user saved, per process definition key or per task. Each user sees only their own. */
export const wfDraftEntity = defineEntity({
  name: 'wf_draft',
  table: 'blade_wf_draft',
  api: '/api/blade-workflow/process/draft',
  path: '/workflow/process/draft',
  label: { zh: '草稿箱', en: 'Drafts' },
  // list, detail and submit are the module's own (own drafts only; detail also by process key or task; one draft per key or task).
  routes: ['remove'],
  fields: {
    processDefKey: { type: 'string', max: 64, label: { zh: '流程标识', en: 'Process key' }, list: true, search: true },
    processDefId: { type: 'string', max: 128, label: { zh: '流程定义ID', en: 'Definition' }, filterable: true },
    taskId: { type: 'string', max: 64, label: { zh: '任务ID', en: 'Task' }, filterable: true },
    title: { type: 'string', max: 255, label: { zh: '标题', en: 'Title' }, list: true, search: true },
    formKey: { type: 'string', max: 64, label: { zh: '表单标识', en: 'Form' } },
    variables: { type: 'text', label: { zh: '表单数据', en: 'Values' }, form: false },
  },
});
