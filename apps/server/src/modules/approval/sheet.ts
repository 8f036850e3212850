/**
 * 打印审批单 (docs/workflow.md "打印审批单"): `GET <api>/print?ids=` of every approvable definition answers one A4 PDF
 * with a sheet per record — the tenant's name, the fields and lines as the approval drawer shows them (dictionary
 * labels, reference names, amounts with 大写), the attachments, and every instance's trail (node, approver, action,
 * comment, time) as the drawer's timeline names them —, numbered by the numbering service (`approvalSheet`, one
 * number per file) and stamped with the firm's clock. Each record is read as its detail is (`readable`: tenant, data
 * scope with the menu code, or a part in its process): another tenant's id is 404, one the caller may not see 403.
 */
import {
  NUMBER_KINDS,
  commentLabel,
  detailFields,
  dictKeyOf,
  formatMoney,
  isTimelineStep,
  moneyToChinese,
  shownValue,
  stepName,
  type EntityDef,
  type FieldDef,
} from '@hjl/core';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { Row } from '../../platform/crud/repo.ts';
import type { DictOption } from '../../platform/excel/index.ts';
import { idsField } from '../../platform/http/params.ts';
import { NumberingService } from '../../platform/numbering/index.ts';
import { firmClock, type FirmClock } from '../../platform/time/index.ts';
import type { DictStores } from '../dict/api.ts';
import { findTenant } from '../tenant/api.ts';
import type { HistoryRow } from '../workflow/api.ts';
import type { Approvable } from './kind.ts';
import { assertSheetFont, renderSheets, SHEET_FONT, type ApprovalSheet, type SheetRound, type SheetStep } from './sheet-pdf.ts';

/** Most records one file prints. */
export const MAX_SHEETS = 50;

const printQuery = z.object({
  ids: idsField({ missing: '请选择要打印的数据', unique: true, max: MAX_SHEETS, tooMany: `一次最多打印${MAX_SHEETS}条审批单` }),
});

/** A field's labels of keys, read once per field and request. */
type Labels = (field: FieldDef) => Promise<readonly DictOption[]>;

/** What a field's value is on paper: its dictionary label, the amount with 大写, the files' names, else its text. */
async function printed(field: FieldDef, value: unknown, labels: Labels): Promise<string> {
  if (value === undefined || value === null || value === '') return '';
  if (field.dict) {
    const options = await labels(field);
    return String(value)
      .split(',')
      .map((key) => options.find((o) => o.key === key.trim())?.label ?? key)
      .join('、');
  }
  if (field.type === 'money') return `${formatMoney(value as string, { decimals: 2 })}元(大写: ${moneyToChinese(value as string)})`;
  if (field.type === 'files') return filesOf(value).join('、');
  return String(value);
}

/** The names of a files field's items (`{ label, value }`), or of urls joined by commas. */
function filesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((f: { label?: unknown; value?: unknown }) => String(f?.label ?? f?.value ?? ''));
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
    .map((u) => decodeURIComponent(u.split('/').pop() ?? u));
}

/** The steps of one timeline: a row per comment (who wrote it, what and when), else a row per step. */
function stepsOf(flow: HistoryRow[]): SheetStep[] {
  const steps: SheetStep[] = [];
  for (const r of flow.filter((f) => isTimelineStep(f.historyActivityType))) {
    const node = stepName(r).zh;
    if (r.comments.length) {
      for (const c of r.comments)
        steps.push({ node, approver: c.userName || r.assigneeName, action: commentLabel(c)?.zh ?? c.type, comment: c.fullMessage ?? '', time: c.time });
      continue;
    }
    const action = r.historyActivityType === 'startEvent' ? '提交' : r.historyActivityType === 'endEvent' ? '' : r.endTime ? '' : '待审批';
    steps.push({ node, approver: r.assigneeName, action, comment: '', time: r.endTime ?? r.createTime ?? '' });
  }
  return steps;
}

export class ApprovalSheets {
  private readonly numbering: NumberingService;
  private readonly clock: FirmClock;

  constructor(
    private readonly ctx: ModuleContext & { dicts: DictStores },
    /** The CJK font (tests name a missing one). */
    readonly font = SHEET_FONT,
  ) {
    this.numbering = new NumberingService(ctx.database, ctx.params, ctx.config.timeZone);
    this.clock = firmClock(ctx.config.timeZone);
  }

