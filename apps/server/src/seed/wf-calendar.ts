/**
 * The business calendar's days for 2025–2027 (工作日历, modules/workflow/calendar.ts; docs/workflow.md "Approval
 * durations"), the dictionary of its kinds and the working-hours parameter. Seeded into every tenant that never had
 * a calendar day (so an administrator's deletions stay deleted), on every start: a tenant made later gets them on the
 * next start.
 *
 * 2025: 国务院办公厅关于2025年部分节假日安排的通知 (国办发明电〔2024〕12号). 2026: 国务院办公厅关于2026年部分节假日
 * 安排的通知 (国办发明电〔2025〕7号). 2027: the statutory days of 全国年节及纪念日放假办法 as amended in 2024 — 元旦 1,
 * 春节 4 (除夕 to 初三: 2027-02-05…08), 清明 1, 劳动节 2, 端午 1 (五月初五: 06-09), 中秋 1 (八月十五: 09-15),
 * 国庆节 3 — without the bridging days and make-up days of the yearly notice, which the administrator enters (and
 * confirms the seeded days against) once the State Council publishes it.
 */
import { WF_CALENDAR_KIND } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { dicts } from '../modules/dict/schema.ts';
import { params } from '../modules/system/schema.ts';
import { tenants } from '../modules/tenant/schema.ts';
import { wfCalendarDays } from '../modules/workflow/schema.ts';
import * as demo from './data.ts';

const DICT = 'wf_calendar_kind';
const PARAM = 'wf.workingHours';
const NOTICE_2027 = '法定假日；2027年国务院放假通知发布后请管理员核对，并补充连休与调休';

/** Holidays as [name, first day, last day], make-up working days as [name, day]. */
const HOLIDAYS: [string, string, string][] = [
  ['元旦', '2025-01-01', '2025-01-01'],
  ['春节', '2025-01-28', '2025-02-04'],
  ['清明节', '2025-04-04', '2025-04-06'],
  ['劳动节', '2025-05-01', '2025-05-05'],
  ['端午节', '2025-05-31', '2025-06-02'],
  ['国庆节、中秋节', '2025-10-01', '2025-10-08'],
  ['元旦', '2026-01-01', '2026-01-03'],
  ['春节', '2026-02-15', '2026-02-23'],
  ['清明节', '2026-04-04', '2026-04-06'],
  ['劳动节', '2026-05-01', '2026-05-05'],
  ['端午节', '2026-06-19', '2026-06-21'],
  ['中秋节', '2026-09-25', '2026-09-27'],
  ['国庆节', '2026-10-01', '2026-10-07'],
  ['元旦', '2027-01-01', '2027-01-01'],
  ['春节', '2027-02-05', '2027-02-08'],
  ['清明节', '2027-04-05', '2027-04-05'],
  ['劳动节', '2027-05-01', '2027-05-02'],
  ['端午节', '2027-06-09', '2027-06-09'],
  ['中秋节', '2027-09-15', '2027-09-15'],
  ['国庆节', '2027-10-01', '2027-10-03'],
];
const MAKE_UP_DAYS: [string, string][] = [
  ['春节调休', '2025-01-26'],
  ['春节调休', '2025-02-08'],
  ['劳动节调休', '2025-04-27'],
  ['国庆节调休', '2025-09-28'],
  ['国庆节调休', '2025-10-11'],
  ['元旦调休', '2026-01-04'],
  ['春节调休', '2026-02-14'],
  ['春节调休', '2026-02-28'],
  ['劳动节调休', '2026-05-09'],
  ['国庆节调休', '2026-09-20'],
  ['国庆节调休', '2026-10-10'],
];

/** The seeded days: one row per holiday day and per make-up day (pure; exported for the seed's test). */
export function calendarSeedDays(): { day: string; kind: number; name: string; remark: string | null }[] {
  const out: { day: string; kind: number; name: string; remark: string | null }[] = [];
  for (const [name, first, last] of HOLIDAYS)
    for (let d = new Date(`${first}T00:00:00Z`); d <= new Date(`${last}T00:00:00Z`); d = new Date(d.getTime() + 86_400_000)) {
      const day = d.toISOString().slice(0, 10);
      out.push({ day, kind: WF_CALENDAR_KIND.holiday, name, remark: day.startsWith('2027') ? NOTICE_2027 : null });
    }
  for (const [name, day] of MAKE_UP_DAYS) out.push({ day, kind: WF_CALENDAR_KIND.makeUpDay, name, remark: null });
  return out;
}

export async function seedWorkflowCalendar(db: Db) {
  const [dict] = await db
    .select({ id: dicts.id })
    .from(dicts)
    .where(and(eq(dicts.code, DICT), eq(dicts.parentId, '0')))
    .limit(1);
  if (!dict) {
    const d = demo.systemDicts[DICT];
    const rootId = nextId();
    if (d)
      await db
        .insert(dicts)
        .values([
          { id: rootId, parentId: '0', code: DICT, dictKey: '-1', dictValue: d.name, sort: 0 },
          ...d.items.map(([k, v], i) => ({ id: nextId(), parentId: rootId, code: DICT, dictKey: k, dictValue: v, sort: i + 1 })),
        ]);
  }
  // Tenants without any calendar row, deleted ones included.
  const fresh = (
    await db
      .select({ tenantId: tenants.tenantId })
      .from(tenants)
      .where(and(eq(tenants.isDeleted, 0), sql`NOT EXISTS (SELECT 1 FROM ${wfCalendarDays} c WHERE c.tenant_id = ${tenants.tenantId})`))
  ).map((t) => t.tenantId);
  if (!fresh.length) return;
  const days = calendarSeedDays();
  const withParam = new Set(
    (
      await db
        .select({ tenantId: params.tenantId })
        .from(params)
        .where(and(eq(params.paramKey, PARAM), inArray(params.tenantId, fresh)))
    ).map((p) => p.tenantId),
  );
  const param = demo.params.find((p) => p.paramKey === PARAM);
  for (const tenantId of fresh) {
    await db.insert(wfCalendarDays).values(days.map((d) => ({ id: nextId(), tenantId, ...d })));
    if (param && !withParam.has(tenantId)) await db.insert(params).values({ id: nextId(), tenantId, ...param });
  }
}
