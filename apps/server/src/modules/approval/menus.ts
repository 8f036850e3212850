/** The approval kit's menu in the workflow's folder (批量审批), and what the demo roles get of it. */
import { button, type ModuleMenus } from '../../platform/menus.ts';

/** Batches of business records approved by one process: leaders and finance read them all. */
const batchApproval = ['hjl_batch_approval', 'hjl_batch_approval_view'];

export const menus: ModuleMenus = {
  into: {
    // Batches of business records approved by one process (S2 L449).
    workflow: [
      {
        code: 'hjl_batch_approval',
        name: '批量审批',
        path: '/workflow/batchApproval',
        source: 'GroupOutlined',
        sort: 20,
        buttons: [button('hjl_batch_approval_view', '查看', 'view')],
      },
    ],
  },
  demoGrants: { manager: batchApproval, finance: batchApproval },
};
