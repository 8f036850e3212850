export { useApprovalMode, approvalActions, approvalLocked, APPROVAL_TEXT, WITHDRAW_URL, type ApprovalMode } from './useApprovalMode';
