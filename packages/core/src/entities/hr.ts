import { defineEntity, type FieldDef } from '../entity.ts';
import { FORMATS } from '../validators.ts';
import { bankAccount, files, money, phone, remark } from '../field-presets.ts';

/**
 * People (人事管理, BUSINESS.md §3 WP6 without salary and attendance): the staff file of each person —
 * the user extension (`bladeUser`: id card, entry date, native place, emergency contact …), education (the highest
 * degree marked), work history, family, certificates (the firm's qualifications, shared for bids), labour contracts,
 * social security —, social-security schemes, outside persons (外聘专家 with their bank accounts) and assets.
 * Every record of a person names them in `userId` (its owner): the data scope 本人可见 of a menu shows a staff
 * member their own records only (self-service: contact, family, education); HR sees all.
 */

/** Messages of the HR rules (BUSINESS.md WP6, *proposed* ones included). */
export const HR_MSG = {
  userMissing: '请选择员工',
  fileExists: '该员工的档案已存在',
  onlyOwn: '只能维护本人的档案信息',
  onlyContact: '只能修改本人的联系方式,其他档案信息请联系人事部门',
  endBeforeStart: '结束日期不能早于开始日期',
  probationOutside: '试用期截止日期应在合同期限内',
  certExpired: '证书已过期,不能共享',
  certNotCompany: '只有注册在本公司的证书才能共享',
  certMissing: '证书不存在或无权访问',
  contractMissing: '劳动合同不存在',
  rateRange: '缴费比例应在0至100之间',
  baseRange: '缴费基数下限不能高于缴费基数上限',
  monthFormat: '缴费月份格式应为yyyy-MM',
  schemeMissing: '社保方案不存在',
  idOrUser: '缺少必要的请求参数: id',
} as const;

/** The menu 人事统计 (/hr/report): its holders (HR, leaders) see the people statistics on the workbench. */
export const HR_REPORT_CODE = 'hr_report';

/** Certificate affiliation (`affiliation`): 1 registered with the company (a qualification of the firm), 2 the person's own. */
export const CERT_AFFILIATION = { company: 1, personal: 2 } as const;

/** The staff file fields a staff member may change in their own file (the rest is HR's). */
export const STAFF_SELF_FIELDS = ['address', 'emergencyContact', 'emergencyRelation', 'emergencyPhone', 'personalEmail'] as const;

/** The person a record is about: shown by name, chosen with the user picker; the owner of the record. */
const userIdField = {
  type: 'id',
  label: { zh: '员工', en: 'Staff' },
  required: HR_MSG.userMissing,
  list: true,
  search: true,
  ref: 'user',
  display: 'userName',
  width: 110,
} as const satisfies FieldDef;

const idCardField = {
  type: 'string',
  max: 18,
  label: { zh: '身份证号', en: 'ID card' },
  check: (v: string) => (FORMATS.idCard.test(v) ? undefined : FORMATS.idCard.message),
  list: true,
  search: true,
  width: 180,
} as const satisfies FieldDef;

/** A percentage of a social-security scheme (0–100, two decimals). */
const rate = (zh: string, en: string): FieldDef => ({ type: 'money', label: { zh: `${zh}(%)`, en: `${en} (%)` }, list: true, width: 110 });

