/** 财务单据 (BUSINESS.md WP4): lines (name, amount) kept in the document's content, whose sum is its money. */
import { financeFormEntity, sumMoney } from '@hjl/core';
import { z } from 'zod';
import { fail } from '../../platform/http/errors.ts';
import type { Applications } from './application.ts';
import { positiveAmount } from './ledger.ts';
import { financeForms } from './schema.ts';

const formLine = z.object({
  name: z.string({ message: '请输入明细名称' }).min(1, { message: '请输入明细名称' }).max(100, { message: '明细名称最多100个字符' }),
  amount: z.union([z.string(), z.number()], { message: '请输入金额' }).transform((v) => String(v)),
});
type FormLine = z.infer<typeof formLine>;
const formLines = z.array(formLine, { message: '请添加单据明细' }).max(100, { message: '单据明细最多100条' }).optional();

/** The lines as stored (content) and their sum (money); none refused. */
function contentOf(lines: FormLine[] | undefined) {
  if (!lines?.length) throw fail('请添加单据明细');
  for (const l of lines) l.amount = positiveAmount(l.amount);
  return { content: JSON.stringify(lines), money: sumMoney(lines.map((l) => l.amount)) };
}

export function registerFinanceForms(a: Applications) {
  a.kit.register(
    financeFormEntity,
    financeForms,
    a.options(financeFormEntity, financeForms, null, {
      extraBody: { lines: formLines },
      async beforeWrite(_user, data, _id, input) {
        const lines = input.body.lines as FormLine[] | undefined;
        delete data.money;
        if (lines) Object.assign(data, contentOf(lines));
      },
      async beforeStart(_user, record, current, body) {
        const stored = current?.content ? (JSON.parse(current.content) as FormLine[]) : undefined;
        Object.assign(record, contentOf((body.lines as FormLine[] | undefined) ?? stored));
      },
    }),
  );
}
