/**
 * Saving and starting a record in one transaction (kit.ts): the form validated like a submit, the area's checks,
 * 重新提交 of a record at 3 or 6 as a new instance, the process started with the record's variables.
 */
import { APPROVAL_MSG, SECRET_MASK, approvalOpen, approvalTitle, maskSecrets, submitSchema, type EntityDef, type FieldDef } from '@hjl/core';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { fail, forbidden } from '../../platform/http/errors.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { actorOf, attachmentsField, idField, startFilesVariable, userListField } from '../workflow/api.ts';
import type { Approvable } from './kind.ts';
import type { StartRecord, StoredRow } from './kit.ts';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const startExtras = z.looseObject({
  copyUser: userListField('请选择抄送人').optional(),
  processDefinitionId: idField.optional(),
  attachment: attachmentsField.optional(),
});

/** The start of a definition's records (the start route's work; also `ApprovalKit.start` for an area's own route). */
export function starterOf<D extends EntityDef>(k: Approvable<D>): (user: AuthUser, body: unknown) => Promise<Row> {
  const { ctx, services, def, approval, table, opts, repo, businessKey } = k;
  const { wf } = services;
  const cols = table;
  const db = ctx.database.db;
  const fieldNames = Object.keys(def.fields);
  const secretNames = fieldNames.filter((f) => (def.fields[f] as FieldDef).secret);
  const formSchema = submitSchema(def, opts.extraBody);
  async function start(user: AuthUser, body: unknown): Promise<Row> {
    const form = parseOrFail(formSchema, body) as Row & { id?: string };
    const extra = parseOrFail(startExtras, body);
    // A secret sent back as the mask the form was given means "unchanged" (as on submit).
    for (const name of secretNames) if (form[name] === SECRET_MASK) delete form[name];
    let current: StoredRow<D> | undefined;
    if (form.id) {
      current = (await repo.find(user, [eq(cols.id, form.id)])) as StoredRow<D> | undefined;
      if (!current) throw fail(APPROVAL_MSG.missing);
      const owner = String(current[def.owner ?? 'createUser'] ?? current.createUser);
      if (owner !== user.userId && String(current.createUser) !== user.userId) throw forbidden('只能提交自己的数据');
      if (!approvalOpen(current.status)) throw fail(APPROVAL_MSG.noStart);
    }
    // The one place a start's loose body becomes the definition's record (the fields are validated above).
    const values: Row = {};
    for (const f of fieldNames) {
      const v = form[f] !== undefined ? form[f] : (current as Row | undefined)?.[f];
      if (v !== undefined) values[f] = v;
    }
    const record = values as StartRecord<D>;
    for (const [name, field] of Object.entries(def.fields as Record<string, FieldDef>)) if (field.required && blank(record[name])) throw fail(field.required);
    // The area's checks of a write hold for a start as for a submit, then its start checks.
    await opts.beforeWrite?.(user, record, current ? String(current.id) : undefined, { body: form, raw: body });
    await opts.beforeStart?.(user, record, current, form);
    // Secrets stay in the record: never in process variables (the process detail shows them) or the title.
    const open = Object.fromEntries(Object.entries(record).filter(([k]) => !secretNames.includes(k)));
    const definition = await services.definitionFor(user.tenantId, opts.processFor?.(user, record) ?? approval, extra.processDefinitionId);
    const copyUsers: string[] = [];
    for (const c of extra.copyUser ?? []) {
      const u = await wf.identity.findUser(wf.db, user.tenantId, c);
      if (!u) throw fail(`用户 ${c.slice(0, 40)} 不存在`);
      copyUsers.push(u.id);
    }
    const prepared = await repo.prepareWrite(user, record, current ? String(current.id) : undefined);
    const id = prepared.id;
    const actor = actorOf(user);
    const variables = {
      ...open,
      businessId: id,
      // The amount the models' threshold gateways read (`${money > 50000}`); 0 for a kind without one.
      money: approval.amountField ? String(record[approval.amountField] ?? '0') : '0',
      ...opts.variables?.(user, record),
      ...startFilesVariable(extra.attachment),
    };
    const title = approvalTitle(approval.title, { ...open, userName: actor.name, label: def.label.zh });
    const out = await db.transaction(async (tx) => {
      if (current) {
        // The record is ours while it starts: a concurrent start or change waits, then finds it under approval.
        const [locked] = await tx
          .select({ status: cols.status })
          .from(table)
          .where(and(eq(cols.id, id), eq(cols.tenantId, user.tenantId), eq(cols.isDeleted, 0)))
          .for('update');
        if (!locked || !approvalOpen(locked.status)) throw fail(APPROVAL_MSG.noStart);
        // Rejected or withdrawn back to the applicant, its instance still waits at the start: it ends (重新提交).
        if (current.processInstanceId) await wf.engine.closeForResubmit(user.tenantId, String(current.processInstanceId), actor, { tx });
      }
      await prepared.write(tx);
      await opts.inTransaction?.(tx, user, { op: prepared.insert ? 'insert' : 'update', id, values: prepared.values });
      await opts.startWith?.(tx, user, id, record, form);
      return wf.engine.startProcess(user.tenantId, actor, { definition, businessKey: businessKey(id), variables, title, copyUsers, tx });
    });
    await opts.afterWrite?.(user, { op: prepared.insert ? 'insert' : 'update', ids: [id] });
    return {
      ...maskSecrets(def, record),
      id,
      processInstanceId: out.processInstanceId,
      processDefinitionId: out.processDefinitionId,
      processDefinitionKey: definition.key,
      serialNumber: out.serialNumber,
      processTitle: out.title,
      tasks: out.tasks,
    };
  }
  return start;
}
