import { defineEntity, type FieldDef, type Label } from '../entity.ts';
import { files, money, owner, remark } from '../field-presets.ts';

/**
 * The project register (项目管理, BUSINESS.md §3 WP2; spec 1 L128, spec 2 L43, L444, L451-459): projects
 * (立项 through `createProject`, numbered by type), their persons with roles and shares (任务人员), tasks from
 * templates with progress and history, the second- and third-level reviews (二级复核 / 三级审定), seal requests
 * (用章) and quality checks (质量) with their processes, and contract expiry reminders (到期提醒).
 */

/** The business processes of WP2 (key, route key = business form, form url), as the demo company deploys them. */
export const PROJECT_PROCESSES = {
  createProject: { key: 'hjl_project', form: 'createProject', formUrl: '/workflow/createProject' },
  secondCheck: { key: 'hjl_project_second_check', form: 'secondCheck', formUrl: '/workflow/secondCheck' },
  thirdCheck: { key: 'hjl_project_third_check', form: 'thirdCheck', formUrl: '/workflow/thirdCheck' },
  auditSeal: { key: 'hjl_audit_seal', form: 'auditSealProcess', formUrl: '/workflow/auditSealProcess' },
  quality: { key: 'hjl_project_quality', form: 'projectQuality', formUrl: '/workflow/projectQuality' },
} as const;

/** project_status (biz dictionary): where a project is. */
export const PROJECT_STATUS = { registering: 1, running: 2, secondCheck: 3, thirdCheck: 4, done: 5, archived: 6 } as const;
/** bid_status (biz dictionary). */
export const BID_STATUS = { none: 1, bidding: 2, won: 3, lost: 4 } as const;
/** task_status (biz dictionary). */
export const TASK_STATUS = { running: 0, done: 1 } as const;
/** expire_biz_type (biz dictionary): what an expiry reminder is about. */
export const EXPIRE_BIZ_TYPE = { contract: 1, certificate: 2, deposit: 3, workContract: 4, probation: 5, archiveBorrow: 6 } as const;

/** Letters of each project type in project numbers (the dictionary key for a type a tenant adds). */
export const PROJECT_TYPE_CODES: Record<string, string> = { '1': 'ZJ', '2': 'ZB', '3': 'JL', '4': 'QG', '5': 'GL', '6': 'GS' };

/** Messages of the project rules (BUSINESS.md WP2, *proposed* ones included). */
export const PROJECT_MSG = {
  missing: '项目不存在或无权访问',
  typeMissing: '缺少必要的请求参数: projectType',
  typeUnknown: '项目类型不存在',
  bidUnknown: '投标状态不正确',
  endBeforeStart: '计划完成日期不能早于开始日期',
  shareOver: '分配比例合计不能超过100%',
  shareRange: '分配比例应在0到100之间',
  personTwice: '该人员已是本项目的此角色',
  personMissing: '任务人员不存在或无权访问',
  rateRange: '进度应在0到100之间',
  taskMissing: '任务不存在或无权访问',
  taskDone: '任务已完成',
  notYours: '只能更新分配给自己的任务',
  templateMissing: '任务模板不存在',
  notApproved: '项目未立项审批通过,不能发起复核',
  twoFirst: '请先完成二级复核',
  checkRunning: '该复核审批中或已通过,不能重复发起',
  threeRunning: '三级审定审批中或已通过,不能重新发起二级复核',
  qualityNotPassed: '质量检查未审批通过或不合格,不能申请用章',
  qualityHasSeal: '该质量检查已申请用章',
} as const;

const projectField = {
  type: 'id',
  label: { zh: '项目', en: 'Project' },
  required: '请选择项目',
  list: true,
  filterable: true,
  ref: 'project',
  display: 'projectName',
  width: 220,
} as const satisfies FieldDef;

/** A record of a project (persons, tasks, reviews, seals, quality checks): confined to the projects the caller may see. */
const projectParent = { field: 'projectId', entity: 'project', missing: PROJECT_MSG.missing };