export const staffFileEntity = defineEntity({
  name: 'staff_file',
  table: 'blade_user_ext',
  api: '/api/business/bladeUser',
  path: '/hr/bladeUser',
  label: { zh: '员工档案', en: 'Staff files' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'entryDate', dir: 'desc' },
  owner: 'userId',
  exportable: true,
  dialogWidth: 880,
  fields: {
    userId: { ...userIdField, unique: HR_MSG.fileExists },
    idCard: idCardField,
    entryDate: { type: 'date', label: { zh: '入职日期', en: 'Entry date' }, list: true, sortable: true, filterable: true, width: 110 },
    regularDate: { type: 'date', label: { zh: '转正日期', en: 'Confirmed' }, list: false, sortable: true, filterable: true, width: 110 },
    nativePlace: { type: 'string', max: 100, label: { zh: '籍贯', en: 'Native place' }, list: true, width: 120 },
    nation: { type: 'string', max: 20, label: { zh: '民族', en: 'Ethnicity' }, width: 80 },
    politicalStatus: {
      type: 'int',
      label: { zh: '政治面貌', en: 'Political status' },
      dict: 'political_status',
      bizDict: true,
      list: true,
      search: true,
      width: 100,
    },
    maritalStatus: { type: 'int', label: { zh: '婚姻状况', en: 'Marital status' }, dict: 'marital_status', bizDict: true, width: 90 },
    address: { type: 'string', max: 255, label: { zh: '现住址', en: 'Address' }, width: 220 },
    personalEmail: {
      type: 'string',
      max: 100,
      label: { zh: '个人邮箱', en: 'Personal e-mail' },
      pattern: { regex: FORMATS.email.regex, message: FORMATS.email.message },
      width: 180,
    },
    emergencyContact: { type: 'string', max: 50, label: { zh: '紧急联系人', en: 'Emergency contact' }, list: true, width: 100 },
    emergencyRelation: { type: 'string', max: 20, label: { zh: '与本人关系', en: 'Relation' }, width: 90 },
    emergencyPhone: phone({ zh: '紧急联系电话', en: 'Emergency phone' }, { list: true, width: 130 }),
    remark: remark(),
  },
});

export const userEducationEntity = defineEntity({
  name: 'user_education',
  table: 'hjl_user_education',
  api: '/api/business/hjlUserEducation',
  path: '/hr/hjlUserEducation',
  label: { zh: '教育经历', en: 'Education' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'startDate', dir: 'desc' },
  owner: 'userId',
  exportable: true,
  fields: {
    userId: userIdField,
    school: { type: 'string', max: 100, label: { zh: '毕业院校', en: 'School' }, required: '请输入毕业院校', list: true, search: true, width: 180 },
    major: { type: 'string', max: 100, label: { zh: '专业', en: 'Major' }, list: true, search: true, width: 140 },
    degree: {
      type: 'int',
      label: { zh: '学历', en: 'Degree' },
      dict: 'education_degree',
      bizDict: true,
      required: '请选择学历',
      list: true,
      search: true,
      width: 90,
    },
    startDate: { type: 'date', label: { zh: '入学日期', en: 'From' }, list: true, sortable: true, width: 110 },
    endDate: { type: 'date', label: { zh: '毕业日期', en: 'To' }, list: true, sortable: true, width: 110 },
    isHighest: { type: 'int', label: { zh: '最高学历', en: 'Highest' }, dict: 'yes_no', default: 0, list: true, search: true, width: 90 },
    files: files({ label: { zh: '学历证明', en: 'Certificates' } }),
  },
});

export const userWorkHisEntity = defineEntity({
  name: 'user_work_his',
  table: 'hjl_user_work_his',
  api: '/api/business/hjlUserWorkHis',
  path: '/hr/hjlUserWorkHis',
  label: { zh: '工作经历', en: 'Work history' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'startDate', dir: 'desc' },
  owner: 'userId',
  exportable: true,
  fields: {
    userId: userIdField,
    company: { type: 'string', max: 100, label: { zh: '工作单位', en: 'Company' }, required: '请输入工作单位', list: true, search: true, width: 200 },
    position: { type: 'string', max: 50, label: { zh: '职务', en: 'Position' }, list: true, width: 120 },
    startDate: { type: 'date', label: { zh: '开始日期', en: 'From' }, required: '请选择开始日期', list: true, sortable: true, width: 110 },
    endDate: { type: 'date', label: { zh: '结束日期', en: 'To' }, list: true, sortable: true, width: 110 },
    duty: { type: 'string', max: 1000, label: { zh: '工作内容', en: 'Duties' }, form: 'textarea', list: true, width: 240 },
    leaveReason: { type: 'string', max: 255, label: { zh: '离职原因', en: 'Reason for leaving' }, width: 160 },
  },
});

