/**
 * The format patterns of spec 1 section 5 and the emptiness and file-type helpers of spec 2 section 5, shared
 * by the server (request checks) and the web forms. There is one of each: entity definitions and forms use
 * these instead of their own regular expressions.
 */
import { isDateText } from './values.ts';

export interface Format {
  /** Whether a (trimmed) text has the format. */
  test: (text: string) => boolean;
  /** Message of a value that has not. */
  message: string;
  /** The pattern, for form rules that take one (the id card also needs its checksum: use `test`). */
  regex: RegExp;
}

const re = (regex: RegExp, message: string): Format => ({ regex, message, test: (s) => regex.test(s) });

/** Weights and check characters of the 18-digit resident id card (GB 11643). */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';
const ID_RE = /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/;

/** An 18-digit id card number with a real birth date and the right check character. */
export function isIdCard(text: string): boolean {
  const s = text.trim();
  if (!ID_RE.test(s)) return false;
  if (!isDateText(`${s.slice(6, 10)}-${s.slice(10, 12)}-${s.slice(12, 14)}`)) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
  return ID_CHECK[sum % 11] === s[17]!.toUpperCase();
}

const IPV4_PART = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

export const FORMATS = {
  /** 1, then 3-9, then 9 digits. */
  mobile: re(/^1[3-9]\d{9}$/, '请输入正确的手机号码'),
  /** Area code (3-4 digits from 0, optional dash), 7-8 digits, optional extension. */
  landline: re(/^(0\d{2,3}-?)?[2-9]\d{6,7}(-\d{1,6})?$/, '请输入正确的座机号码'),
  idCard: { regex: ID_RE, message: '请输入正确的身份证号码', test: isIdCard } satisfies Format,
  /** A letter first, then 5 to 17 word characters (6-18 in all). */
  password: re(/^[a-zA-Z]\w{5,17}$/, '密码以字母开头，长度在6~18之间，只能包含字母、数字和下划线'),
  postalCode: re(/^[1-9]\d{5}$/, '请输入正确的邮政编码'),
  qq: re(/^[1-9]\d{4,10}$/, '请输入正确的QQ号码'),
  email: re(/^[\w.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, '请输入正确的邮箱地址'),
  /** Digits with at most 2 decimals. */
  money: re(/^(0|[1-9]\d*)(\.\d{1,2})?$/, '金额最多保留两位小数'),
  /** http or https, then a host. */
  url: re(/^https?:\/\/[^\s/?#]+[^\s]*$/i, '请输入以http://或https://开头的网址'),
  ip: re(new RegExp(`^${IPV4_PART}(\\.${IPV4_PART}){3}$`), '请输入正确的IP地址'),
  date: { regex: /^\d{4}-\d{2}-\d{2}$/, message: '请输入正确的日期(yyyy-MM-dd)', test: (s: string) => isDateText(s) } satisfies Format,
  /** Chinese licence plates, ordinary (7) and new-energy (8). */
  plateNumber: re(
    /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-HJ-NP-Z](?:[A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9]\d{4}|\d{5}[DF])$/,
    '请输入正确的车牌号',
  ),
  english: re(/^[a-zA-Z]+$/, '只能输入英文字母'),
  chinese: re(/^[\u4e00-\u9fa5]+$/, '只能输入中文'),
  lower: re(/^[a-z]+$/, '只能输入小写字母'),
  upper: re(/^[A-Z]+$/, '只能输入大写字母'),
} as const satisfies Record<string, Format>;

export type FormatName = keyof typeof FORMATS;

/** Whether `text` has the named format (trimmed first). */
export function hasFormat(name: FormatName, text: string): boolean {
  return FORMATS[name].test(text.trim());
}

/** The message of a value that lacks the format, or undefined when it has it (or is empty). */
export function formatError(name: FormatName, value: unknown): string | undefined {
  if (isEmpty(value)) return undefined;
  return hasFormat(name, String(value)) ? undefined : FORMATS[name].message;
}

/** A mobile or a landline number (the phone field of users: 请输入正确的手机号或座机号). */
export function isPhone(text: string): boolean {
  return hasFormat('mobile', text) || hasFormat('landline', text);
}

/** Empty in the specs' sense: undefined, null, '', an empty array or an object without keys. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return !(value instanceof Date) && Object.keys(value).length === 0;
  return false;
}

/** Image extensions of spec 2 section 9 (lower case). */
export const IMAGE_EXTENSIONS = [
  'bmp',
  'jpg',
  'png',
  'tif',
  'gif',
  'pcx',
  'tga',
  'exif',
  'fpx',
  'svg',
  'psd',
  'cdr',
  'pcd',
  'dxf',
  'ufo',
  'eps',
  'ai',
  'raw',
  'wmf',
  'webp',
  'avif',
  'apng',
  // jpeg is jpg (the list names the format once)
  'jpeg',
] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'mov', 'avi', 'wmv', 'flv', 'mkv', 'm4v', '3gp'] as const;

export type FileKind = 'image' | 'pdf' | 'word' | 'excel' | 'file' | 'folder';

/** The extension of a file name or link (lower case, without the dot; '' when there is none). */
export function fileExtension(name: string): string {
  const base = name.split(/[?#]/)[0]!.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

/** File type by extension (spec 2 section 5): image, pdf, word, excel, other file, or folder without one. */
export function fileKind(name: string): FileKind {
  const ext = fileExtension(name);
  if (!ext) return 'folder';
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'image';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'doc' || ext === 'docx') return 'word';
  if (ext === 'xls' || ext === 'xlsx') return 'excel';
  return 'file';
}

/** Images and videos are opened directly; everything else goes through the preview service. */
export function opensDirectly(name: string): boolean {
  const ext = fileExtension(name);
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext) || (VIDEO_EXTENSIONS as readonly string[]).includes(ext);
}

/** Links of stored files (the upload answer's `link`): the download route, store, day and random name. */
const FILE_LINK_RE = /^\/api\/blade-resource\/oss\/endpoint\/file\/(local|\d{1,19})\/\d{8}\/[0-9a-f]{32}(\.[a-z0-9]{1,16})?$/;

/** Whether `text` is the link of a file stored by the upload endpoint. */
export function isFileLink(text: string): boolean {
  return FILE_LINK_RE.test(text);
}