  /** The print route of a registered kind at its url. */
  register<D extends EntityDef>(k: Approvable<D>) {
    const { def } = k;
    this.ctx.route({
      method: 'GET',
      url: `${def.api}/print`,
      summary: `打印${def.label.zh}审批单(PDF;ids 逗号分隔,多条合为一个文件;令牌也可用 ?blade-auth=)`,
      tags: [def.label.zh],
      requires: 'user',
      raw: true,
      queryToken: true,
      query: printQuery,
      handler: async ({ user, query, reply }) => {
        const pdf = await this.print(user, k, query.ids);
        const name = encodeURIComponent(`${def.label.zh}审批单.pdf`);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${name}`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    });
  }

  /** The file of the records `ids` (each readable by the caller, else 404 or 403 before anything is numbered). */
  async print<D extends EntityDef>(user: AuthUser, k: Approvable<D>, ids: string[]): Promise<Buffer> {
    assertSheetFont(this.font);
    const rows: Row[] = [];
    for (const id of ids) rows.push(await k.readable(user, [eq(k.table.id, id)]));
    const named = await k.repo.withNames(user, rows);
    const cache = new Map<string, Promise<readonly DictOption[]>>();
    const labels: Labels = (field) => {
      const key = dictKeyOf(field);
      if (!cache.has(key)) cache.set(key, this.ctx.dicts.optionsOf(user, field));
      return cache.get(key) as Promise<readonly DictOption[]>;
    };
    const sheets: ApprovalSheet[] = [];
    for (const row of named) {
      const decorated = k.opts.decorate ? await k.opts.decorate(user, row) : row;
      sheets.push(await this.sheetOf(user, k, decorated, labels));
    }
    const tenant = await findTenant(this.ctx.database.db, user.tenantId);
    const serialNumber = await this.ctx.database.db.transaction((tx) => this.numbering.take(tx, user.tenantId, NUMBER_KINDS.approvalSheet));
    return renderSheets({ company: tenant?.tenantName ?? '', serialNumber, printTime: this.clock.now(), sheets }, this.font);
  }

  private async sheetOf<D extends EntityDef>(user: AuthUser, k: Approvable<D>, record: Row, labels: Labels): Promise<ApprovalSheet> {
    const { def } = k;
    const fields: ApprovalSheet['fields'] = [];
    const attachments: string[] = [];
    for (const [name, field] of detailFields(def)) {
      const value = shownValue(name, field, record);
      if (value === undefined && field.type === 'id' && !field.display) continue;
      fields.push({ label: field.label.zh, value: await printed(field, value, labels) });
      if (field.type === 'files') for (const f of filesOf(value)) attachments.push(`${field.label.zh}: ${f}`);
    }
    const lines = await this.linesOf(k, record, labels, attachments);
    const rounds: SheetRound[] = [];
    const instances = await k.instancesOf(user.tenantId, String(record.id));
    for (const [i, p] of instances.entries()) {
      const flow = await k.services.history.timeline(user.tenantId, p.id);
      for (const r of flow) for (const a of r.attachments) attachments.push(`审批附件(${stepName(r).zh}): ${a.name}`);
      const head = [`第 ${instances.length - i} 次提交`, p.serialNumber ? `流水号 ${p.serialNumber}` : '', p.title ?? '', p.endTime ? '已结束' : '进行中'];
      rounds.push({ title: head.filter(Boolean).join('  '), steps: stepsOf(flow) });
    }
    return { title: `${def.label.zh}审批单`, fields, lines, attachments, rounds };
  }

  /** The record's lines (the kind's `lines`) as the columns of their definition's detail. */
  private async linesOf<D extends EntityDef>(k: Approvable<D>, record: Row, labels: Labels, attachments: string[]): Promise<ApprovalSheet['lines']> {
    const slot = k.opts.lines;
    if (!slot || !Array.isArray(record.lines)) return undefined;
    const columns = detailFields(slot.def).filter(([name, f]) => name !== slot.parentField && !(f.type === 'id' && !f.display));
    const rows: string[][] = [];
    for (const line of record.lines as Row[]) {
      const cells: string[] = [];
      for (const [name, field] of columns) {
        const value = shownValue(name, field, line);
        cells.push(
          field.type === 'money'
            ? value === null || value === undefined
              ? ''
              : formatMoney(value as string, { decimals: 2 })
            : await printed(field, value, labels),
        );
        if (field.type === 'files') for (const f of filesOf(value)) attachments.push(`${slot.def.label.zh}: ${f}`);
      }
      rows.push(cells);
    }
    return { title: slot.def.label.zh, columns: columns.map(([, f]) => f.label.zh), rows };
  }
}