export const userHomeInfoEntity = defineEntity({
  name: 'user_home_info',
  table: 'hjl_user_home_info',
  api: '/api/business/hjlUserHomeInfo',
  path: '/hr/hjlUserHomeInfo',
  label: { zh: '家庭成员', en: 'Family' },
  routes: ['list', 'detail', 'submit', 'remove'],
  owner: 'userId',
  exportable: true,
  fields: {
    userId: userIdField,
    name: { type: 'string', max: 50, label: { zh: '姓名', en: 'Name' }, required: '请输入姓名', list: true, search: true, width: 100 },
    relation: {
      type: 'int',
      label: { zh: '与本人关系', en: 'Relation' },
      dict: 'family_relation',
      bizDict: true,
      required: '请选择与本人关系',
      list: true,
      search: true,
      width: 100,
    },
    phone: phone({ zh: '联系电话', en: 'Phone' }, { list: true, width: 130 }),
    workplace: { type: 'string', max: 100, label: { zh: '工作单位', en: 'Workplace' }, list: true, width: 200 },
    remark: remark(),
  },
});

export const userCertificateEntity = defineEntity({
  name: 'user_certificate',
  table: 'hjl_user_certificate',
  api: '/api/business/hjlUserCertificate',
  path: '/hr/hjlUserCertificate',
  label: { zh: '证书管理', en: 'Certificates' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'expireDate', dir: 'asc' },
  owner: 'userId',
  exportable: true,
  dialogWidth: 880,
  fields: {
    userId: userIdField,
    certName: { type: 'string', max: 100, label: { zh: '证书名称', en: 'Certificate' }, required: '请输入证书名称', list: true, search: true, width: 180 },
    certType: {
      type: 'int',
      label: { zh: '证书类型', en: 'Type' },
      dict: 'cert_type',
      bizDict: true,
      required: '请选择证书类型',
      list: true,
      search: true,
      width: 140,
    },
    certNum: { type: 'string', max: 64, label: { zh: '证书编号', en: 'Number' }, required: '请输入证书编号', list: true, search: true, width: 160 },
    major: { type: 'string', max: 100, label: { zh: '专业', en: 'Major' }, list: true, width: 120 },
    issueOrg: { type: 'string', max: 100, label: { zh: '发证机关', en: 'Issued by' }, width: 160 },
    issueDate: { type: 'date', label: { zh: '发证日期', en: 'Issued' }, list: true, sortable: true, filterable: true, width: 110 },
    expireDate: { type: 'date', label: { zh: '有效期至', en: 'Valid until' }, list: true, sortable: true, filterable: true, width: 110 },
    affiliation: {
      type: 'int',
      label: { zh: '注册单位', en: 'Registered with' },
      dict: 'cert_affiliation',
      bizDict: true,
      default: CERT_AFFILIATION.company,
      list: true,
      search: true,
      width: 110,
    },
    /** Kept by `share` / `cancel-share` (never by a submit). */
    isShare: { type: 'int', label: { zh: '是否共享', en: 'Shared' }, dict: 'yes_no', default: 0, list: true, search: true, form: false, width: 90 },
    sharedScope: { type: 'string', max: 255, label: { zh: '共享范围', en: 'Shared for' }, form: false, list: true, width: 160 },
    files: files({ label: { zh: '证书扫描件', en: 'Scans' } }),
    remark: remark(),
  },
});

export const workContractEntity = defineEntity({
  name: 'work_contract',
  table: 'hjl_work_contract',
  api: '/api/business/hjlWorkContract',
  path: '/hr/hjlWorkContract',
  label: { zh: '劳动合同', en: 'Labour contracts' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'endDate', dir: 'asc' },
  owner: 'userId',
  exportable: true,
  fields: {
    userId: userIdField,
    contractNum: {
      type: 'string',
      max: 64,
      label: { zh: '合同编号', en: 'Number' },
      required: '请输入合同编号',
      unique: '合同编号已存在',
      list: true,
      search: true,
      width: 160,
    },
    contractType: {
      type: 'int',
      label: { zh: '合同类型', en: 'Type' },
      dict: 'work_contract_type',
      bizDict: true,
      required: '请选择合同类型',
      list: true,
      search: true,
      width: 110,
    },
    signDate: { type: 'date', label: { zh: '签订日期', en: 'Signed' }, list: false, sortable: true, width: 110 },
    startDate: { type: 'date', label: { zh: '开始日期', en: 'From' }, required: '请选择开始日期', list: true, sortable: true, filterable: true, width: 110 },
    endDate: { type: 'date', label: { zh: '结束日期', en: 'To' }, list: true, sortable: true, filterable: true, width: 110 },
    probationEnd: { type: 'date', label: { zh: '试用期至', en: 'Probation until' }, list: true, sortable: true, filterable: true, width: 110 },
    files: files({ label: { zh: '合同附件', en: 'Files' } }),
    remark: remark(),
  },
});

