/**
 * The approval kit: what an approvable definition (`EntityDef.approval`) gets with no code of its own — the entity
 * routes, `POST <api>/start` (save and start in one transaction, 重新提交 of a record at 3 or 6 as a new instance),
 * the status following its process inside the engine's transaction, business forms of process steps
 * (`finalStep`), `GET <api>/get/process_his/{id}`, and the record readable by the people in its process.
 * Its parts: kind.ts (what they share), kind-routes.ts, kind-start.ts, kind-status.ts; the printed approval sheet
 * (`GET <api>/print`) is sheet.ts.
 * docs/business-area.md "An approvable record" shows it with leave as the example.
 */
import type { ApprovalDef, AuditValues, EntityDef, RowOf } from '@hjl/core';
import type { SQL } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Row } from '../../platform/crud/repo.ts';
import type { EntityHooks } from '../../platform/crud/routes.ts';
import type { EntityTable } from '../../platform/crud/table.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { Tx, WorkflowEvent } from '../workflow/api.ts';
import type { BatchApprovals, BatchOption } from './batch.ts';
import { approvable } from './kind.ts';
import { registerApprovableRoutes } from './kind-routes.ts';
import { starterOf } from './kind-start.ts';
import { linesOptions, registerLineRoutes, type LinesSlot } from './lines.ts';
import { followStatus } from './kind-status.ts';
import type { ApprovalServices } from './services.ts';
import type { ApprovalSheets } from './sheet.ts';

/**
 * A record of the definition as stored, typed by its fields (`RowOf`); a loose row for a definition known only at
 * run time (a test's, or an area registering several alike).
 */
export type StoredRow<D extends EntityDef> = EntityDef extends D ? Row & AuditValues : RowOf<D>;
/** A record about to be started: the fields sent, over the stored ones on 重新提交; `beforeStart` completes it. */
export type StartRecord<D extends EntityDef> = EntityDef extends D ? Row : Partial<RowOf<D>> & Row;

/** A business form of a process step (the cashier's payment information at the last node: `finalStep`). */
export interface StepForm<D extends EntityDef = EntityDef> {
  /** Fields of the record the step writes (fields of the definition): validated like a submit, saved with the approval. */
  fields: string[];
  /** Those that must be filled (their `required` message, else `请填写<label>`). */
  required?: string[];
  /** Further checks of the values with the record as stored: the messages of what is wrong (none: fine). */
  check?(values: StartRecord<D>, record: StoredRow<D>): string[] | Promise<string[]>;
}

/** What an area adds to an approvable definition (all optional). */
export interface ApprovalOptions<D extends EntityDef = EntityDef> extends EntityHooks<D> {
  /**
   * Checks and completes a record about to be started (computed fields, references); throw `fail(...)` to refuse.
   * `current` is the stored record on 重新提交.
   */
  beforeStart?(user: AuthUser, record: StartRecord<D>, current: StoredRow<D> | undefined, body: Row): Promise<void> | void;
  /**
   * Runs in the start's transaction once the record is written, before its process starts: rows that belong to
   * the record (a claim's lines) written with it, or checks under a lock. `body` is the validated start body,
   * with the keys of `extraBody`.
   */
  startWith?(tx: Tx, user: AuthUser, id: string, record: StartRecord<D>, body: Row): Promise<void> | void;
  /** The process a record starts when it is not the definition's (a payment of a refund starts the refund's payment process). */
  processFor?(user: AuthUser, record: StartRecord<D>): Pick<ApprovalDef, 'processKey' | 'routeKey'> | undefined;
  /** Process variables besides the record's fields, `businessId` and `money`. */
  variables?(user: AuthUser, record: StartRecord<D>): Record<string, unknown>;
  /**
   * Business forms of process steps by name: a task completes at a node whose form key ends with the name
   * (`/workflow/applyPayment/finalStep`) or whose id is the name; approved, the values sent with it (`variables`)
   * are validated and saved on the record in the completion's transaction, else it is refused.
   */
  steps?: Record<string, StepForm<D>>;
  /** Conditions narrowing the list (and who else may read or remove) beyond the data scope: e.g. one's own requests. */
  visible?(user: AuthUser): Promise<SQL[]> | SQL[];
  /**
   * Inside the engine's transaction after the record's status changed (an approved payment writes the ledger …):
   * `row` is the record as stored with its new status.
   */
  onStatus?(tx: Tx, row: StoredRow<D>, status: number, event: WorkflowEvent): Promise<void> | void;
  /** The record's lines (lines.ts): sent, written, summed and answered with it, and on their own routes. */
  lines?: LinesSlot;
  /** The same routes under further prefixes (BladeX answers some calls under two services). */
  alsoAt?: string[];
  /** Records of this kind may also be approved several at a time by one instance (batch.ts). */
  batch?: BatchOption;
  /** The repository of the parent records (EntityDef.parent): the records are confined to parents the caller may see. */
  parent?: EntityRepo;
  /** More urls of the start route, where the specs name it otherwise (a project's `start/two/audit`). */
  startAt?: string[];
  /**
   * Process instances of other records that belong to this one (a project's reviews, seals and quality checks),
   * listed in its `get/process_his/{id}` with its own.
   */
  relatedInstances?(tenantId: string, id: string): Promise<string[]>;
}

/** Registers an approvable definition: its routes, start, history and status following; answers its repository. */
export function registerApprovable<D extends EntityDef>(
  ctx: ModuleContext,
  services: ApprovalServices,
  batches: BatchApprovals,
  def: D,
  table: EntityTable<D>,
  declared: ApprovalOptions<D> = {},
  starters?: Map<string, (user: AuthUser, body: unknown) => Promise<Row>>,
  sheets?: ApprovalSheets,
): EntityRepo<D> {
  const opts = declared.lines ? linesOptions(ctx, declared.lines, table, declared) : declared;
  const k = approvable(ctx, services, batches, def, table, opts);
  const start = starterOf(k);
  for (const api of [def.api, ...(opts.alsoAt ?? [])]) registerApprovableRoutes(k, api, start);
  starters?.set(def.name, start);
  sheets?.register(k);
  const onStatus = opts.onStatus;
  if (opts.batch)
    batches.add({
      def,
      table: k.table,
      repo: k.repo as EntityRepo,
      option: opts.batch,
      decorateRows: opts.decorateRows as never,
      onStatus: onStatus && ((tx, row, status, event) => onStatus(tx, row as StoredRow<D>, status, event)),
    });
  followStatus(k);
  if (opts.lines) {
    const visible = opts.visible;
    registerLineRoutes(ctx, opts.lines, k.table, visible ? k.repo.narrowed(visible) : k.repo, opts.dictionary);
  }
  return k.repo;
}
