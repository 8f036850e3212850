import { approvalProcess } from '../approval-processes.ts';
import { defineEntity } from '../entity.ts';
import { files, remark } from '../field-presets.ts';
import { fenToMoney, toFen } from '../money.ts';

/**
 * Archives (档案, BUSINESS.md §3 WP7; S1 L50, L135, S2 L48, L80-83, L440-446, L467): a finished project's files are
 * archived against the checklist of its archive type's document template (文档模板 with its 著录项, the record
 * columns; a column marked 必须归档 is a file the archive cannot be approved without), numbered by the numbering
 * service and approved through `hjlArchivesProcess/{type}` (the project then shows 已归档); an archive in the store
 * is borrowed (`archiveBorrow`) and returned (`archiveReturn`); the template library (模板库) keeps the firm's
 * document templates with their earlier versions.
 */

const ARCHIVES = approvalProcess('hjlArchivesProcess');
const BORROW = approvalProcess('archiveBorrow');
/** The business processes of archives (key, route key = business form, form url). */
export const ARCHIVE_PROCESSES = {
  archive: { key: ARCHIVES.key, form: ARCHIVES.form, formUrl: `/workflow/${ARCHIVES.form}` },
  borrow: { key: BORROW.key, form: BORROW.form, formUrl: `/workflow/${BORROW.form}` },
  return: { key: approvalProcess('archiveReturn').key, form: 'archiveReturn', formUrl: '/workflow/archiveReturn' },
} as const;

/** archive_borrow_status (biz dictionary): where an archive is. */
export const ARCHIVE_BORROW_STATUS = { inStore: 0, lent: 1 } as const;
/** archive_apply_stage (biz dictionary): where a borrowing is. */
export const ARCHIVE_APPLY_STAGE = { applying: 1, lent: 2, returning: 3, returned: 4 } as const;

/** Messages of the archive rules (BUSINESS.md WP7, *proposed* ones included). */
export const ARCHIVE_MSG = {
  missing: '档案不存在或无权访问',
  projectMissing: '项目不存在或无权访问',
  projectNotDone: '项目未完成,不能归档',
  projectArchived: '该项目的此类档案已归档或审批中',
  missingFiles: '请先上传必须归档的文件: ',
  noTemplate: '该档案类型没有文档模板,请先维护文档模板',
  columnMissing: '著录项不存在',
  locked: '档案审批中或已归档,不能修改归档文件',
  notArchived: '档案未归档,不能借阅',
  lent: '该档案已借出',
  applyMissing: '借阅申请不存在或无权访问',
  notLent: '该借阅未借出或已归还,不能归还',
  restart: '该借阅已借出,请发起归还',
  returnBeforeBorrow: '归还日期不能早于借阅日期',
  planBeforeBorrow: '预计归还日期不能早于借阅日期',
  scoreRange: '绩效得分应在0到100之间,最多两位小数',
  templateMissing: '文档模板不存在',
  templateInUse: '该文档模板下还有著录项,不能删除',
  libraryMissing: '模板不存在或无权访问',
} as const;

