/**
 * Tables of the workflow engine, modelled on Flowable's (ACT_RE_*, ACT_RU_*, ACT_HI_*): repository
 * (deployments, definitions), runtime (executions as a token tree, tasks, identity links, variables, jobs) and
 * history (instances, activities incl. taken sequence flows, tasks, identity links, comments), plus copies,
 * urges, the listener class map and serial-number counters. Every table carries tenant_id.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { datetime, id } from '../../../platform/db/columns.ts';
import { trigramIndex } from '../../../platform/db/trigram.ts';
import type { UserNames } from './model.ts';

const tenant = () => varchar('tenant_id', { length: 12 }).notNull();
const now = () => sql`now()`;

/** One deployed BPMN document (it may hold several processes). */
export const wfDeployments = pgTable(
  'blade_wf_deployment',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    name: varchar('name', { length: 255 }),
    category: varchar('category', { length: 255 }),
    resourceName: varchar('resource_name', { length: 255 }),
    xml: text('xml').notNull(),
    /** Form snapshots and whatever the designer deploys with the model. */
    extra: jsonb('extra').$type<Record<string, unknown>>(),
    deployUser: varchar('deploy_user', { length: 64 }),
    deployTime: datetime('deploy_time').notNull().default(now()),
  },
  (t) => [index('blade_wf_deployment_tenant_idx').on(t.tenantId, t.deployTime)],
);

/** A process definition: version +1 per key and tenant. */
export const wfProcDefs = pgTable(
  'blade_wf_procdef',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    key: varchar('key', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }),
    version: integer('version').notNull(),
    deploymentId: id('deployment_id').notNull(),
    category: varchar('category', { length: 255 }),
    description: text('description'),
    /** 1 active, 2 suspended (Flowable's suspension states). */
    suspensionState: integer('suspension_state').notNull().default(1),
    createTime: datetime('create_time').notNull().default(now()),
    /**
     * What the model's user tasks may name users by (`model.ts UserNames`), written at deploy (and by the engine when
     * it compiles a definition stored without it): a command's locking load looks those users up in the same
     * statement, before the engine has the model (engine.ts `LOCK_LOAD`). Null: none are looked up ahead.
     */
    userNames: jsonb('user_names').$type<UserNames>(),
  },
  (t) => [uniqueIndex('blade_wf_procdef_version_uq').on(t.tenantId, t.key, t.version), index('blade_wf_procdef_deployment_idx').on(t.deploymentId)],
);

/**
 * Executions: the process instance row (parent null, id = instance id), a scope per embedded subprocess,
 * a multi-instance root with one child per instance, and concurrent children for parallel branches.
 */
export const wfExecutions = pgTable(
  'blade_wf_execution',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    procInstId: id('proc_inst_id').notNull(),
    parentId: id('parent_id'),
    procDefId: id('proc_def_id').notNull(),
    actId: varchar('act_id', { length: 255 }),
    isActive: boolean('is_active').notNull().default(true),
    isScope: boolean('is_scope').notNull().default(false),
    isMiRoot: boolean('is_mi_root').notNull().default(false),
    businessKey: varchar('business_key', { length: 255 }),
    startUserId: varchar('start_user_id', { length: 64 }),
    /** 1 active, 2 suspended. */
    suspensionState: integer('suspension_state').notNull().default(1),
    startTime: datetime('start_time').notNull().default(now()),
    /**
     * The instance row's count of commands that locked it (each lock adds one): a command that locks and loads in one
     * statement knows from it whether a command committed between the statement's snapshot and its lock (engine.ts
     * `LOCK_LOAD`). Only the lock statements write it; the engine's own reads and writes of executions leave it out.
     */
    lockRev: integer('lock_rev').notNull().default(0),
  },
  (t) => [index('blade_wf_execution_inst_idx').on(t.procInstId), index('blade_wf_execution_def_idx').on(t.tenantId, t.procDefId)],
);