export const projectEntity = defineEntity({
  name: 'project',
  table: 'hjl_project',
  api: '/api/business/hjlProject',
  path: '/hjlProject/hjlProject',
  label: { zh: '项目列表', en: 'Projects' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  dialogWidth: 1000,
  owner: 'leaderUser',
  exportable: true,
  approval: {
    processKey: PROJECT_PROCESSES.createProject.key,
    routeKey: PROJECT_PROCESSES.createProject.form,
    amountField: 'projectAmount',
    title: '{userName}的项目立项:{projectName}',
    formUrl: PROJECT_PROCESSES.createProject.formUrl,
  },
  fields: {
    projectNum: {
      type: 'string',
      max: 64,
      label: { zh: '项目编号', en: 'Number' },
      list: true,
      search: true,
      trigramIndex: true,
      sortable: true,
      form: false,
      width: 180,
    },
    projectName: {
      type: 'string',
      max: 200,
      label: { zh: '项目名称', en: 'Name' },
      required: '请输入项目名称',
      list: true,
      search: true,
      trigramIndex: true,
      sortable: true,
      width: 240,
    },
    projectType: {
      type: 'int',
      label: { zh: '项目类型', en: 'Type' },
      dict: 'project_type',
      bizDict: true,
      required: '请选择项目类型',
      list: true,
      search: true,
      width: 100,
    },
    customerId: {
      type: 'id',
      label: { zh: '委托方', en: 'Client' },
      required: '请选择委托方',
      list: true,
      search: true,
      ref: 'customer',
      display: 'customerName',
      width: 200,
    },
    contractId: { type: 'id', label: { zh: '关联合同', en: 'Contract' }, form: false, filterable: true, ref: 'contract', display: 'contractName', width: 200 },
    deptId: {
      type: 'id',
      label: { zh: '所属部门', en: 'Department' },
      required: '请选择所属部门',
      list: true,
      filterable: true,
      ref: 'dept',
      display: 'deptName',
      width: 110,
    },
    leaderUser: owner('leaderName', { label: { zh: '负责人', en: 'Leader' }, required: '请选择负责人', list: true, search: true, width: 100 }),
    /** The branch (分公司) that runs the project, if any: its statement counts the project's money (BUSINESS.md §0). */
    filialeId: { type: 'id', label: { zh: '所属分公司', en: 'Branch' }, list: true, filterable: true, ref: 'branch', display: 'filialeName', width: 150 },
    regionCode: { type: 'string', max: 12, label: { zh: '项目地点', en: 'Region' }, regionTree: true, filterable: true, ref: 'region', display: 'regionName' },
    regionName: { type: 'string', max: 100, label: { zh: '地区名称', en: 'Region name' }, form: false },
    address: { type: 'string', max: 255, label: { zh: '详细地址', en: 'Address' } },
    projectAmount: money({ zh: '咨询费', en: 'Fee' }, { list: true, sortable: true, filterable: true, width: 130 }),
    investmentAmount: money({ zh: '送审金额', en: 'Submitted amount' }, { sortable: true, width: 140 }),
    approvedAmount: money({ zh: '审定金额', en: 'Approved amount' }, { sortable: true, width: 140 }),
    startDate: { type: 'date', label: { zh: '开始日期', en: 'Start' }, list: true, sortable: true, filterable: true, width: 110 },
    planEndDate: { type: 'date', label: { zh: '计划完成日期', en: 'Planned end' }, sortable: true, filterable: true, width: 120 },
    endDate: { type: 'date', label: { zh: '实际完成日期', en: 'Finished' }, form: false, sortable: true, filterable: true, width: 120 },
    bidStatus: {
      type: 'int',
      label: { zh: '投标状态', en: 'Bid' },
      dict: 'bid_status',
      bizDict: true,
      default: 1,
      list: true,
      search: true,
      width: 90,
    },
    projectStatus: {
      type: 'int',
      label: { zh: '项目状态', en: 'Stage' },
      dict: 'project_status',
      bizDict: true,
      default: 1,
      list: true,
      search: true,
      sortable: true,
      form: false,
      width: 100,
    },
    templateId: { type: 'id', label: { zh: '任务模板', en: 'Task template' }, ref: 'task_template', display: 'templateName' },
    twoAudit: { type: 'int', label: { zh: '二级复核', en: 'Second review' }, default: 0, form: false, filterable: true },
    threeAudit: { type: 'int', label: { zh: '三级审定', en: 'Third review' }, default: 0, form: false, filterable: true },
    /** Who the project's data scope lets see it (leader, creator, its persons): kept by the server. */
    memberUsers: { type: 'text', label: { zh: '参与人员', en: 'Members' }, form: false },
    files: files({ label: { zh: '项目附件', en: 'Files' } }),
    remark: remark(),
  },
});

/** Fields a client never writes on a project (number, status, link, reviews, members): the server keeps them. */
export const PROJECT_SERVER_FIELDS = ['projectNum', 'projectStatus', 'contractId', 'endDate', 'twoAudit', 'threeAudit', 'memberUsers', 'regionName'] as const;

/** 任务人员: a person of a project in a role with a share (unique per project, user and role). */
export const projectPersonEntity = defineEntity({
  name: 'project_person',
  table: 'hjl_project_person',
  api: '/api/business/hjlProjectPerson',
  path: '/hjlProject/hjlProjectPerson',
  label: { zh: '任务人员', en: 'Project persons' },
  routes: [],
  defaultSort: { field: 'createTime', dir: 'asc' },
  parent: projectParent,
  fields: {
    projectId: projectField,
    userId: {
      type: 'id',
      label: { zh: '人员', en: 'Person' },
      required: '请选择人员',
      list: true,
      filterable: true,
      ref: 'user',
      display: 'userName',
      width: 100,
    },
    projectRole: {
      type: 'int',
      label: { zh: '项目角色', en: 'Role' },
      dict: 'project_role',
      bizDict: true,
      required: '请选择项目角色',
      list: true,
      filterable: true,
      width: 100,
    },
    shareRatio: { type: 'money', label: { zh: '分配比例(%)', en: 'Share (%)' }, required: '请输入分配比例', list: true, width: 110 },
    remark: { type: 'string', max: 500, label: { zh: '备注', en: 'Remark' }, list: true },
  },
});

/** 任务: a project's piece of work, from a template or added, with an assignee and progress (history kept). */
export const projectTaskEntity = defineEntity({
  name: 'project_task',
  table: 'hjl_project_task',
  api: '/api/business/hjlProjectTask',
  path: '/hjlProject/hjlProjectTask',
  label: { zh: '项目任务', en: 'Project tasks' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'sort', dir: 'asc' },
  parent: projectParent,
  fields: {
    projectId: projectField,
    taskName: { type: 'string', max: 100, label: { zh: '任务名称', en: 'Task' }, required: '请输入任务名称', list: true, search: true, width: 200 },
    assigneeUser: owner('assigneeName', { label: { zh: '负责人', en: 'Assignee' }, list: true, search: true, width: 100 }),
    planStart: { type: 'date', label: { zh: '计划开始', en: 'Planned start' }, list: true, sortable: true, filterable: true, width: 110 },
    planEnd: { type: 'date', label: { zh: '计划完成', en: 'Planned end' }, list: true, sortable: true, filterable: true, width: 110 },
    rate: {
      type: 'int',
      label: { zh: '进度(%)', en: 'Progress (%)' },
      range: { min: 0, max: 100 },
      default: 0,
      list: true,
      sortable: true,
      form: false,
      width: 100,
    },
    weight: { type: 'int', label: { zh: '权重', en: 'Weight' }, range: { min: 0, max: 100 }, default: 0, width: 80 },
    sort: { type: 'int', label: { zh: '排序', en: 'Order' }, range: { min: 0, max: 9999 }, default: 0, sortable: true, width: 80 },
    taskStatus: {
      type: 'int',
      label: { zh: '任务状态', en: 'Status' },
      dict: 'task_status',
      bizDict: true,
      default: 0,
      list: true,
      search: true,
      form: false,
      width: 90,
    },
    finishTime: { type: 'datetime', label: { zh: '完成时间', en: 'Finished' }, list: true, sortable: true, form: false, width: 160 },
    remark: remark(),
  },
});

/** Fields of a task only its own calls change (update/rate, finish). */
export const TASK_SERVER_FIELDS = ['rate', 'taskStatus', 'finishTime'] as const;

/** The items of a task template: name, order and weight (stored as JSON text). */
export interface TaskTemplateItem {
  name: string;
  sort: number;
  weight: number;
}

/** The items of a template's JSON text, or the mistake in it. */
export function parseTemplateItems(text: string): { items?: TaskTemplateItem[]; error?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: '任务项格式不正确' };
  }
  if (!Array.isArray(value) || value.length === 0) return { error: '请至少填写一个任务项' };
  if (value.length > 100) return { error: '任务项最多100个' };
  const items: TaskTemplateItem[] = [];
  for (const [i, raw] of value.entries()) {
    const v = raw as Record<string, unknown>;
    const name = typeof v?.name === 'string' ? v.name.trim() : '';
    if (!name) return { error: `第${i + 1}个任务项请填写名称` };
    if (name.length > 100) return { error: `第${i + 1}个任务项名称最多100个字符` };
    const sort = v.sort === undefined || v.sort === null || v.sort === '' ? i + 1 : Number(v.sort);
    const weight = v.weight === undefined || v.weight === null || v.weight === '' ? 0 : Number(v.weight);
    if (!Number.isInteger(sort) || sort < 0 || sort > 9999) return { error: `第${i + 1}个任务项排序应为0到9999的整数` };
    if (!Number.isInteger(weight) || weight < 0 || weight > 100) return { error: `第${i + 1}个任务项权重应为0到100的整数` };
    items.push({ name, sort, weight });
  }
  if (new Set(items.map((x) => x.name)).size !== items.length) return { error: '任务项名称不能重复' };
  return { items };
}