export const socialSecurityEntity = defineEntity({
  name: 'social_security',
  table: 'hjl_social_security',
  api: '/api/business/hjlSocialSecurity',
  path: '/hr/hjlSocialSecurity',
  label: { zh: '社保方案', en: 'Social-security schemes' },
  routes: ['list', 'detail', 'submit', 'remove'],
  exportable: true,
  dialogWidth: 880,
  fields: {
    schemeName: {
      type: 'string',
      max: 100,
      label: { zh: '方案名称', en: 'Scheme' },
      required: '请输入方案名称',
      unique: '方案名称已存在',
      list: true,
      search: true,
      width: 180,
    },
    city: { type: 'string', max: 50, label: { zh: '参保城市', en: 'City' }, required: '请输入参保城市', list: true, search: true, width: 100 },
    baseMin: money({ zh: '缴费基数下限', en: 'Base min' }, { list: true, width: 120 }),
    baseMax: money({ zh: '缴费基数上限', en: 'Base max' }, { list: true, width: 120 }),
    pensionCompany: rate('养老单位', 'Pension, company'),
    pensionPersonal: rate('养老个人', 'Pension, personal'),
    medicalCompany: rate('医疗单位', 'Medical, company'),
    medicalPersonal: rate('医疗个人', 'Medical, personal'),
    unemploymentCompany: rate('失业单位', 'Unemployment, company'),
    unemploymentPersonal: rate('失业个人', 'Unemployment, personal'),
    injuryCompany: rate('工伤单位', 'Injury, company'),
    maternityCompany: rate('生育单位', 'Maternity, company'),
    housingCompany: rate('公积金单位', 'Housing fund, company'),
    housingPersonal: rate('公积金个人', 'Housing fund, personal'),
    remark: remark(),
  },
});

/** The percentage fields of a scheme, by who pays them. */
export const SOCIAL_RATES = {
  company: ['pensionCompany', 'medicalCompany', 'unemploymentCompany', 'injuryCompany', 'maternityCompany', 'housingCompany'],
  personal: ['pensionPersonal', 'medicalPersonal', 'unemploymentPersonal', 'housingPersonal'],
} as const;

export const userSocialSecurityEntity = defineEntity({
  name: 'user_social_security',
  table: 'hjl_user_social_security',
  api: '/api/business/hjlUserSocialSecurity',
  path: '/hr/hjlUserSocialSecurity',
  label: { zh: '社保缴纳', en: 'Social security' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'payMonth', dir: 'desc' },
  owner: 'userId',
  exportable: true,
  fields: {
    userId: userIdField,
    schemeId: {
      type: 'id',
      label: { zh: '社保方案', en: 'Scheme' },
      required: '请选择社保方案',
      list: true,
      filterable: true,
      ref: 'social_security',
      display: 'schemeName',
      width: 160,
    },
    payMonth: {
      type: 'string',
      max: 7,
      label: { zh: '缴费月份', en: 'Month' },
      required: '请选择缴费月份',
      pattern: { regex: /^\d{4}-(0[1-9]|1[0-2])$/, message: HR_MSG.monthFormat },
      list: true,
      search: true,
      sortable: true,
      width: 100,
    },
    base: money({ zh: '缴费基数', en: 'Base' }, { required: '请输入缴费基数', list: true, sortable: true, width: 120 }),
    /** Computed from the scheme's rates (base × Σ rates), kept by the server. */
    personalAmount: money({ zh: '个人缴纳', en: 'Personal' }, { list: true, form: false, width: 120 }),
    companyAmount: money({ zh: '单位缴纳', en: 'Company' }, { list: true, form: false, width: 120 }),
    remark: remark(),
  },
});