/** Open user tasks. */
export const wfTasks = pgTable(
  'blade_wf_task',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    procInstId: id('proc_inst_id').notNull(),
    executionId: id('execution_id').notNull(),
    procDefId: id('proc_def_id').notNull(),
    procDefKey: varchar('proc_def_key', { length: 255 }).notNull(),
    taskDefKey: varchar('task_def_key', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }),
    description: text('description'),
    assignee: varchar('assignee', { length: 255 }),
    owner: varchar('owner', { length: 255 }),
    /** PENDING / RESOLVED, or null. */
    delegation: varchar('delegation', { length: 16 }),
    priority: integer('priority').notNull().default(50),
    category: varchar('category', { length: 255 }),
    formKey: varchar('form_key', { length: 255 }),
    dueDate: datetime('due_date'),
    claimTime: datetime('claim_time'),
    suspensionState: integer('suspension_state').notNull().default(1),
    createTime: datetime('create_time').notNull().default(now()),
  },
  (t) => [
    index('blade_wf_task_assignee_idx').on(t.tenantId, t.assignee, t.createTime),
    index('blade_wf_task_inst_idx').on(t.procInstId),
    index('blade_wf_task_tenant_idx').on(t.tenantId, t.createTime),
  ],
);

/** Candidate users and groups of open tasks. */
export const wfIdentityLinks = pgTable(
  'blade_wf_identity_link',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    taskId: id('task_id').notNull(),
    procInstId: id('proc_inst_id').notNull(),
    /** candidate (Flowable's type for both users and groups). */
    type: varchar('type', { length: 32 }).notNull().default('candidate'),
    userId: varchar('user_id', { length: 255 }),
    groupId: varchar('group_id', { length: 255 }),
  },
  (t) => [
    index('blade_wf_identity_link_task_idx').on(t.taskId),
    index('blade_wf_identity_link_user_idx')
      .on(t.tenantId, t.userId)
      .where(sql`user_id IS NOT NULL`),
    index('blade_wf_identity_link_group_idx')
      .on(t.tenantId, t.groupId)
      .where(sql`group_id IS NOT NULL`),
    index('blade_wf_identity_link_inst_idx').on(t.procInstId),
  ],
);

/** Variables as typed JSON, local to an execution (process-wide ones sit on the instance row). */
export const wfVariables = pgTable(
  'blade_wf_variable',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    procInstId: id('proc_inst_id').notNull(),
    executionId: id('execution_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    /** string, number, boolean, null, json (objects and lists). */
    type: varchar('type', { length: 16 }).notNull(),
    /**
     * The value as JSON text. Text rather than jsonb: drivers disagree on how a bare JSON string such as
     * "912578668827439104" travels (PGlite hands it back as a number), and the engine never queries inside values.
     */
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('blade_wf_variable_uq').on(t.executionId, t.name), index('blade_wf_variable_inst_idx').on(t.procInstId)],
);

/** Timers (and later reminders): polled with FOR UPDATE SKIP LOCKED by any server instance. */
export const wfJobs = pgTable(
  'blade_wf_job',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    /** boundary-timer */
    type: varchar('type', { length: 32 }).notNull(),
    procInstId: id('proc_inst_id').notNull(),
    executionId: id('execution_id').notNull(),
    procDefId: id('proc_def_id').notNull(),
    elementId: varchar('element_id', { length: 255 }).notNull(),
    config: jsonb('config').$type<Record<string, unknown>>(),
    dueTime: datetime('due_time').notNull(),
    retries: integer('retries').notNull().default(3),
    exception: text('exception'),
    createTime: datetime('create_time').notNull().default(now()),
  },
  (t) => [
    index('blade_wf_job_due_idx').on(t.dueTime),
    index('blade_wf_job_inst_idx').on(t.procInstId),
    index('blade_wf_job_tenant_idx').on(t.tenantId, t.dueTime),
  ],
);

