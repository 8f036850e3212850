/**
 * The field list the form designer edits (FormColumn of @hjl/core): type and format names, a new field's
 * defaults, reordering, and the check of one edited field against the list — with `parseFormColumns`, the
 * server's own rule, so the designer and the server give the same message.
 */
import { FORM_COLUMN_TYPE, FORMATS, parseFormColumns, type FormatName, type FormColumn, type Label } from '@hjl/core';

/** Radio: any column type the core does not name (spec 1: 5). */
export const RADIO_TYPE = 5;

export const COLUMN_TYPES: { value: number; label: Label }[] = [
  { value: FORM_COLUMN_TYPE.text, label: { zh: '输入框', en: 'Text' } },
  { value: FORM_COLUMN_TYPE.select, label: { zh: '下拉框', en: 'Select' } },
  { value: FORM_COLUMN_TYPE.date, label: { zh: '日期', en: 'Date' } },
  { value: FORM_COLUMN_TYPE.tree, label: { zh: '树形选择', en: 'Tree' } },
  { value: RADIO_TYPE, label: { zh: '单选框', en: 'Radio' } },
];

export const typeLabel = (type: number): Label => COLUMN_TYPES.find((t) => t.value === type)?.label ?? COLUMN_TYPES[4]!.label;

/** Whether a column of this type takes its options from a dictionary (select and radio). */
export const usesDict = (type: number) =>
  type === FORM_COLUMN_TYPE.select || ![FORM_COLUMN_TYPE.text, FORM_COLUMN_TYPE.date, FORM_COLUMN_TYPE.tree].includes(type as 1);

export const MODEL_PATHS: { value: 'dept' | 'post'; label: Label }[] = [
  { value: 'dept', label: { zh: '部门树', en: 'Departments' } },
  { value: 'post', label: { zh: '岗位', en: 'Posts' } },
];

/** The format patterns of spec 1 section 5 a text field may require. */
export const FORMAT_LABELS: Record<FormatName, Label> = {
  mobile: { zh: '手机号码', en: 'Mobile' },
  landline: { zh: '座机号码', en: 'Landline' },
  idCard: { zh: '身份证号', en: 'ID card' },
  password: { zh: '密码', en: 'Password' },
  postalCode: { zh: '邮政编码', en: 'Postal code' },
  qq: { zh: 'QQ号码', en: 'QQ' },
  email: { zh: '邮箱', en: 'Email' },
  money: { zh: '金额', en: 'Money' },
  url: { zh: '网址', en: 'URL' },
  ip: { zh: 'IP地址', en: 'IP address' },
  date: { zh: '日期文本', en: 'Date text' },
  plateNumber: { zh: '车牌号', en: 'Plate number' },
  english: { zh: '英文字母', en: 'Letters' },
  chinese: { zh: '中文', en: 'Chinese' },
  lower: { zh: '小写字母', en: 'Lower case' },
  upper: { zh: '大写字母', en: 'Upper case' },
};
export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];

export const newColumn = (): FormColumn => ({
  columnName: '',
  columnDescribe: '',
  columnType: FORM_COLUMN_TYPE.text,
  isRequired: 1,
  isShowList: 0,
  isCondition: 0,
});

/** The list with the item at `from` moved to `to` (both indexes of the list as it is). */
export function moveColumn<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * Puts an edited column at `index` (or appends it with index -1), keeping only the settings of its type (a
 * select's dictionary, a tree's source, a text's format), and answers the new list or the server's message.
 */
export function placeColumn(list: readonly FormColumn[], index: number, edited: FormColumn): { columns: FormColumn[] } | { error: string } {
  const { dictTag, modelPath, format, ...rest } = edited;
  const column: FormColumn = {
    ...rest,
    ...(usesDict(edited.columnType) && dictTag ? { dictTag } : {}),
    ...(edited.columnType === FORM_COLUMN_TYPE.tree && modelPath ? { modelPath } : {}),
    ...(edited.columnType === FORM_COLUMN_TYPE.text && format ? { format } : {}),
  };
  const next = index < 0 ? [...list, column] : list.map((c, i) => (i === index ? column : c));
  return parseFormColumns(next);
}

/** The columns a stored `content` holds ([] when it has none or cannot be read). */
export function columnsOf(content: unknown): FormColumn[] {
  if (content === undefined || content === null || content === '') return [];
  const parsed = parseFormColumns(content);
  return 'columns' in parsed ? parsed.columns : [];
}
