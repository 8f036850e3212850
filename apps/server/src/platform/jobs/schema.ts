/**
 * Jobs (platform/jobs): one row per periodic job (its key is its name) and per one-off job, taken by any server
 * instance under a row lock with a lease; failures and one-off runs are logged in blade_job_log. Times are absolute
 * (timestamptz): the runner's clock decides what is due.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id } from '../db/columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const jobs = pgTable(
  'blade_job',
  {
    id: id('id').primaryKey(),
    /** The registered kind that runs it (JobDef.name). */
    name: varchar('name', { length: 64 }).notNull(),
    /** Unique: a periodic job's name, a one-off job's `name:key` (a second schedule with the key is ignored). */
    key: varchar('key', { length: 255 }).notNull(),
    /** The tenant a job is for; none: every tenant or the platform. */
    tenantId: varchar('tenant_id', { length: 12 }),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** Periodic: milliseconds between runs, or null with `daily_at`; null for a one-off job. */
    everyMs: integer('every_ms'),
    /** Periodic: the time of day it runs (`HH:mm`, APP_TIME_ZONE). */
    dailyAt: varchar('daily_at', { length: 5 }),
    runAt: at('run_at').notNull(),
    /** pending (waits or runs), done (one-off finished), failed (one-off out of attempts; kept with its error). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** Runs since its last success (the back-off counts them). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    /** The instance running it, until its lease ends (a crashed instance's job is taken again after it). */
    lockedBy: varchar('locked_by', { length: 64 }),
    lockedUntil: at('locked_until'),
    lastRunTime: at('last_run_time'),
    lastError: text('last_error'),
    createTime: at('create_time')
      .notNull()
      .default(sql`now()`),
    updateTime: at('update_time')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('blade_job_key_uq').on(t.key), index('blade_job_due_idx').on(t.status, t.runAt)],
);

export const jobLogs = pgTable(
  'blade_job_log',
  {
    id: id('id').primaryKey(),
    jobId: id('job_id').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    tenantId: varchar('tenant_id', { length: 12 }),
    instance: varchar('instance', { length: 64 }).notNull(),
    attempt: integer('attempt').notNull(),
    startTime: at('start_time').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** 1 ran, 0 failed. */
    ok: integer('ok').notNull(),
    error: text('error'),
  },
  (t) => [index('blade_job_log_job_idx').on(t.jobId, t.startTime), index('blade_job_log_time_idx').on(t.startTime)],
);
