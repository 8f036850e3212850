/** The leave process's menu (请假流程) in the workflow's folder, and what the demo roles get of it. */
import { button, type ModuleMenus } from '../../platform/menus.ts';

/** Every employee asks for leave. */
const leaveUser = ['wf_leave', 'wf_leave_add', 'wf_leave_delete', 'wf_leave_view'];

export const menus: ModuleMenus = {
  into: {
    workflow: [
      {
        code: 'wf_leave',
        name: '请假流程',
        path: '/work/process/leave',
        source: 'CalendarOutlined',
        sort: 8,
        buttons: [button('wf_leave_add', '请假申请', 'add', 0), button('wf_leave_delete', '删除', 'delete', 2), button('wf_leave_view', '查看', 'view')],
      },
    ],
  },
  demoGrants: { manager: leaveUser, finance: leaveUser, project: leaveUser, user: leaveUser },
};
