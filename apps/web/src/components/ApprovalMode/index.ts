export {
  useApprovalMode,
  approvalActions,
  approvalLocked,
  ApprovalStatusSelect,
  APPROVAL_STATUS_FIELD,
  APPROVAL_TEXT,
  WITHDRAW_URL,
  type ApprovalMode,
} from './useApprovalMode';