/** 档案 (S2 L446: hjlArchives list, detail, remove, save, update, updateProjectPerformance). */
export const archivesEntity = defineEntity({
  name: 'archives',
  table: 'hjl_archives',
  api: '/api/business/hjlArchives',
  path: '/hjlArchives/hjlArchives',
  label: { zh: '档案管理', en: 'Archives' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  dialogWidth: 900,
  exportable: true,
  approval: {
    processKey: ARCHIVE_PROCESSES.archive.key,
    routeKey: ARCHIVE_PROCESSES.archive.form,
    title: '{userName}的档案归档:{archiveName}',
    formUrl: ARCHIVE_PROCESSES.archive.formUrl,
  },
  fields: {
    archiveNum: { type: 'string', max: 64, label: { zh: '档案编号', en: 'Number' }, list: true, search: true, sortable: true, form: false, width: 180 },
    archiveName: { type: 'string', max: 200, label: { zh: '档案名称', en: 'Name' }, required: '请输入档案名称', list: true, search: true, width: 220 },
    projectId: {
      type: 'id',
      label: { zh: '项目', en: 'Project' },
      required: '请选择项目',
      list: true,
      filterable: true,
      ref: 'project',
      display: 'projectName',
      width: 220,
    },
    archiveType: {
      type: 'int',
      label: { zh: '档案类型', en: 'Type' },
      dict: 'archive_type',
      bizDict: true,
      required: '请选择档案类型',
      list: true,
      search: true,
      sortable: true,
      width: 110,
    },
    boxNum: { type: 'string', max: 64, label: { zh: '盒号', en: 'Box' }, list: true, width: 90 },
    location: { type: 'string', max: 200, label: { zh: '存放位置', en: 'Location' }, list: true, width: 160 },
    pages: { type: 'int', label: { zh: '页数', en: 'Pages' }, range: { min: 0, max: 100000 }, default: 0, width: 80 },
    keepPeriod: {
      type: 'int',
      label: { zh: '保管期限', en: 'Retention' },
      dict: 'archive_keep_period',
      bizDict: true,
      required: '请选择保管期限',
      list: true,
      width: 90,
    },
    archiveDate: { type: 'date', label: { zh: '归档日期', en: 'Archived' }, list: true, sortable: true, filterable: true, form: false, width: 110 },
    archivistUser: {
      type: 'id',
      label: { zh: '档案管理员', en: 'Archivist' },
      list: true,
      filterable: true,
      ref: 'user',
      display: 'archivistName',
      width: 100,
    },
    borrowStatus: {
      type: 'int',
      label: { zh: '借阅状态', en: 'Borrowed' },
      dict: 'archive_borrow_status',
      bizDict: true,
      default: 0,
      list: true,
      search: true,
      form: false,
      width: 90,
    },
    performanceScore: { type: 'money', label: { zh: '绩效得分', en: 'Score' }, list: true, sortable: true, form: false, width: 90 },
    files: files({ label: { zh: '档案附件', en: 'Files' } }),
    remark: remark(),
  },
});

/** Fields of an archive only the server writes (number, date, borrowing, score). */
export const ARCHIVE_SERVER_FIELDS = ['archiveNum', 'archiveDate', 'borrowStatus', 'performanceScore'] as const;

/** 归档文件 (S1 L135 `hjlArchives-file/submit`): what is submitted for one record column of an archive's template. */
export const archivesFileEntity = defineEntity({
  name: 'archives_file',
  table: 'hjl_archives_file',
  api: '/api/business/hjlArchives-file',
  path: '/hjlArchives/hjlArchivesFile',
  label: { zh: '归档文件', en: 'Archive files' },
  routes: [],
  defaultSort: { field: 'createTime', dir: 'asc' },
  fields: {
    archivesId: { type: 'id', label: { zh: '档案', en: 'Archive' }, required: '请选择档案', filterable: true },
    projectId: { type: 'id', label: { zh: '项目', en: 'Project' }, filterable: true },
    columnId: { type: 'id', label: { zh: '著录项', en: 'Column' }, required: '请选择著录项', filterable: true },
    fileName: { type: 'string', max: 100, label: { zh: '文件名称', en: 'Name' }, list: true },
    content: { type: 'string', max: 500, label: { zh: '著录内容', en: 'Value' }, list: true },
    files: files({ label: { zh: '归档文件', en: 'Files' } }),
    submitTime: { type: 'datetime', label: { zh: '提交时间', en: 'Submitted' }, list: true },
    submitUser: { type: 'id', label: { zh: '提交人', en: 'By' }, ref: 'user', display: 'submitUserName' },
  },
});

/** 档案借阅 (S2 L442: hjlArchiveApply return; list, detail, submit; processes archiveBorrow and archiveReturn). */
export const archiveApplyEntity = defineEntity({
  name: 'archive_apply',
  table: 'hjl_archive_apply',
  api: '/api/business/hjlArchiveApply',
  path: '/hjlArchives/hjlArchiveApply',
  label: { zh: '档案借阅', en: 'Archive borrowings' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  approval: {
    processKey: ARCHIVE_PROCESSES.borrow.key,
    routeKey: ARCHIVE_PROCESSES.borrow.form,
    title: '{userName}的档案借阅:{archiveNum}',
    formUrl: ARCHIVE_PROCESSES.borrow.formUrl,
  },
  fields: {
    archivesId: {
      type: 'id',
      label: { zh: '档案', en: 'Archive' },
      required: '请选择档案',
      list: true,
      filterable: true,
      ref: 'archives',
      display: 'archiveName',
      width: 220,
    },
    archiveNum: { type: 'string', max: 64, label: { zh: '档案编号', en: 'Number' }, list: true, search: true, form: false, width: 170 },
    projectId: {
      type: 'id',
      label: { zh: '项目', en: 'Project' },
      list: true,
      filterable: true,
      form: false,
      ref: 'project',
      display: 'projectName',
      width: 200,
    },
    borrowType: {
      type: 'int',
      label: { zh: '借阅方式', en: 'Kind' },
      dict: 'archive_borrow_type',
      bizDict: true,
      required: '请选择借阅方式',
      list: true,
      search: true,
      width: 90,
    },
    borrowDate: { type: 'date', label: { zh: '借阅日期', en: 'From' }, required: '请选择借阅日期', list: true, sortable: true, filterable: true, width: 110 },
    planReturnDate: {
      type: 'date',
      label: { zh: '预计归还日期', en: 'Due' },
      required: '请选择预计归还日期',
      list: true,
      sortable: true,
      filterable: true,
      width: 120,
    },
    returnDate: { type: 'date', label: { zh: '归还日期', en: 'Returned' }, list: true, sortable: true, form: false, width: 110 },
    borrowReason: { type: 'string', max: 500, label: { zh: '借阅事由', en: 'Reason' }, required: '请输入借阅事由', list: true, form: 'textarea', width: 200 },
    applyUser: {
      type: 'id',
      label: { zh: '借阅人', en: 'Borrower' },
      list: true,
      filterable: true,
      form: false,
      ref: 'user',
      display: 'applyUserName',
      width: 90,
    },
    applyDept: { type: 'id', label: { zh: '借阅部门', en: 'Department' }, filterable: true, form: false, ref: 'dept', display: 'applyDeptName' },
    applyStage: {
      type: 'int',
      label: { zh: '借阅进度', en: 'Stage' },
      dict: 'archive_apply_stage',
      bizDict: true,
      default: 1,
      list: true,
      search: true,
      form: false,
      width: 100,
    },
    remark: remark(),
  },
});

/** Fields of a borrowing only the server writes. */
export const ARCHIVE_APPLY_SERVER_FIELDS = ['archiveNum', 'projectId', 'returnDate', 'applyUser', 'applyDept', 'applyStage'] as const;

/**
 * 档案文档模板 (S2 L467, under /api/server: create, update by PUT, delete, get, page, export-excel, select options,
 * archives/get, archives/treeDate): one per archive type; its record columns are the files an archive of the type holds.
 */
export const archivesTemplateEntity = defineEntity({
  name: 'archives_template',
  table: 'hjl_archives_template',
  api: '/api/server/archives-template',
  path: '/hjlArchives/archivesTemplate',
  label: { zh: '文档模板', en: 'Document templates' },
  routes: ['create', 'update', 'delete', 'get', 'page'],
  methods: { update: 'PUT' },
  exportPath: 'export-excel',
  exportable: true,
  defaultSort: { field: 'archiveType', dir: 'asc' },
  fields: {
    templateName: {
      type: 'string',
      max: 100,
      label: { zh: '模板名称', en: 'Name' },
      required: '请输入模板名称',
      unique: '模板名称已存在',
      list: true,
      search: true,
      width: 220,
    },
    archiveType: {
      type: 'int',
      label: { zh: '档案类型', en: 'Archive type' },
      dict: 'archive_type',
      bizDict: true,
      required: '请选择档案类型',
      unique: '该档案类型已有文档模板',
      list: true,
      search: true,
      sortable: true,
      width: 120,
    },
    remark: remark({ list: true }),
  },
});

/** 著录项 (record columns of a document template): a file or entry an archive records, 必须归档 or not. */
export const archivesColumnEntity = defineEntity({
  name: 'archives_column',
  table: 'hjl_archives_column',
  api: '/api/server/archives-column',
  path: '/hjlArchives/archivesColumn',
  label: { zh: '著录项', en: 'Record columns' },
  routes: ['create', 'update', 'delete', 'get', 'page'],
  methods: { update: 'PUT' },
  exportPath: 'export-excel',
  exportable: true,
  defaultSort: { field: 'sort', dir: 'asc' },
  parent: { field: 'templateId', entity: 'archives_template', missing: ARCHIVE_MSG.templateMissing },
  fields: {
    templateId: {
      type: 'id',
      label: { zh: '文档模板', en: 'Template' },
      required: '请选择文档模板',
      list: true,
      filterable: true,
      ref: 'archives_template',
      display: 'templateName',
      width: 180,
    },
    columnLabel: { type: 'string', max: 100, label: { zh: '著录项名称', en: 'Label' }, required: '请输入著录项名称', list: true, search: true, width: 200 },
    columnField: {
      type: 'string',
      max: 64,
      label: { zh: '字段标识', en: 'Field' },
      pattern: { regex: /^[A-Za-z][A-Za-z0-9_]*$/, message: '字段标识只能以字母开头,包含字母、数字和下划线' },
      list: true,
      width: 120,
    },
    columnType: {
      type: 'int',
      label: { zh: '著录类型', en: 'Kind' },
      dict: 'archive_column_type',
      bizDict: true,
      default: 1,
      list: true,
      width: 90,
    },
    required: { type: 'int', label: { zh: '必须归档', en: 'Required' }, dict: 'yes_no', default: 0, list: true, filterable: true, width: 90 },
    options: { type: 'string', max: 500, label: { zh: '可选值', en: 'Options' } },
    sort: { type: 'int', label: { zh: '排序', en: 'Order' }, range: { min: 0, max: 9999 }, default: 0, list: true, sortable: true, width: 70 },
    remark: remark(),
  },
});

/** 模板库 (S2 L440: hjlTemplateLibrary list, detail, remove, submit): the firm's document templates, versioned. */
export const templateLibraryEntity = defineEntity({
  name: 'template_library',
  table: 'hjl_template_library',
  api: '/api/business/hjlTemplateLibrary',
  path: '/hjlArchives/hjlTemplateLibrary',
  label: { zh: '模板库', en: 'Template library' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'updateTime', dir: 'desc' },
  fields: {
    templateName: { type: 'string', max: 100, label: { zh: '模板名称', en: 'Name' }, required: '请输入模板名称', list: true, search: true, width: 220 },
    category: {
      type: 'int',
      label: { zh: '模板分类', en: 'Category' },
      dict: 'template_category',
      bizDict: true,
      required: '请选择模板分类',
      list: true,
      search: true,
      width: 110,
    },
    version: { type: 'string', max: 32, label: { zh: '版本号', en: 'Version' }, required: '请输入版本号', list: true, width: 90 },
    files: files({ label: { zh: '模板文件', en: 'Files' }, required: '请上传模板文件' }),
    remark: remark({ list: true }),
  },
});

/** An earlier version of a library template: kept when a submit changes its version or files. */
export const templateLibraryVersionEntity = defineEntity({
  name: 'template_library_version',
  table: 'hjl_template_library_version',
  api: '/api/business/hjlTemplateLibrary/versions',
  path: '/hjlArchives/hjlTemplateLibraryVersion',
  label: { zh: '模板版本', en: 'Template versions' },
  routes: [],
  defaultSort: { field: 'createTime', dir: 'desc' },
  fields: {
    libraryId: { type: 'id', label: { zh: '模板', en: 'Template' }, required: '请选择模板', filterable: true },
    version: { type: 'string', max: 32, label: { zh: '版本号', en: 'Version' }, list: true },
    files: files({ label: { zh: '模板文件', en: 'Files' } }),
    remark: remark({ list: true }),
  },
});

/** How project performance (项目绩效) computes a person's output value, as the page shows it. */
export const PERFORMANCE_FORMULA = '产值 = 咨询费 × 分配比例(%) ÷ 100 × 绩效得分 ÷ 100';

/**
 * A person's output value (产值) in a project: amount × share % × score / 100, to the cent (half up), in integers
 * (the share and the score have at most two decimals); null while any of them is missing.
 */
export function performanceOutput(amount: string | null, share: string | null, score: string | null): string | null {
  if (amount === null || share === null || score === null) return null;
  const product = toFen(amount) * toFen(share) * toFen(score);
  const divisor = 100_000_000n;
  const half = product < 0n ? -divisor / 2n : divisor / 2n;
  return fenToMoney((product + half) / divisor);
}