export const userOuterEntity = defineEntity({
  name: 'user_outer',
  table: 'hjl_user_outer',
  api: '/api/business/hjlUserOuter',
  path: '/hr/hjlUserOuter',
  label: { zh: '外部人员', en: 'Outside persons' },
  routes: ['list', 'detail', 'submit', 'remove'],
  exportable: true,
  dialogWidth: 880,
  fields: {
    name: { type: 'string', max: 50, label: { zh: '姓名', en: 'Name' }, required: '请输入姓名', list: true, search: true, sortable: true, width: 100 },
    outerType: {
      type: 'int',
      label: { zh: '人员类型', en: 'Kind' },
      dict: 'outer_type',
      bizDict: true,
      required: '请选择人员类型',
      list: true,
      search: true,
      width: 100,
    },
    idCard: { ...idCardField, unique: '该身份证号的人员已存在' },
    phone: {
      type: 'string',
      max: 20,
      label: { zh: '手机号码', en: 'Mobile' },
      required: '手机号码不能为空',
      pattern: { regex: FORMATS.mobile.regex, message: FORMATS.mobile.message },
      list: true,
      search: true,
      width: 130,
    },
    company: { type: 'string', max: 100, label: { zh: '工作单位', en: 'Company' }, list: true, search: true, width: 200 },
    major: { type: 'string', max: 100, label: { zh: '专业', en: 'Major' }, list: true, width: 120 },
    title: { type: 'string', max: 50, label: { zh: '职称', en: 'Title' }, list: true, width: 110 },
    bankName: { type: 'string', max: 100, label: { zh: '开户银行', en: 'Bank' }, list: true, width: 180 },
    bankAccount: bankAccount({ list: true, width: 190 }),
    remark: remark(),
  },
});

export const assetEntity = defineEntity({
  name: 'asset',
  table: 'hjl_asset',
  api: '/api/business/asset',
  path: '/hr/asset',
  label: { zh: '资产登记', en: 'Assets' },
  routes: ['page', 'detail', 'remove'],
  defaultSort: { field: 'registerDate', dir: 'desc' },
  exportable: true,
  fields: {
    assetNum: {
      type: 'string',
      max: 64,
      label: { zh: '资产编号', en: 'Number' },
      required: '请输入资产编号',
      unique: '资产编号已存在',
      list: true,
      search: true,
      sortable: true,
      width: 150,
    },
    assetName: { type: 'string', max: 100, label: { zh: '资产名称', en: 'Name' }, required: '请输入资产名称', list: true, search: true, width: 180 },
    category: {
      type: 'int',
      label: { zh: '资产类别', en: 'Category' },
      dict: 'asset_category',
      bizDict: true,
      required: '请选择资产类别',
      list: true,
      search: true,
      width: 110,
    },
    spec: { type: 'string', max: 100, label: { zh: '规格型号', en: 'Model' }, list: true, width: 140 },
    value: money({ zh: '资产原值(元)', en: 'Value' }, { list: true, sortable: true, width: 120 }),
    deptId: { type: 'id', label: { zh: '使用部门', en: 'Department' }, list: true, filterable: true, ref: 'dept', display: 'deptName', width: 120 },
    keeperUser: { type: 'id', label: { zh: '保管人', en: 'Keeper' }, list: true, search: true, ref: 'user', display: 'keeperName', width: 100 },
    registerDate: { type: 'date', label: { zh: '登记日期', en: 'Registered' }, list: true, sortable: true, filterable: true, width: 110 },
    assetStatus: {
      type: 'int',
      label: { zh: '资产状态', en: 'Status' },
      dict: 'asset_status',
      bizDict: true,
      default: 1,
      list: true,
      search: true,
      width: 90,
    },
    location: { type: 'string', max: 100, label: { zh: '存放地点', en: 'Location' }, width: 140 },
    remark: remark(),
  },
});

/** The tabs of a person's staff file (the detail page of 员工档案), in tab order. */
export const staffFileChildEntities = [
  userEducationEntity,
  userWorkHisEntity,
  userHomeInfoEntity,
  userCertificateEntity,
  workContractEntity,
  userSocialSecurityEntity,
];
