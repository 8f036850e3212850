/** The workflow menus (流程管理) and what the demo roles get of them. */
import {
  wfButtonEntity,
  wfCalendarEntity,
  wfCategoryEntity,
  wfConditionEntity,
  wfDraftEntity,
  wfFormDefaultEntity,
  wfFormEntity,
  wfModelEntity,
  wfModelScopeEntity,
  wfProxyEntity,
} from '@hjl/core';
import { button, crud, crudButtons, menuOf, type ModuleMenus } from '../../platform/menus.ts';

/** What every employee does in the workflow: start, handle and follow processes, keep drafts (leave: modules/leave/menus.ts). */
const workflowUser = ['workflow', 'wf_start', 'wf_todo', 'wf_claim', 'wf_send', 'wf_done', 'wf_my_done', 'wf_copy', ...crud('wf_draft')];

export const menus: ModuleMenus = {
  top: [
    {
      // The user's lists, drafts, proxies, the operations console and deployments, then the design time (models, forms
      // and their catalogues); the leave process and the batch approvals are their modules'. Task actions need the task
      // itself, not a code.
      code: 'workflow',
      name: '流程管理',
      path: '/workflow',
      source: 'NodeIndexOutlined',
      sort: 50,
      children: [
        { code: 'wf_start', name: '新建流程', path: '/workflow/process/start', source: 'PlusCircleOutlined', sort: 1 },
        { code: 'wf_todo', name: '待办事务', path: '/workflow/process/todo', source: 'ScheduleOutlined', sort: 2 },
        { code: 'wf_claim', name: '待签事务', path: '/workflow/process/claim', source: 'InboxOutlined', sort: 3 },
        { code: 'wf_send', name: '我的请求', path: '/workflow/process/send', source: 'SendOutlined', sort: 4 },
        { code: 'wf_done', name: '已办事务', path: '/workflow/process/done', source: 'CheckSquareOutlined', sort: 5 },
        { code: 'wf_my_done', name: '办结事务', path: '/workflow/process/myDone', source: 'FileDoneOutlined', sort: 6 },
        { code: 'wf_copy', name: '抄送事务', path: '/workflow/process/copy', source: 'CopyOutlined', sort: 7 },
        menuOf(wfProxyEntity, { sort: 9, source: 'UserSwitchOutlined' }),
        {
          code: 'wf_ops',
          name: '流程运维',
          path: '/workflow/ops',
          source: 'ToolOutlined',
          sort: 10,
          buttons: [
            button('wf_ops_complete', '完成', 'complete'),
            button('wf_ops_status', '挂起激活', 'status'),
            button('wf_ops_assignee', '变更办理人', 'assignee'),
            button('wf_ops_transfer', '转办', 'transfer'),
            button('wf_ops_delegate', '委托', 'delegate'),
            button('wf_ops_copy', '抄送', 'copy'),
            button('wf_ops_urge', '催办', 'urge'),
            button('wf_ops_terminate', '终止', 'terminate'),
            button('wf_ops_rollback', '回退', 'rollback'),
            button('wf_ops_dispatch', '调度', 'dispatch'),
            button('wf_ops_add_sign', '加签', 'add-sign'),
            button('wf_ops_delete_sign', '减签', 'delete-sign'),
            button('wf_ops_delete', '删除流程', 'delete'),
            button('wf_ops_job', '执行定时任务', 'run-job'),
          ],
        },
        {
          code: 'wf_deployment',
          name: '部署管理',
          path: '/workflow/deployment',
          source: 'CloudUploadOutlined',
          sort: 11,
          buttons: [
            button('wf_deployment_upload', '上传部署', 'upload', 0),
            button('wf_deployment_status', '挂起激活', 'status'),
            button('wf_deployment_category', '变更分类', 'category'),
            button('wf_deployment_delete', '删除', 'delete', 2),
          ],
        },
        menuOf(wfModelEntity, {
          sort: 12,
          source: 'PartitionOutlined',
          extra: [
            button('wf_model_deploy', '部署', 'deploy'),
            button('wf_model_history', '历史版本', 'history'),
            button('wf_model_history_edit', '修改版本说明', 'history-edit'),
            button('wf_model_history_delete', '删除历史版本', 'history-delete'),
            button('wf_model_history_main', '设为主版本', 'main-version'),
          ],
        }),
        menuOf(wfFormEntity, {
          sort: 13,
          source: 'FormOutlined',
          extra: [
            button('wf_form_history', '历史版本', 'history'),
            button('wf_form_history_edit', '修改版本说明', 'history-edit'),
            button('wf_form_history_delete', '删除历史版本', 'history-delete'),
            button('wf_form_history_main', '设为主版本', 'main-version'),
          ],
        }),
        menuOf(wfCategoryEntity, { sort: 14, source: 'ClusterOutlined' }),
        menuOf(wfConditionEntity, { sort: 15, source: 'BranchesOutlined' }),
        menuOf(wfButtonEntity, { sort: 16, source: 'AppstoreAddOutlined' }),
        menuOf(wfFormDefaultEntity, { sort: 17, source: 'EditOutlined' }),
        menuOf(wfModelScopeEntity, { sort: 18, source: 'SafetyOutlined' }),
        menuOf(wfDraftEntity, { sort: 19, source: 'FileTextOutlined' }),
        {
          code: 'wf_listener',
          name: '监听器映射',
          path: '/workflow/design/listener',
          source: 'ApiOutlined',
          sort: 20,
          buttons: crudButtons('wf_listener'),
        },
        // Where approvals wait (waits.ts) and the business calendar its working hours are counted on (calendar.ts).
        { code: 'wf_waits', name: '审批时效分析', path: '/workflow/waits', source: 'FieldTimeOutlined', sort: 21 },
        menuOf(wfCalendarEntity, { sort: 22, source: 'CalendarOutlined' }),
      ],
    },
  ],
  // The general manager follows where approvals wait (审批时效分析, and its block on the cockpit).
  demoGrants: { manager: [...workflowUser, 'wf_waits'], finance: workflowUser, project: workflowUser, user: workflowUser },
};