/** Process instances, running and finished. */
export const wfHiProcInsts = pgTable(
  'blade_wf_hi_procinst',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    procDefId: id('proc_def_id').notNull(),
    procDefKey: varchar('proc_def_key', { length: 255 }).notNull(),
    procDefName: varchar('proc_def_name', { length: 255 }),
    procDefVersion: integer('proc_def_version').notNull(),
    businessKey: varchar('business_key', { length: 255 }),
    title: varchar('title', { length: 500 }),
    serialNumber: varchar('serial_number', { length: 64 }),
    startUserId: varchar('start_user_id', { length: 64 }),
    startUserName: varchar('start_user_name', { length: 64 }),
    startActId: varchar('start_act_id', { length: 255 }),
    endActId: varchar('end_act_id', { length: 255 }),
    startTime: datetime('start_time').notNull(),
    endTime: datetime('end_time'),
    durationMs: bigint('duration_ms', { mode: 'number' }),
    deleteReason: varchar('delete_reason', { length: 4000 }),
    /** unfinished, finished, reject, recall, withdraw, terminate, deleted (WORKFLOW.md processIsFinished). */
    status: varchar('status', { length: 16 }).notNull().default('unfinished'),
    suspensionState: integer('suspension_state').notNull().default(1),
  },
  (t) => [
    index('blade_wf_hi_procinst_starter_idx').on(t.tenantId, t.startUserId, t.startTime),
    index('blade_wf_hi_procinst_tenant_idx').on(t.tenantId, t.startTime),
    index('blade_wf_hi_procinst_end_idx').on(t.tenantId, t.endTime),
    index('blade_wf_hi_procinst_key_idx').on(t.tenantId, t.procDefKey, t.businessKey),
    // A record's instances whatever their process key (approval kit: process history of a record).
    index('blade_wf_hi_procinst_business_idx').on(t.tenantId, t.businessKey),
    // The instance lists' substring filters on plain columns (lists.ts: title, serialNumber).
    trigramIndex('blade_wf_hi_procinst', t.title),
    trigramIndex('blade_wf_hi_procinst', t.serialNumber),
  ],
);

/** Activities entered, sequence flows taken (start = end), and deleted ones with their delete reason. */
export const wfHiActInsts = pgTable(
  'blade_wf_hi_actinst',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    procInstId: id('proc_inst_id').notNull(),
    procDefId: id('proc_def_id').notNull(),
    executionId: id('execution_id').notNull(),
    actId: varchar('act_id', { length: 255 }).notNull(),
    actName: varchar('act_name', { length: 255 }),
    actType: varchar('act_type', { length: 64 }).notNull(),
    taskId: id('task_id'),
    assignee: varchar('assignee', { length: 255 }),
    startTime: datetime('start_time').notNull(),
    endTime: datetime('end_time'),
    durationMs: bigint('duration_ms', { mode: 'number' }),
    deleteReason: varchar('delete_reason', { length: 4000 }),
  },
  (t) => [index('blade_wf_hi_actinst_inst_idx').on(t.procInstId, t.startTime, t.id)],
);

/** Every task, open or finished. */
export const wfHiTaskInsts = pgTable(
  'blade_wf_hi_taskinst',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    procInstId: id('proc_inst_id').notNull(),
    executionId: id('execution_id').notNull(),
    procDefId: id('proc_def_id').notNull(),
    procDefKey: varchar('proc_def_key', { length: 255 }).notNull(),
    taskDefKey: varchar('task_def_key', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }),
    assignee: varchar('assignee', { length: 255 }),
    owner: varchar('owner', { length: 255 }),
    delegation: varchar('delegation', { length: 16 }),
    startTime: datetime('start_time').notNull(),
    claimTime: datetime('claim_time'),
    endTime: datetime('end_time'),
    durationMs: bigint('duration_ms', { mode: 'number' }),
    deleteReason: varchar('delete_reason', { length: 4000 }),
  },
  (t) => [index('blade_wf_hi_taskinst_done_idx').on(t.tenantId, t.assignee, t.endTime), index('blade_wf_hi_taskinst_inst_idx').on(t.procInstId, t.startTime)],
);

