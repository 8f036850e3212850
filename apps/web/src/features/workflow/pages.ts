/**
 * The workflow pages (流程管理): the user's lists, drafts, batches, proxies and the operations console; the design
 * time (models, forms and their catalogues, deployments, listeners); the process screens (start, handle, detail,
 * external forms), the leave pages and the business forms' urls (app/processForms.tsx).
 */
import {
  batchApprovalEntity,
  leaveEntity,
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
import { lazyPage } from '../../app/lazyPage';
import { entityPage, type PageEntry } from '../../app/pageEntry';
import { DESIGNER_ROUTE, MODEL_HISTORY_ROUTE } from '../../app/paths';
import { formRoutes } from '../../app/processForms';

const FormUrlPage = lazyPage(() => import('./process/FormUrlPage'));

export const pages: PageEntry[] = [
  entityPage(wfProxyEntity, () => import('./proxy/ProxyPage')),
  // Workflow model designer (模型设计): the list, the designer of one model and its history versions (reached from the list).
  entityPage(wfModelEntity, () => import('./design/model/ModelPage')),
  {
    path: DESIGNER_ROUTE,
    component: lazyPage(() => import('./design/model/DesignerPage')),
    title: { zh: '流程设计', en: 'Process designer' },
    open: true,
  },
  {
    path: MODEL_HISTORY_ROUTE,
    component: lazyPage(() => import('./design/model/ModelHistoryPage')),
    title: { zh: '模型历史版本', en: 'Model versions' },
    open: true,
  },
  // Forms with their designer and versions (reached from the form list, so open; the pages check wf_form_edit /
  // wf_form_history themselves), the design catalogues and the deployments.
  entityPage(wfFormEntity, () => import('./design/form/FormPage')),
  {
    path: '/workflow/design/form/designer/:id',
    component: lazyPage(() => import('./design/form/FormDesignerPage')),
    title: { zh: '表单设计器', en: 'Form designer' },
    open: true,
  },
  {
    path: '/workflow/design/form/history/:id',
    component: lazyPage(() => import('./design/form/FormHistoryPage')),
    title: { zh: '表单历史版本', en: 'Form versions' },
    open: true,
  },
  entityPage(wfCategoryEntity, () => import('./design/support/CategoryPage')),
  entityPage(wfConditionEntity, () => import('./design/support/ConditionPage')),
  entityPage(wfButtonEntity, () => import('./design/support/ButtonPage')),
  entityPage(wfFormDefaultEntity),
  entityPage(wfModelScopeEntity, () => import('./design/support/ModelScopePage')),
  { path: '/workflow/deployment', component: lazyPage(() => import('./deployment/DeploymentPage')), title: { zh: '部署管理', en: 'Deployments' } },
  {
    path: '/workflow/design/listener',
    component: lazyPage(() => import('./design/listener/ListenerMapPage')),
    title: { zh: '监听器映射', en: 'Listener mappings' },
  },
  // Workflow lists (one shared list component), drafts and the operations console.
  { path: '/workflow/process/todo', component: lazyPage(() => import('./lists/TodoListPage')), title: { zh: '待办事务', en: 'To-do' } },
  { path: '/workflow/process/claim', component: lazyPage(() => import('./lists/ClaimListPage')), title: { zh: '待签事务', en: 'To claim' } },
  { path: '/workflow/process/send', component: lazyPage(() => import('./lists/SendListPage')), title: { zh: '我的请求', en: 'My requests' } },
  { path: '/workflow/process/done', component: lazyPage(() => import('./lists/DoneListPage')), title: { zh: '已办事务', en: 'Done' } },
  { path: '/workflow/process/myDone', component: lazyPage(() => import('./lists/MyDoneListPage')), title: { zh: '办结事务', en: 'Finished' } },
  { path: '/workflow/process/copy', component: lazyPage(() => import('./lists/CopyListPage')), title: { zh: '抄送事务', en: 'Copies' } },
  entityPage(wfDraftEntity, () => import('./draft/DraftPage')),
  // 批量审批: several to-do tasks approved or rejected with one comment, and the batches of records of one process.
  entityPage(batchApprovalEntity, () => import('./batch/BatchApprovalPage')),
  { path: '/workflow/ops', component: lazyPage(() => import('./ops/OpsPage')), title: { zh: '流程运维', en: 'Operations' } },
  // The process screens: the start list, the start and handle/detail screens (payload after the slash), external
  // forms, the leave pages.
  { path: '/workflow/process/start', component: lazyPage(() => import('./process/StartListPage')), title: { zh: '新建流程', en: 'Start a process' } },
  { path: '/workflow/process/start/*', component: lazyPage(() => import('./process/StartPage')), title: { zh: '发起流程', en: 'Start' }, open: true },
  {
    path: '/workflow/process/detail/*',
    component: lazyPage(() => import('./process/DetailPage')),
    title: { zh: '流程详情', en: 'Process' },
    open: true,
  },
  {
    path: '/workflow/process/external/:suffix/:type',
    component: lazyPage(() => import('./process/ExternalPage')),
    title: { zh: '流程表单', en: 'Process form' },
    open: true,
  },
  entityPage(leaveEntity, () => import('./leave/LeaveListPage')),
  {
    path: '/work/process/leave/form/:processDefinitionId',
    component: lazyPage(() => import('./leave/LeaveFormPage')),
    title: { zh: '请假申请', en: 'Request leave' },
    open: true,
  },
  {
    path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
    component: lazyPage(() => import('./leave/LeaveProcessPages').then((m) => ({ default: m.LeaveHandlePage }))),
    title: { zh: '请假审批', en: 'Leave approval' },
    open: true,
  },
  {
    path: '/work/process/leave/detail/:processInstanceId/:businessId',
    component: lazyPage(() => import('./leave/LeaveProcessPages').then((m) => ({ default: m.LeaveDetailPage }))),
    title: { zh: '请假详情', en: 'Leave request' },
    open: true,
  },
  // Business form urls (app/processForms.tsx, S2 L60-85): the start form and the handle / detail screens of each.
  ...formRoutes().map((route) => ({ path: route.path, component: FormUrlPage, title: route.title ?? { zh: '业务表单', en: 'Business form' }, open: true })),
  // Where approvals wait, and the business calendar its working hours are counted on.
  { path: '/workflow/waits', component: lazyPage(() => import('./waits/WaitsPage')), title: { zh: '审批时效分析', en: 'Approval durations' } },
  entityPage(wfCalendarEntity),
];
