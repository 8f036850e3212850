export { ApprovalStatusTag, approvalLook, DRAFT_DASH, type ApprovalStatusTagProps } from './ApprovalStatusTag';