/** Last value of every variable an instance ever had (kept after the instance ends). */
export const wfHiVariables = pgTable(
  'blade_wf_hi_variable',
  {
    /** The runtime variable's id. */
    id: id('id').primaryKey(),
    tenantId: tenant(),
    procInstId: id('proc_inst_id').notNull(),
    executionId: id('execution_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    value: text('value').notNull(),
    createTime: datetime('create_time').notNull().default(now()),
    updateTime: datetime('update_time').notNull().default(now()),
  },
  (t) => [index('blade_wf_hi_variable_inst_idx').on(t.procInstId, t.name)],
);

/** People involved in an instance (starter, participants, candidates), for "finished I took part in". */
export const wfHiIdentityLinks = pgTable(
  'blade_wf_hi_identity_link',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    procInstId: id('proc_inst_id').notNull(),
    taskId: id('task_id'),
    /** starter, participant, candidate, assignee, owner */
    type: varchar('type', { length: 32 }).notNull(),
    userId: varchar('user_id', { length: 255 }),
    groupId: varchar('group_id', { length: 255 }),
    createTime: datetime('create_time').notNull().default(now()),
  },
  (t) => [index('blade_wf_hi_identity_link_user_idx').on(t.tenantId, t.userId, t.procInstId), index('blade_wf_hi_identity_link_inst_idx').on(t.procInstId)],
);

/** A file a comment carries. */
export interface CommentAttachment {
  name: string;
  url: string;
}

/** Comments of task actions, by type (comment, rollbackComment, transferComment ...). */
export const wfComments = pgTable(
  'blade_wf_comment',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    procInstId: id('proc_inst_id').notNull(),
    taskId: id('task_id'),
    userId: varchar('user_id', { length: 64 }),
    /** The kind of comment (S1 §4): comment, rollbackComment, transferComment … */
    type: varchar('type', { length: 64 }).notNull(),
    /** Flowable's ACTION_: `AddComment` for every comment a task action writes. */
    action: varchar('action', { length: 64 }),
    /** The command that wrote it (approve, reject, rollback, withdraw …): tells a reject from a rollback, both rollbackComment. */
    operation: varchar('operation', { length: 32 }),
    message: varchar('message', { length: 4000 }),
    /** Files the comment carries (uploaded through the files module): `[{name, url}]`. */
    attachments: jsonb('attachments').$type<CommentAttachment[]>(),
    /** The business origin of the action (`processFrom` of the completion payload, S1 L60), e.g. `makePayment`. */
    processFrom: varchar('process_from', { length: 64 }),
    time: datetime('time').notNull(),
  },
  (t) => [index('blade_wf_comment_inst_idx').on(t.procInstId, t.time), index('blade_wf_comment_task_idx').on(t.taskId)],
);

/** CC copies (抄送). */
export const wfCopies = pgTable(
  'blade_wf_copy',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    procInstId: id('proc_inst_id').notNull(),
    taskId: id('task_id'),
    userId: varchar('user_id', { length: 64 }).notNull(),
    fromUserId: varchar('from_user_id', { length: 64 }),
    procDefKey: varchar('proc_def_key', { length: 255 }),
    title: varchar('title', { length: 500 }),
    isRead: boolean('is_read').notNull().default(false),
    createTime: datetime('create_time').notNull().default(now()),
  },
  (t) => [index('blade_wf_copy_user_idx').on(t.tenantId, t.userId, t.createTime), index('blade_wf_copy_inst_idx').on(t.procInstId)],
);

/** Urges (催办): recorded now, turned into notices by the notification step. */
export const wfUrges = pgTable(
  'blade_wf_urge',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    procInstId: id('proc_inst_id').notNull(),
    taskId: id('task_id'),
    fromUserId: varchar('from_user_id', { length: 64 }),
    toUserIds: varchar('to_user_ids', { length: 4000 }).notNull(),
    message: varchar('message', { length: 1000 }),
    createTime: datetime('create_time').notNull().default(now()),
  },
  (t) => [index('blade_wf_urge_inst_idx').on(t.procInstId, t.createTime)],
);

/** Java listener class names of imported models, mapped per tenant to a built-in handler with parameters. */
export const wfListenerMaps = pgTable(
  'blade_wf_listener_map',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    className: varchar('class_name', { length: 500 }).notNull(),
    handler: varchar('handler', { length: 128 }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    updateTime: datetime('update_time').notNull().default(now()),
  },
  (t) => [uniqueIndex('blade_wf_listener_map_uq').on(t.tenantId, t.className)],
);

/** Serial-number counters per tenant, rule key and period (a day, month ... or '-' for none). */
export const wfSerials = pgTable(
  'blade_wf_serial',
  {
    tenantId: tenant(),
    key: varchar('key', { length: 255 }).notNull(),
    period: varchar('period', { length: 16 }).notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key, t.period] })],
);
