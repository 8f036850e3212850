/** Texts of the leave pages ({zh, en}). */
export const LL = {
  apply: { zh: '请假申请', en: 'Request leave' },
  leaveType: { zh: '请假类型', en: 'Type' },
  startTime: { zh: '开始时间', en: 'From' },
  endTime: { zh: '结束时间', en: 'To' },
  days: { zh: '请假天数', en: 'Days' },
  reason: { zh: '请假理由', en: 'Reason' },
  approver: { zh: '审批人', en: 'Approver' },
  applicant: { zh: '申请人', en: 'Applicant' },
  status: { zh: '审批状态', en: 'Status' },
  view: { zh: '查看', en: 'View' },
  record: { zh: '请假信息', en: 'Leave request' },
  notDeployed: { zh: '请假流程尚未部署', en: 'The leave process is not deployed' },
} as const;
