import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';
import { compareMoney, fenToMoney, toFen } from '../money.ts';

/**
 * KPI (绩效考核, BUSINESS.md §3 WP7; S1 L137-138 `/api/business-module/kpiParterRecord/*`): a monthly assessment task
 * (考核任务, one per month) lists its items with their weights; each person of the tenant has a record of it, fills in
 * self scores once (`submitMyTaskDetail`, 本月已提交 on a second try), the department manager gives the leader scores,
 * and the final score orders the month's ranking (`getRanking`, exported by `exportKpiOrder?month=`). The formula is
 * docs/decisions.md "KPI final score".
 */

export const KPI_MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
/** kpi_record_status (biz dictionary). */
export const KPI_RECORD_STATUS = { waitingSelf: 0, waitingLeader: 1, scored: 2 } as const;
/** Weights of the self score and the leader score in an item's score (percent, docs/decisions.md). */
export const KPI_SELF_WEIGHT = 30;
export const KPI_LEADER_WEIGHT = 70;

export const KPI_MSG = {
  taskMissing: '考核任务不存在',
  recordMissing: '考核记录不存在或无权访问',
  submitted: '本月已提交',
  notSubmitted: '本人尚未提交自评,不能评分',
  selfScoreOwn: '不能给自己评分',
  notLeader: '只有部门负责人可以评分',
  month: '月份格式应为yyyy-MM',
  monthMissing: '请选择月份',
  items: '考核项格式不正确',
  itemWeights: '考核项权重合计应为100',
  scoreRange: '评分应在0到100之间,最多两位小数',
  scoreItems: '请为每个考核项评分',
} as const;

/** One item of an assessment: its name and weight (percent). */
export interface KpiItem {
  item: string;
  weight: number;
}

/** One item of a person's record: the task's item with the scores given. */
export interface KpiScoredItem extends KpiItem {
  selfScore: string | null;
  leaderScore: string | null;
}

/** The items of a task's JSON text, or the mistake in it: 1 to 30 named items whose weights (integers) sum to 100. */
export function parseKpiItems(text: string): { items?: KpiItem[]; error?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: KPI_MSG.items };
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > 30) return { error: KPI_MSG.items };
  const items: KpiItem[] = [];
  for (const raw of value) {
    const v = raw as Record<string, unknown>;
    const item = typeof v?.item === 'string' ? v.item.trim() : '';
    const weight = Number(v?.weight);
    if (!item || item.length > 100 || !Number.isInteger(weight) || weight <= 0 || weight > 100) return { error: KPI_MSG.items };
    items.push({ item, weight });
  }
  if (new Set(items.map((x) => x.item)).size !== items.length) return { error: KPI_MSG.items };
  if (items.reduce((a, x) => a + x.weight, 0) !== 100) return { error: KPI_MSG.itemWeights };
  return { items };
}

/** A score as sent (a KPI item's, an archive's performance): a number from 0 to 100 with at most two decimals, as a decimal string, or undefined. */
export function scoreText(v: unknown): string | undefined {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return undefined;
  if (compareMoney(text, '100') > 0) return undefined;
  return fenToMoney(toFen(text));
}

/** Σ weight × score / 100 over the items, to the cent (half up), of one kind of score; null while any is missing. */
export function weightedKpiScore(items: readonly KpiScoredItem[], kind: 'selfScore' | 'leaderScore'): string | null {
  let total = 0n;
  for (const x of items) {
    const s = x[kind];
    if (s === null) return null;
    total += toFen(s) * BigInt(x.weight);
  }
  return fenToMoney((total + 50n) / 100n);
}

/** The final score: self × 30 % + leader × 70 % of the weighted totals, to the cent (half up); null until both exist. */
export function finalKpiScore(self: string | null, leader: string | null): string | null {
  if (self === null || leader === null) return null;
  const total = toFen(self) * BigInt(KPI_SELF_WEIGHT) + toFen(leader) * BigInt(KPI_LEADER_WEIGHT);
  return fenToMoney((total + 50n) / 100n);
}

/** A row of a month's ranking as the server answers and exports it. */
export interface KpiRankingRow {
  rank: number;
  userId: string;
  userName: string;
  deptName: string;
  selfScore: string;
  leaderScore: string;
  finalScore: string;
}

/** 考核任务: a month's assessment with its items (the top list of `getKpiTaskTopList`). */
export const kpiTaskEntity = defineEntity({
  name: 'kpi_task',
  table: 'kpi_task',
  api: '/api/business-module/kpiTask',
  path: '/kpi/kpiTask',
  label: { zh: '考核任务', en: 'KPI tasks' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'month', dir: 'desc' },
  fields: {
    month: {
      type: 'string',
      max: 7,
      label: { zh: '考核月份', en: 'Month' },
      required: KPI_MSG.monthMissing,
      pattern: { regex: KPI_MONTH_RE, message: KPI_MSG.month },
      unique: '该月已有考核任务',
      list: true,
      search: true,
      sortable: true,
      width: 100,
    },
    taskName: { type: 'string', max: 100, label: { zh: '任务名称', en: 'Task' }, required: '请输入任务名称', list: true, search: true, width: 220 },
    items: { type: 'text', label: { zh: '考核项', en: 'Items' }, required: '请填写考核项', check: (v) => parseKpiItems(v).error },
    deadline: { type: 'date', label: { zh: '自评截止日期', en: 'Self-score due' }, list: true, width: 120 },
    remark: remark({ list: true }),
  },
});

/** 个人考核记录 (kpiParterRecord): a person's record of a month's task, with the item scores and the totals. */
export const kpiRecordEntity = defineEntity({
  name: 'kpi_parter_record',
  table: 'kpi_parter_record',
  api: '/api/business-module/kpiParterRecord',
  path: '/kpi/kpiParterRecord',
  label: { zh: '个人任务明细', en: 'My KPI' },
  routes: [],
  defaultSort: { field: 'createTime', dir: 'asc' },
  fields: {
    taskId: { type: 'id', label: { zh: '考核任务', en: 'Task' }, required: '请选择考核任务', filterable: true },
    month: { type: 'string', max: 7, label: { zh: '考核月份', en: 'Month' }, list: true, filterable: true, width: 100 },
    userId: { type: 'id', label: { zh: '人员', en: 'Person' }, list: true, filterable: true, sortable: true, ref: 'user', display: 'userName', width: 100 },
    deptId: { type: 'id', label: { zh: '部门', en: 'Department' }, list: true, filterable: true, sortable: true, ref: 'dept', display: 'deptName', width: 110 },
    items: { type: 'text', label: { zh: '考核项评分', en: 'Items' } },
    selfScore: { type: 'money', label: { zh: '自评得分', en: 'Self' }, list: true, sortable: true, width: 90 },
    leaderScore: { type: 'money', label: { zh: '领导评分', en: 'Leader' }, list: true, sortable: true, width: 90 },
    finalScore: { type: 'money', label: { zh: '最终得分', en: 'Final' }, list: true, sortable: true, width: 90 },
    selfSubmitTime: { type: 'datetime', label: { zh: '自评时间', en: 'Self-scored' }, list: true, width: 160 },
    leaderUser: { type: 'id', label: { zh: '评分人', en: 'Scored by' }, list: true, ref: 'user', display: 'leaderName', width: 90 },
    leaderSubmitTime: { type: 'datetime', label: { zh: '评分时间', en: 'Scored' }, list: true, width: 160 },
    recordStatus: {
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      dict: 'kpi_record_status',
      bizDict: true,
      default: 0,
      list: true,
      filterable: true,
      width: 100,
    },
  },
});