/** 任务模板 (spec 2 L451: hjlTaskTemplate list, detail, remove, submit). */
export const taskTemplateEntity = defineEntity({
  name: 'task_template',
  table: 'hjl_task_template',
  api: '/api/business/hjlTaskTemplate',
  path: '/hjlProject/hjlTaskTemplate',
  label: { zh: '任务模板', en: 'Task templates' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  dialogWidth: 800,
  fields: {
    templateName: {
      type: 'string',
      max: 100,
      label: { zh: '模板名称', en: 'Name' },
      required: '请输入模板名称',
      unique: '模板名称已存在',
      list: true,
      search: true,
      sortable: true,
      width: 220,
    },
    projectType: { type: 'int', label: { zh: '适用项目类型', en: 'Project type' }, dict: 'project_type', bizDict: true, list: true, search: true, width: 130 },
    items: {
      type: 'text',
      label: { zh: '任务项', en: 'Items' },
      required: '请至少填写一个任务项',
      check: (v) => parseTemplateItems(v).error,
    },
    remark: remark({ list: true }),
  },
});

/** The fields of a review (二级复核 / 三级审定): the deliverables reviewed and what the reviewer should know. */
const checkFields = {
  projectId: projectField,
  deliverable: { type: 'string', max: 200, label: { zh: '成果文件名称', en: 'Deliverable' }, required: '请输入成果文件名称', list: true, width: 200 },
  content: { type: 'string', max: 1000, label: { zh: '复核说明', en: 'Notes' }, list: true, form: 'textarea' },
  files: files({ label: { zh: '成果文件', en: 'Files' } }),
} as const satisfies Record<string, FieldDef>;

/**
 * A review of a project's deliverables: 二级复核 and 三级审定 differ only in their names and their process
 * (`hjlProject/start/two/audit` → secondCheck; `…/three/audit` → thirdCheck, only after the second is approved).
 */
function projectCheckEntity(level: 'two' | 'three', table: string, resource: string, label: Label, process: { key: string; form: string; formUrl: string }) {
  return defineEntity({
    name: `project_${level}_audit`,
    table,
    api: `/api/business/${resource}`,
    path: `/hjlProject/${resource}`,
    label,
    routes: ['list', 'detail'],
    defaultSort: { field: 'createTime', dir: 'desc' },
    parent: projectParent,
    approval: { processKey: process.key, routeKey: process.form, title: `{userName}的${label.zh}:{projectName}`, formUrl: process.formUrl },
    fields: checkFields,
  });
}

export const projectSecondCheckEntity = projectCheckEntity(
  'two',
  'hjl_project_second_check',
  'hjlProjectSecondCheck',
  { zh: '二级复核', en: 'Second-level review' },
  PROJECT_PROCESSES.secondCheck,
);
export const projectThirdCheckEntity = projectCheckEntity(
  'three',
  'hjl_project_third_check',
  'hjlProjectThirdCheck',
  { zh: '三级审定', en: 'Third-level review' },
  PROJECT_PROCESSES.thirdCheck,
);

/** 用章申请 (spec 2: hjlAuditSeal list, detail, remove, save, update, get/contractNum; hjlProject/audit_seal/*). */
export const auditSealEntity = defineEntity({
  name: 'audit_seal',
  table: 'hjl_audit_seal',
  api: '/api/business/hjlAuditSeal',
  path: '/hjlProject/hjlAuditSeal',
  label: { zh: '用章申请', en: 'Seal requests' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  parent: projectParent,
  exportable: true,
  approval: {
    processKey: PROJECT_PROCESSES.auditSeal.key,
    routeKey: PROJECT_PROCESSES.auditSeal.form,
    title: '{userName}的用章申请:{useReason}',
    formUrl: PROJECT_PROCESSES.auditSeal.formUrl,
  },
  fields: {
    sealNum: { type: 'string', max: 64, label: { zh: '用章编号', en: 'Number' }, list: true, search: true, sortable: true, form: false, width: 170 },
    projectId: projectField,
    contractId: { type: 'id', label: { zh: '关联合同', en: 'Contract' }, list: true, filterable: true, ref: 'contract', display: 'contractName', width: 200 },
    sealType: {
      type: 'int',
      label: { zh: '印章类型', en: 'Seal' },
      dict: 'seal_type',
      bizDict: true,
      required: '请选择印章类型',
      list: true,
      search: true,
      width: 110,
    },
    useReason: { type: 'string', max: 500, label: { zh: '用章事由', en: 'Reason' }, required: '请输入用章事由', list: true, search: true, width: 220 },
    copies: {
      type: 'int',
      label: { zh: '用印份数', en: 'Copies' },
      range: { min: 1, max: 1000 },
      required: '请输入用印份数',
      default: 1,
      list: true,
      width: 90,
    },
    useDate: { type: 'date', label: { zh: '用章日期', en: 'Date' }, required: '请选择用章日期', list: true, sortable: true, filterable: true, width: 110 },
    qualityId: { type: 'id', label: { zh: '质量检查', en: 'Quality check' }, form: false, filterable: true },
    files: files({ label: { zh: '用印文件', en: 'Files' } }),
    remark: remark(),
  },
});

/** 项目质量 (spec 1 L120, L125: hjlProjectQuality CRUD, audit_seal/{id}, project_collect/person/{id}; process projectQuality/{type}). */
export const projectQualityEntity = defineEntity({
  name: 'project_quality',
  table: 'hjl_project_quality',
  api: '/api/business/hjlProjectQuality',
  path: '/hjlProject/hjlProjectQuality',
  label: { zh: '项目质量', en: 'Quality checks' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  parent: projectParent,
  exportable: true,
  approval: {
    processKey: PROJECT_PROCESSES.quality.key,
    routeKey: PROJECT_PROCESSES.quality.form,
    title: '{userName}的质量检查:{projectName}',
    formUrl: PROJECT_PROCESSES.quality.formUrl,
  },
  fields: {
    projectId: projectField,
    qualityType: {
      type: 'int',
      label: { zh: '检查类型', en: 'Type' },
      dict: 'quality_type',
      bizDict: true,
      required: '请选择检查类型',
      list: true,
      search: true,
      width: 110,
    },
    checkDate: { type: 'date', label: { zh: '检查日期', en: 'Date' }, required: '请选择检查日期', list: true, sortable: true, filterable: true, width: 110 },
    checkUser: {
      type: 'id',
      label: { zh: '检查人', en: 'Checker' },
      required: '请选择检查人',
      list: true,
      search: true,
      ref: 'user',
      display: 'checkUserName',
      width: 100,
    },
    grade: {
      type: 'int',
      label: { zh: '质量等级', en: 'Grade' },
      dict: 'quality_grade',
      bizDict: true,
      required: '请选择质量等级',
      list: true,
      search: true,
      width: 100,
    },
    problems: { type: 'string', max: 1000, label: { zh: '发现问题', en: 'Problems' }, list: true, form: 'textarea', width: 220 },
    rectification: { type: 'string', max: 1000, label: { zh: '整改要求', en: 'Rectification' }, form: 'textarea' },
    sealId: { type: 'id', label: { zh: '用章申请', en: 'Seal request' }, form: false, filterable: true },
    files: files({ label: { zh: '检查附件', en: 'Files' } }),
    remark: remark(),
  },
});

/** 到期提醒 (spec 1 L131: hjlExpireNotice/my): a reminder of something of the user's ending soon, made by a daily job. */
export const expireNoticeEntity = defineEntity({
  name: 'expire_notice',
  table: 'hjl_expire_notice',
  api: '/api/business/hjlExpireNotice',
  path: '/hjlProject/hjlExpireNotice',
  label: { zh: '到期提醒', en: 'Expiry reminders' },
  routes: [],
  defaultSort: { field: 'expireDate', dir: 'asc' },
  fields: {
    userId: { type: 'id', label: { zh: '提醒对象', en: 'User' }, filterable: true, ref: 'user', display: 'userName' },
    bizType: { type: 'int', label: { zh: '提醒类型', en: 'Kind' }, dict: 'expire_biz_type', bizDict: true, list: true, search: true, width: 100 },
    bizId: { type: 'id', label: { zh: '业务记录', en: 'Record' }, filterable: true },
    title: { type: 'string', max: 200, label: { zh: '提醒内容', en: 'Reminder' }, list: true, search: true, width: 320 },
    expireDate: { type: 'date', label: { zh: '到期日期', en: 'Due' }, list: true, sortable: true, filterable: true, width: 110 },
    isRead: { type: 'int', label: { zh: '已读', en: 'Read' }, dict: 'yes_no', default: 0, list: true, search: true, sortable: true, width: 80 },
  },
});
