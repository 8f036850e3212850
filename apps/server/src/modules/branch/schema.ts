import {
  dividendComponentEntity,
  dividendEntity,
  filialeAccountEntity,
  filialeContractEntity,
  filialeDepositEntity,
  filialeEntity,
  filialeMgmtEntity,
  investInfoEntity,
  investInfoHisEntity,
  withdrawShareEntity,
} from '@hjl/core';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

/** Branches, indexed by their dept (the leader's data scope narrows on it). */
export const filiales = entityTable(filialeEntity, (t) => [index('hjl_filiale_dept_idx').on(t.tenantId, t.deptId)]);
/** A branch's records, each indexed by its branch (the tabs of the detail page, the removal check, the statement). */
export const filialeMgmts = entityTable(filialeMgmtEntity, (t) => [index('hjl_filiale_mgmt_filiale_idx').on(t.filialeId)]);
export const filialeDeposits = entityTable(filialeDepositEntity, (t) => [index('hjl_filiale_deposit_filiale_idx').on(t.filialeId)]);
export const filialeContracts = entityTable(filialeContractEntity, (t) => [index('hjl_filiale_contract_filiale_idx').on(t.filialeId)]);
export const filialeAccounts = entityTable(filialeAccountEntity, (t) => [index('hjl_filiale_account_filiale_idx').on(t.filialeId)]);
export const dividends = entityTable(dividendEntity, (t) => [index('hjl_dividend_filiale_idx').on(t.filialeId)]);
export const dividendComponents = entityTable(dividendComponentEntity, (t) => [index('hjl_dividend_component_dividend_idx').on(t.dividendId)]);
export const withdrawShares = entityTable(withdrawShareEntity, (t) => [index('hjl_withdraw_share_filiale_idx').on(t.filialeId)]);
export const investInfos = entityTable(investInfoEntity, (t) => [index('hjl_invest_info_filiale_idx').on(t.filialeId)]);
export const investInfoHis = entityTable(investInfoHisEntity, (t) => [index('hjl_invest_info_his_info_idx').on(t.investInfoId, t.version)]);
