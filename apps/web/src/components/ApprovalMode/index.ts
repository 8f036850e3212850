export {
  useApprovalMode,
  approvalActions,
  approvalLocked,
  ApprovalStatusSelect,
  APPROVAL_STATUS_FIELD,
  APPROVAL_TEXT,
  type ApprovalMode,
} from './useApprovalMode';
export { startApproval, withdrawRequest, WITHDRAW_URL } from './api';
