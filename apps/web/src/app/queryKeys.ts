/**
 * The one query-key factory of the web app (TanStack Query). Every cached server answer gets its key here,
 * so that the query of a page and the invalidation after a change agree, and one piece of data (the process
 * category tree, the department tree) has one key wherever it is shown.
 *
 * Shape: a key is an array whose first element names its scope — an entity's `def.api` (the records of a
 * definition: `queryKeys.entity(api)`) or an area name ('org', 'workflow' …). Each scope's `all` is the prefix
 * of every key below it: invalidating it reloads all of them.
 *
 * Who uses it: the feature's `api.ts` builds its query options from these keys (features/<area>/api.ts); a
 * component never writes a key literal. A new area adds its keys here, in a section of its own.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { Query } from './api';

/** The keys of the records under one API base: an entity's `def.api` (CrudPage, TreeCrudPage, detail pages). */
export function entityKeys(api: string) {
  return {
    /** Everything of the base. */
    all: [api] as const,
    /**
     * Every page of a list (invalidate after add, edit, delete). `url`: a list call other than `<api>/list`
     * (e.g. `<api>/my`), kept apart in the cache.
     */
    lists: (url?: string): readonly unknown[] => (url ? [api, 'list', url] : [api, 'list']),
    /** One record (`<api>/detail?id=`). */
    detail: (id: string | null) => [api, 'detail', id] as const,
    /** A tree of the records (`<api>/tree`, `<api>/lazy-tree`), with its parameters. */
    tree: (params: Query = {}) => [api, 'tree', params] as const,
    /** The choices of a select or tree select built from the records (`<api>/select`, a parent picker). */
    options: (name = 'options', ...args: unknown[]) => [api, 'options', name, ...args] as const,
    /** Any other call under the base, by name (e.g. a user's platform details). */
    call: (name: string, ...args: unknown[]) => [api, name, ...args] as const,
  };
}

export const queryKeys = {
  entity: entityKeys,

  /** One page of a list (useList): the list's key (ListSource.key) and the page's query. */
  listPage: (listKey: QueryKey, params: Query): QueryKey => [...listKey, params],

  /** Dictionaries: `code`, or `biz:code` for the tenant's business dictionary (app/dict.ts). */
  dict: (code: string) => ['dict', code] as const,

  /** The signed-in user's own things: the profile, the switch-mode choices; the login screen's captcha. */
  account: {
    profile: () => ['account', 'profile'] as const,
    /** The departments and roles the user may switch to (switch mode). */
    switchOptions: (userId: string | undefined) => ['account', 'switch-options', userId] as const,
    captcha: () => ['account', 'captcha'] as const,
    /** The tenant bound to a domain (login without a tenant id). */
    domainTenant: (domain: string) => ['account', 'domain-tenant', domain] as const,
  },

  /** The top bar's notifications (mail, message, notice) and their unread counts. */
  notification: {
    all: ['notification'] as const,
    list: (category: string) => ['notification', 'list', category] as const,
    count: () => ['notification', 'count'] as const,
  },

  /** The workbench (工作台): the home statistics and the user's shortcut blocks. */
  workbench: {
    statistics: () => ['workbench', 'statistics'] as const,
    /** The data cockpit's board (大数据中心, /wel/dashboard). */
    cockpit: () => ['workbench', 'cockpit'] as const,
    shortcuts: () => ['workbench', 'shortcuts'] as const,
  },

  /** The organisation: departments, roles, posts, menus, regions (shared by pickers and pages). */
  org: {
    all: ['org'] as const,
    deptTree: () => ['org', 'dept-tree'] as const,
    roleTree: () => ['org', 'role-tree'] as const,
    postOptions: () => ['org', 'post-options'] as const,
    menuTree: () => ['org', 'menu-tree'] as const,
    /** The regions under `parentCode` (region/lazy-tree, one level). */
    regionChildren: (parentCode: string) => ['org', 'region', 'children', parentCode] as const,
    regionDetail: (code: string | null) => ['org', 'region', 'detail', code] as const,
    /** 人员选择: the user search as a list (its pages under it, useList), and the users of a value by ids. */
    userSearch: () => ['org', 'user-search'] as const,
    usersByIds: (ids: string) => ['org', 'user-search', 'ids', ids] as const,
  },

  /** Stored files: the tenant's preview service. */
  files: {
    previewService: () => ['files', 'preview-service'] as const,
  },

  /** The customer area's own calls (its records are under entity(def.api)). */
  customer: {
    /** 企业信息查询: companies by name, a page of them. */
    enterprise: (searchName: string, current: number) => ['customer', 'enterprise', searchName, current] as const,
    enterpriseDetail: (name: string | null) => ['customer', 'enterprise-detail', name] as const,
    /** 客户统计. */
    report: () => ['customer', 'report'] as const,
  },

  /** A report page's figures (`/api/business/report/<name>`: customer, contract, project …). */
  report: (name: string) => ['report', name] as const,

  /** The process workflow: lists, the process screens, the designers' catalogues. */
  workflow: {
    all: ['workflow'] as const,
    /** The enabled process categories (design/category/tree): pickers, filters, names. */
    categoryTree: () => ['workflow', 'category-tree'] as const,
    /** Every category, disabled ones too (design/category/allTree): names of records already filed. */
    categoryAllTree: () => ['workflow', 'category-all-tree'] as const,
    /** Every page of the process lists (todo, claim, send, done, myDone, copy). */
    lists: () => ['workflow', 'list'] as const,
    list: (kind: string) => ['workflow', 'list', kind] as const,
    /** The tabs of the operations console. */
    ops: (tab: string) => ['workflow', 'ops', tab] as const,
    /** The nodes of a process instance (the console's 调度). */
    opsNodes: (processInstanceId: string) => ['workflow', 'ops-nodes', processInstanceId] as const,
    deployments: () => ['workflow', 'deployments'] as const,
    /** The deployed process keys with their names (a proxy's process). */
    deployedKeys: () => ['workflow', 'deployed-keys'] as const,
    /** Where approvals wait over a period (审批时效分析). */
    waits: (from: string, to: string) => ['workflow', 'waits', from, to] as const,
    /** The history of an instance (history-flow-list): the timeline and the circulation drawer share it. */
    history: (processInstanceId: string | null) => ['workflow', 'history', processInstanceId] as const,
    /** The diagram of an instance with its nodes' states (model-view). */
    modelView: (processInstanceId: string) => ['workflow', 'model-view', processInstanceId] as const,
    /** The start form of a definition (by id, or the newest of a key). */
    startForm: (processId: string | null, processDefKey: string | null) => ['workflow', 'start-form', processId, processDefKey] as const,
    /** The XML of a deployed definition. */
    definitionXml: (processDefinitionId: string | null) => ['workflow', 'definition-xml', processDefinitionId] as const,
    /** The user's draft of a process key. */
    draft: (processDefKey: string | null) => ['workflow', 'draft', processDefKey] as const,
    /** A task or process as the handle / detail screens show it. */
    detail: (taskId: string | null, processInsId: string | null) => ['workflow', 'detail', taskId, processInsId] as const,
    /** The designers' catalogues (forms, buttons, conditions, a form's fields, dictionaries), by name. */
    design: (name: string, ...args: unknown[]) => ['workflow', 'design', name, ...args] as const,
    /** The definitions the user may start (新建流程). */
    startList: () => ['workflow', 'start-list'] as const,
  },

  /** The lookup databases (/prod-api): a call's path and its query; `lookupAll` every one (after an import). */
  lookup: (path: string, query: unknown) => ['lookup', path, query] as const,
  lookupAll: ['lookup'] as const,
} as const;
