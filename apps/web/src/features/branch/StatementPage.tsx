/**
 * /finance/hjlFilialeStatement (分公司收支): a branch's money in a period, every figure read from the ledger
 * (server: modules/branch/statement.ts) — its projects' collections, costs, labour fees and gross profit, the
 * management fees, dividends and withdrawals, and the deposits outstanding at the period's end. A branch leader
 * chooses among theirs only.
 */
import { filialeEntity, type FieldDef } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Descriptions, Flex, Form, Result, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLabel } from '../../app/i18n';
import { moneyText } from '../../components/MoneyText';
import { refControlOf } from '../../components/RefControl';
import { statementQuery, type BranchStatement } from './api';

const FIGURES: [keyof BranchStatement, { zh: string; en: string }, keyof BranchStatement | null][] = [
  ['collect', { zh: '项目收款', en: 'Collected' }, 'collectCount'],
  ['cost', { zh: '项目成本', en: 'Costs' }, 'costCount'],
  ['labour', { zh: '劳务费', en: 'Labour fees' }, 'labourCount'],
  ['profit', { zh: '项目毛利', en: 'Gross profit' }, null],
  ['managementFee', { zh: '管理费', en: 'Management fees' }, 'managementFeeCount'],
  ['dividend', { zh: '分红', en: 'Dividends' }, 'dividendCount'],
  ['withdraw', { zh: '提成', en: 'Withdrawals' }, 'withdrawCount'],
  ['depositsOutstanding', { zh: '期末未退保证金', en: 'Deposits outstanding' }, null],
];

/** The branch chosen: a `branch` reference, with the kind's picker (registered by components/RefControl). */
const BRANCH_FIELD: FieldDef = { type: 'id', label: filialeEntity.label, ref: 'branch', display: 'filialeName' };
const BranchControl = refControlOf(BRANCH_FIELD);

export default function StatementPage() {
  const label = useLabel();
  const [branch, setBranch] = useState<string | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('year'), dayjs()]);
  const st = useQuery(statementQuery(branch, { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') }));
  return (
    <Card data-testid="filiale-statement">
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label={label({ zh: '分公司', en: 'Branch' })}>
          {BranchControl ? <BranchControl field={BRANCH_FIELD} value={branch} onChange={setBranch} testId="filiale-statement-branch" search /> : null}
        </Form.Item>
        <Form.Item label={label({ zh: '期间', en: 'Period' })}>
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            data-testid="filiale-statement-range"
          />
        </Form.Item>
      </Form>
      {branch === null ? (
        <Result status="info" title={label({ zh: '请选择分公司', en: 'Choose a branch' })} />
      ) : st.data ? (
        <Flex vertical gap={12}>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="filiale-statement-figures">
            {FIGURES.map(([key, title, count]) => (
              <Descriptions.Item key={key} label={label(title)}>
                <span data-testid={`filiale-statement-${key}`}>{moneyText(String(st.data[key]))}</span>
                {count ? <span style={{ color: '#999', marginLeft: 8 }}>{`${String(st.data[count])}${label({ zh: '笔', en: ' rows' })}`}</span> : null}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Flex>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
