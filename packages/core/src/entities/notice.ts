import { defineEntity } from '../entity.ts';
import { files } from '../field-presets.ts';

/** Notices shown on the workbench (spec 1 section 7: /api/blade-desk/notice list, remove, submit, detail). */
export const noticeEntity = defineEntity({
  name: 'notice',
  table: 'blade_notice',
  api: '/api/blade-desk/notice',
  path: '/desk/notice',
  label: { zh: '通知公告', en: 'Notices' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'releaseTime', dir: 'desc' },
  dialogWidth: 880,
  fields: {
    title: {
      type: 'string',
      max: 255,
      label: { zh: '通知标题', en: 'Title' },
      required: '请输入通知标题',
      list: true,
      search: true,
      sortable: true,
    },
    category: {
      type: 'int',
      label: { zh: '通知类型', en: 'Type' },
      dict: 'notice',
      required: '请选择通知类型',
      list: true,
      search: true,
      width: 120,
    },
    releaseTime: {
      // A date-time as in BladeX (`yyyy-MM-dd HH:mm:ss`); a date alone is taken as its midnight.
      type: 'datetime',
      label: { zh: '通知日期', en: 'Date' },
      required: '请选择通知日期',
      list: true,
      sortable: true,
      filterable: true,
      width: 140,
    },
    content: { type: 'text', label: { zh: '通知内容', en: 'Content' }, form: 'textarea' },
    attachment: files(),
  },
});
