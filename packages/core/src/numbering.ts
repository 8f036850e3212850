/**
 * Record numbers (BUSINESS.md §1 "Numbering"): one rule per kind of record, kept in the tenant's parameters
 * (`<kind>.numberRule`, its prefix in `<kind>.numberPrefix`), e.g. `{prefix}-{type}-{yyyy}-{seq:4}` → HJ-HT-ZJ-2026-0001.
 * The counter runs per rendered head (everything but the sequence), so it starts over each period the rule's date
 * part names (a year, a month, a day) and per type. This file renders rules; the server keeps the counters
 * (apps/server/src/platform/numbering): a preview reads the counter, a save takes the next value under a row lock
 * in its own transaction.
 */

/** A kind of numbered record: where its rule lives and what it is when the tenant set none. */
export interface NumberKind {
  name: string;
  label: string;
  /** Parameter of the prefix ({prefix}) and its default. */
  prefixParam: string;
  defaultPrefix: string;
  /** Parameter of the rule and its default. */
  ruleParam: string;
  defaultRule: string;
}

export const NUMBER_KINDS = {
  contract: {
    name: 'contract',
    label: '合同编号',
    prefixParam: 'contract.numberPrefix',
    defaultPrefix: 'HJ-HT',
    ruleParam: 'contract.numberRule',
    defaultRule: '{prefix}-{type}-{yyyy}-{seq:4}',
  },
  project: {
    name: 'project',
    label: '项目编号',
    prefixParam: 'project.numberPrefix',
    defaultPrefix: 'HJ-XM',
    ruleParam: 'project.numberRule',
    defaultRule: '{prefix}-{type}-{yyyyMM}-{seq:3}',
  },
  seal: {
    name: 'seal',
    label: '用章编号',
    prefixParam: 'seal.numberPrefix',
    defaultPrefix: 'HJ-YZ',
    ruleParam: 'seal.numberRule',
    defaultRule: '{prefix}-{yyyy}-{seq:4}',
  },
  archive: {
    name: 'archive',
    label: '档案编号',
    prefixParam: 'archive.numberPrefix',
    defaultPrefix: 'HJ-DA',
    ruleParam: 'archive.numberRule',
    defaultRule: '{prefix}-{type}-{yyyy}-{seq:4}',
  },
  /** Each printed approval sheet (审批单) file takes one (docs/workflow.md "打印审批单"). */
  approvalSheet: {
    name: 'approvalSheet',
    label: '审批单编号',
    prefixParam: 'approvalSheet.numberPrefix',
    defaultPrefix: 'HJ-SPD',
    ruleParam: 'approvalSheet.numberRule',
    defaultRule: '{prefix}-{yyyyMMdd}-{seq:4}',
  },
} as const satisfies Record<string, NumberKind>;

const TOKEN = /\{(prefix|type|yyyyMMdd|yyyyMM|yyyy|yy|MM|dd|seq:(\d))\}/g;

/** What is wrong with a rule (undefined: fine): exactly one {seq:n} (1–9 digits), known tokens, plain characters. */
export function numberRuleError(rule: string): string | undefined {
  if (rule.length > 64) return '编号规则最多64个字符';
  const seqs = [...rule.matchAll(/\{seq:(\d)\}/g)];
  if (seqs.length !== 1 || Number(seqs[0]![1]) < 1) return '编号规则须含且仅含一个{seq:n}(n为1到9)';
  const rest = rule.replace(TOKEN, '');
  if (/[{}]/.test(rest)) return '编号规则含有未知的占位符';
  if (!/^[A-Za-z0-9\-_/.]*$/.test(rest)) return '编号规则只能含字母、数字和-_/.';
  return undefined;
}

/** The calendar date of `now` in `timeZone` as yyyy, MM, dd. */
function dateParts(now: Date, timeZone: string): { yyyy: string; MM: string; dd: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now).map((x) => [x.type, x.value]),
  );
  return { yyyy: String(p.year), MM: String(p.month), dd: String(p.day) };
}

/** The prefix or type part as it may stand in a number (anything else dropped, at most 16 characters). */
const clean = (v: string) => v.replace(/[^A-Za-z0-9\-_]/g, '').slice(0, 16);

/**
 * A rule rendered for a record at `now`: `head` is the counter's key (the number with `#` for the sequence) and
 * `format(n)` the number with the sequence n (zero-padded; a larger one is written in full).
 */
export function renderNumberRule(rule: string, values: { prefix: string; type?: string }, now: Date, timeZone = 'Asia/Shanghai') {
  const d = dateParts(now, timeZone);
  let digits = 4;
  const head = rule.replace(TOKEN, (_all, token: string, n?: string) => {
    switch (token) {
      case 'prefix':
        return clean(values.prefix);
      case 'type':
        return clean(values.type ?? '');
      case 'yyyyMMdd':
        return `${d.yyyy}${d.MM}${d.dd}`;
      case 'yyyyMM':
        return `${d.yyyy}${d.MM}`;
      case 'yyyy':
        return d.yyyy;
      case 'yy':
        return d.yyyy.slice(2);
      case 'MM':
        return d.MM;
      case 'dd':
        return d.dd;
      default:
        digits = Number(n);
        return '#';
    }
  });
  return { head, format: (seq: number) => head.replace('#', String(seq).padStart(digits, '0')) };
}
