import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';

/**
 * The business calendar of approval durations (工作日历, `blade_wf_calendar`; docs/workflow.md "Approval
 * durations"): the days that differ from a plain week — the official holidays (法定节假日) and the make-up working
 * days (调休上班) of the State Council's yearly notice —, one record per day, kept by an administrator. Every day
 * not named is a working day from Monday to Friday and a day off on Saturday and Sunday (working-hours.ts).
 */
export const wfCalendarEntity = defineEntity({
  name: 'wf_calendar',
  table: 'blade_wf_calendar',
  api: '/api/blade-workflow/calendar',
  path: '/workflow/calendar',
  label: { zh: '工作日历', en: 'Business calendar' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'day', dir: 'desc' },
  fields: {
    day: {
      type: 'date',
      label: { zh: '日期', en: 'Date' },
      required: '请选择日期',
      unique: '该日期已在工作日历中',
      list: true,
      search: true,
      sortable: true,
      width: 130,
    },
    kind: {
      type: 'int',
      label: { zh: '日期类型', en: 'Kind' },
      dict: 'wf_calendar_kind',
      required: '请选择日期类型',
      list: true,
      search: true,
      default: 1,
      width: 120,
    },
    name: { type: 'string', max: 32, label: { zh: '节日名称', en: 'Holiday' }, required: '请输入节日名称', list: true, search: true, width: 140 },
    remark: remark({ max: 255 }),
  },
});

/** The kinds of calendar day (dictionary `wf_calendar_kind`). */
export const WF_CALENDAR_KIND = { holiday: 1, makeUpDay: 2 } as const;
