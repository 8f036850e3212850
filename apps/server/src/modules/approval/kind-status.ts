/**
 * A record follows its process (kit.ts), whatever model its route key names, in the engine's transaction: its status
 * (status.ts), its instance on the first start, the area's `onStatus` with the row as stored; and the business forms
 * of process steps (`steps`), validated and saved when a task completes.
 */
import { APPROVAL_MSG, submitSchema, type EntityDef } from '@hjl/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import type { Tx, WorkflowEvent } from '../workflow/api.ts';
import type { Approvable } from './kind.ts';
import type { StartRecord, StoredRow } from './kit.ts';
import { statusAfter } from './status.ts';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function followStatus<D extends EntityDef>(k: Approvable<D>) {
  const { services, def, table, opts } = k;
  const { wf } = services;
  const cols = table;
  wf.hooks.onBusinessTable(def.table, async (event, tx) => {
    const id = /:(\d+)$/.exec(event.businessKey ?? '')?.[1];
    if (!id) return;
    const where = and(eq(cols.id, id), eq(cols.tenantId, event.tenantId));
    if (event.type === 'taskCompleted') {
      if (event.pass) await saveStep(tx, event, where);
      return;
    }
    const status = statusAfter(event);
    if (status === undefined) return;
    const fresh = event.type === 'started' && !event.resubmitted;
    const [row] = await tx
      .update(table)
      .set({
        status,
        updateTime: sql`now()`,
        ...(fresh
          ? {
              isDraft: 1,
              processInstanceId: event.processInstanceId,
              processDefinitionId: event.processDefinitionId,
              processDefinitionKey: event.processKey,
              submitTime: wf.zone.format(wf.clock.now()),
            }
          : {}),
      })
      .where(where)
      .returning();
    if (row) await opts.onStatus?.(tx, row as StoredRow<D>, status, event);
  });

  /** A step's business form: validated and saved on the record, or the completion is refused with its messages. */
  async function saveStep(tx: Tx, event: WorkflowEvent, where: SQL | undefined) {
    if (!opts.steps) return;
    const model = await wf.engine.model(event.processDefinitionId, tx);
    const node = model.nodes.get(event.taskDefinitionKey ?? '');
    const formKey = node?.userTask?.formKey ?? '';
    const found = Object.entries(opts.steps).find(([n]) => formKey === n || formKey.endsWith(`/${n}`) || node?.id === n);
    if (!found) return;
    const [, step] = found;
    const given = event.variables ?? {};
    const values: Row = Object.fromEntries(step.fields.filter((f) => given[f] !== undefined).map((f) => [f, given[f]]));
    const fields = Object.fromEntries(
      step.fields.flatMap((f) => {
        const field = def.fields[f];
        return field ? [[f, { ...field, required: undefined }] as const] : [];
      }),
    );
    const messages: string[] = [];
    for (const f of step.required ?? []) if (blank(values[f])) messages.push(def.fields[f]?.required ?? `请填写${def.fields[f]?.label.zh ?? f}`);
    const parsed = submitSchema({ ...def, fields }).safeParse(values);
    if (!parsed.success) messages.push(...parsed.error.issues.map((i) => i.message));
    const [record] = await tx.select().from(table).where(where).limit(1);
    if (!record) throw fail(APPROVAL_MSG.missing);
    const clean = (parsed.success ? parsed.data : {}) as StartRecord<D>;
    if (!messages.length && step.check) messages.push(...(await step.check(clean, record as StoredRow<D>)));
    if (messages.length) throw fail([...new Set(messages)].join(' | '));
    const set = Object.fromEntries(Object.entries(clean).filter(([k, v]) => step.fields.includes(k) && v !== undefined));
    if (Object.keys(set).length) await tx.update(table).set(set).where(where);
  }
}
