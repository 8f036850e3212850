/**
 * What the process lists and the operations console share: the row of the workflow list calls
 * (docs/workflow.md "Lists"), their search form and their columns.
 */
import type { Label } from '@hjl/core';
import { DatePicker, Form, Input, TreeSelect, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import type { Query } from '../../../app/api';
import { useLabel } from '../../../app/i18n';
import { dateRangeQuery, SearchActions } from '../../../components/CrudPage';
import { useCategoryTree } from '../api';
import { ProcessStatusTag } from './processStatus';

export interface ProcessRow {
  taskId?: string | null;
  taskName?: string | null;
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey?: string;
  processDefinitionName?: string;
  category?: string | null;
  serialNumber?: string | null;
  title?: string | null;
  startUserName?: string;
  assignee?: string | null;
  assigneeName?: string | null;
  fromUserName?: string | null;
  createTime?: string | null;
  endTime?: string | null;
  processCreateTime?: string | null;
  processEndTime?: string | null;
  processIsFinished?: string;
  suspended?: boolean;
  /** Copies only: the copy's id. */
  id?: string;
  [key: string]: unknown;
}

/** What a list's row stands for, and so its key: a task, a process instance, or a copy. */
export type RowKind = 'task' | 'instance' | 'copy';
export const rowKeyOf = (kind: RowKind) => (row: ProcessRow) =>
  String((kind === 'copy' ? row.id : kind === 'task' ? row.taskId : row.processInstanceId) ?? row.processInstanceId);

export type SearchField = 'processDefinitionName' | 'serialNumber' | 'category' | 'taskName' | 'startUserName' | 'assigneeName';

const SEARCH_LABELS: Record<SearchField, Label> = {
  processDefinitionName: { zh: '流程名称', en: 'Process' },
  serialNumber: { zh: '流水号', en: 'Serial number' },
  category: { zh: '流程分类', en: 'Category' },
  taskName: { zh: '任务名称', en: 'Task' },
  startUserName: { zh: '申请人', en: 'Applicant' },
  assigneeName: { zh: '办理人', en: 'Assignee' },
};

interface SearchValues extends Partial<Record<SearchField, string>> {
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The list conditions of a search (text trimmed, the date range as createTime_dategt / _datelt). */
export function searchQuery(values: SearchValues): Query {
  const q: Query = {};
  for (const key of Object.keys(SEARCH_LABELS) as SearchField[]) {
    const v = values[key]?.trim();
    if (v) q[key] = v;
  }
  return { ...q, ...dateRangeQuery(values.range) };
}

/** The search form of a process list; `onSearch` gets the conditions (the caller goes back to page 1). */
export function ProcessSearchForm({ fields, onSearch, testId }: { fields: SearchField[]; onSearch: (query: Query) => void; testId: string }) {
  const label = useLabel();
  const [form] = Form.useForm<SearchValues>();
  // Categories need the category menu's code; without it the filter offers nothing (silently).
  const categories = useCategoryTree(fields.includes('category'));
  const placeholder = (f: SearchField) => `${label({ zh: '请输入', en: 'Enter ' })}${label(SEARCH_LABELS[f])}`;
  return (
    <Form form={form} layout="inline" onFinish={(v) => onSearch(searchQuery(v))} data-testid={testId} style={{ rowGap: 8 }}>
      {fields.map((f) => (
        <Form.Item key={f} name={f} label={label(SEARCH_LABELS[f])}>
          {f === 'category' ? (
            <TreeSelect
              allowClear
              treeData={categories}
              placeholder={`${label({ zh: '请选择', en: 'Choose ' })}${label(SEARCH_LABELS[f])}`}
              style={{ width: 180 }}
              treeDefaultExpandAll
              data-testid={`${testId}-${f}`}
            />
          ) : (
            <Input allowClear placeholder={placeholder(f)} style={{ width: 160 }} data-testid={`${testId}-${f}`} />
          )}
        </Form.Item>
      ))}
      <Form.Item name="range" label={label({ zh: '创建时间', en: 'Created' })}>
        <DatePicker.RangePicker style={{ width: 260 }} data-testid={`${testId}-range`} />
      </Form.Item>
      <SearchActions form={form} onReset={() => onSearch({})} testId={testId} />
    </Form>
  );
}

export type ColumnKey =
  | 'serialNumber'
  | 'title'
  | 'processDefinitionName'
  | 'taskName'
  | 'startUserName'
  | 'assigneeName'
  | 'fromUserName'
  | 'createTime'
  | 'endTime'
  | 'processCreateTime'
  | 'processEndTime'
  | 'status';

const COLUMN_LABELS: Record<ColumnKey, Label> = {
  serialNumber: { zh: '流水号', en: 'Serial number' },
  title: { zh: '标题', en: 'Title' },
  processDefinitionName: { zh: '流程名称', en: 'Process' },
  taskName: { zh: '当前节点', en: 'Current node' },
  startUserName: { zh: '申请人', en: 'Applicant' },
  assigneeName: { zh: '办理人', en: 'Assignee' },
  fromUserName: { zh: '抄送人', en: 'Copied by' },
  createTime: { zh: '创建时间', en: 'Created' },
  endTime: { zh: '结束时间', en: 'Ended' },
  processCreateTime: { zh: '发起时间', en: 'Started' },
  processEndTime: { zh: '办结时间', en: 'Finished' },
  status: { zh: '流程状态', en: 'Status' },
};

/**
 * Widths that fit a list's eight columns and its actions beside a 1440 px wide window's sidebar (about
 * 1140 px of table): the fixed 操作 column then covers no data column. A longer text ends in an ellipsis.
 */
const COLUMN_WIDTHS: Record<ColumnKey, number> = {
  serialNumber: 120,
  title: 130,
  processDefinitionName: 100,
  taskName: 100,
  startUserName: 80,
  assigneeName: 80,
  fromUserName: 80,
  createTime: 150,
  endTime: 150,
  processCreateTime: 150,
  processEndTime: 150,
  status: 90,
};

/** The width of a column of small link buttons with these texts (16 px of padding and border each, a CJK character about 14 px, others 8). */
export function linkButtonsWidth(texts: readonly string[]): number {
  const text = (s: string) => [...s].reduce((w, c) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 14 : 8), 0);
  return 16 + texts.reduce((w, s) => w + 16 + text(s), 0) + 4;
}

/** The columns named, in that order. */
export function useProcessColumns(keys: ColumnKey[], overrides: Partial<Record<ColumnKey, Label>> = {}): TableColumnsType<ProcessRow> {
  const label = useLabel();
  return keys.map((key) => ({
    key,
    dataIndex: key === 'status' ? 'processIsFinished' : key,
    title: label(overrides[key] ?? COLUMN_LABELS[key]),
    ellipsis: key !== 'status',
    width: COLUMN_WIDTHS[key],
    render:
      key === 'status'
        ? (_: unknown, row: ProcessRow) => <ProcessStatusTag row={row} />
        : key === 'title'
          ? (_: unknown, row: ProcessRow) => row.title || row.processDefinitionName
          : (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v)),
  }));
}
