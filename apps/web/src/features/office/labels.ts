/** Texts of the office-approval screens (Chinese first; English beside it). */
import type { Label } from '@hjl/core';

const l = (zh: string, en: string): Label => ({ zh, en });

export const OFFICE = {
  addLine: l('添加一行', 'Add a line'),
  removeLine: l('删除', 'Remove'),
  total: l('合计', 'Total'),
  no: l('序号', 'No.'),
  // Business trips
  addEvection: l('新增出差申请', 'New business trip'),
  editEvection: l('修改出差申请', 'Edit business trip'),
  viewEvection: l('查看出差申请', 'Business trip'),
  evectionLines: l('出差行程', 'Trip lines'),
  evectionTotal: l('预计费用合计', 'Estimated cost'),
  noEvectionLines: l('请添加出差行程', 'Add the trip lines'),
  // Purchases
  addShopping: l('新增采购申请', 'New purchase'),
  editShopping: l('修改采购申请', 'Edit purchase'),
  viewShopping: l('查看采购申请', 'Purchase'),
  shoppingLines: l('采购明细', 'Purchase lines'),
  shoppingTotal: l('采购金额合计', 'Purchase total'),
  noShoppingLines: l('请添加采购明细', 'Add the purchase lines'),
  recordMissing: l('未找到业务单据', 'The record was not found'),
  status: l('审批状态', 'Approval status'),
};
