/**
 * The kinds of record the pickers choose from, and one picker and one input per kind. The data of projects,
 * contracts and internal accounts comes with their areas (WP2, WP4): until then their calls answer nothing, and
 * an area that names its calls differently changes the kind here (one place).
 */
import { customerEntity, filialeEntity } from '@hjl/core';
import { ApprovalStatusTag } from '../ApprovalStatusTag';
import { moneyText } from '../MoneyText';
import { ACCOUNT_API, CONTRACT_API, PROJECT_API } from './api';
import { RecordPicker, RecordPickerInput, type PickerKind, type PickerRow, type RecordPickerInputProps, type RecordPickerProps } from './RecordPicker';

/** 客户 (spec 2, Customer picker row): name, type, contact person, contact phone. */
export const CUSTOMER_KIND: PickerKind = {
  name: 'customer',
  api: customerEntity.api,
  title: { zh: '选择客户', en: 'Choose a customer' },
  nothing: { zh: '请选择客户', en: 'Choose a customer' },
  searchField: 'customerName',
  searchPlaceholder: { zh: '请输入客户名称', en: 'Customer name' },
  columns: [
    { field: 'customerName', title: { zh: '客户名称', en: 'Customer' } },
    { field: 'customerType', title: { zh: '客户类型', en: 'Type' }, width: 110, dict: 'biz:customer_type' },
    { field: 'contactPerson', title: { zh: '联系人', en: 'Contact' }, width: 100 },
    { field: 'contactPhone', title: { zh: '联系电话', en: 'Phone' }, width: 140 },
  ],
};

/** 项目 (BUSINESS.md WP2 hjl_project): number, name, client, type, status. */
export const PROJECT_KIND: PickerKind = {
  name: 'project',
  api: PROJECT_API,
  title: { zh: '选择项目', en: 'Choose a project' },
  nothing: { zh: '请选择项目', en: 'Choose a project' },
  searchField: 'projectName',
  searchPlaceholder: { zh: '请输入项目名称', en: 'Project name' },
  nameOf: (row) => String(row.projectName ?? ''),
  width: 900,
  columns: [
    { field: 'projectNum', title: { zh: '项目编号', en: 'Number' }, width: 170 },
    { field: 'projectName', title: { zh: '项目名称', en: 'Project' } },
    { field: 'customerName', title: { zh: '委托方', en: 'Client' }, width: 180 },
    { field: 'projectType', title: { zh: '项目类型', en: 'Type' }, width: 100, dict: 'biz:project_type' },
    { field: 'projectStatus', title: { zh: '项目状态', en: 'Status' }, width: 90, dict: 'biz:project_status' },
  ],
};

/** 合同 (BUSINESS.md WP2 hjl_contract): number, name, client, amount, approval status. */
export const CONTRACT_KIND: PickerKind = {
  name: 'contract',
  api: CONTRACT_API,
  title: { zh: '选择合同', en: 'Choose a contract' },
  nothing: { zh: '请选择合同', en: 'Choose a contract' },
  searchField: 'contractName',
  searchPlaceholder: { zh: '请输入合同名称', en: 'Contract name' },
  nameOf: (row) => String(row.contractName ?? ''),
  width: 900,
  columns: [
    { field: 'contractNum', title: { zh: '合同编号', en: 'Number' }, width: 170 },
    { field: 'contractName', title: { zh: '合同名称', en: 'Contract' } },
    { field: 'customerName', title: { zh: '委托方', en: 'Client' }, width: 180 },
    { field: 'contractAmount', title: { zh: '合同金额', en: 'Amount' }, width: 130, render: (v) => moneyText(v as string) },
    { field: 'status', title: { zh: '审批状态', en: 'Approval' }, width: 90, render: (v, row) => <ApprovalStatusTag status={v} isDraft={row.isDraft} /> },
  ],
};

/** 内部账户 (BUSINESS.md WP4 hjl_account_info): name, number, bank, nature. */
export const ACCOUNT_KIND: PickerKind = {
  name: 'account',
  api: ACCOUNT_API,
  // Every form that moves money names its account; the list with balances is finance's (finance/account-pick.ts).
  listUrl: `${ACCOUNT_API}/pick`,
  detailUrl: `${ACCOUNT_API}/pick-detail`,
  title: { zh: '选择账户', en: 'Choose an account' },
  nothing: { zh: '请选择账户', en: 'Choose an account' },
  searchField: 'accountName',
  searchPlaceholder: { zh: '请输入账户名称', en: 'Account name' },
  nameOf: (row) => String(row.accountName ?? row.accountNum ?? ''),
  width: 900,
  columns: [
    { field: 'accountName', title: { zh: '账户名称', en: 'Account name' } },
    { field: 'accountNum', title: { zh: '账号', en: 'Account number' }, width: 200 },
    { field: 'bankName', title: { zh: '开户行', en: 'Bank' }, width: 200 },
    { field: 'accountNature', title: { zh: '账户性质', en: 'Nature' }, width: 100, dict: 'biz:account_nature' },
  ],
};

/** 分公司 (BUSINESS.md WP5 hjl_filiale): name, organisation, leader, status. */
export const BRANCH_KIND: PickerKind = {
  name: 'branch',
  api: filialeEntity.api,
  title: { zh: '选择分公司', en: 'Choose a branch' },
  nothing: { zh: '请选择分公司', en: 'Choose a branch' },
  searchField: 'filialeName',
  searchPlaceholder: { zh: '请输入分公司名称', en: 'Branch name' },
  nameOf: (row) => String(row.filialeName ?? ''),
  columns: [
    { field: 'filialeName', title: { zh: '分公司名称', en: 'Branch' } },
    { field: 'deptName', title: { zh: '所属机构', en: 'Organisation' }, width: 140 },
    { field: 'leaderName', title: { zh: '负责人', en: 'Leader' }, width: 100 },
    { field: 'filialeStatus', title: { zh: '经营状态', en: 'State' }, width: 100, dict: 'biz:filiale_status' },
  ],
};

/** An internal account as the account picker answers it. */
export interface AccountRow extends PickerRow {
  accountName: string;
  accountNum: string;
  bankName: string;
  accountNature?: number | string | null;
}

type Picker<T extends PickerRow> = Omit<RecordPickerProps<T>, 'kind'>;
type Input<T extends PickerRow> = Omit<RecordPickerInputProps<T>, 'kind'>;

export const ProjectPicker = (props: Picker<PickerRow>) => <RecordPicker kind={PROJECT_KIND} {...props} />;
export const ProjectPickerInput = (props: Input<PickerRow>) => <RecordPickerInput kind={PROJECT_KIND} {...props} />;
export const ContractPicker = (props: Picker<PickerRow>) => <RecordPicker kind={CONTRACT_KIND} {...props} />;
export const ContractPickerInput = (props: Input<PickerRow>) => <RecordPickerInput kind={CONTRACT_KIND} {...props} />;
export const AccountPicker = (props: Picker<AccountRow>) => <RecordPicker<AccountRow> kind={ACCOUNT_KIND} {...props} />;
export const AccountPickerInput = (props: Input<AccountRow>) => <RecordPickerInput<AccountRow> kind={ACCOUNT_KIND} {...props} />;
