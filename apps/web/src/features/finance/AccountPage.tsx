/**
 * /finance/hjlAccountInfo (内部账户, S2 L185, L441, L486): the firm's bank and cash accounts with their opening,
 * book balance and practical (reconciled) amount. 设置实际金额 records the counted balance (setting/practical,
 * written to the history); 变动历史 shows the account's sums (sum-practical: opening + income − expense, the
 * book balance, the practical amount and the difference) and every change of the account, newest first.
 */
import { accountHisInfoEntity, accountInfoEntity, dictKeyOf } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Flex, Form, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { Permit } from '../../app/auth';
import { dictLabel, useDict } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { CrudPage, type Row } from '../../components/CrudPage';
import { MoneyInput } from '../../components/MoneyInput';
import { MoneyText, moneyText } from '../../components/MoneyText';
import { PaginationBar } from '../../components/PaginationBar';
import { accountHistoryQuery, settingPractical, sumPracticalQuery } from './api';
import { FIN } from './labels';

export const PRACTICAL_CODE = 'account_info_practical';
const HISTORY_SIZE = 10;

function PracticalDialog({ account, onClose, onSaved }: { account: Row | null; onClose: () => void; onSaved: () => void }) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ practicalAmount?: string; remark?: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let values: { practicalAmount?: string; remark?: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await settingPractical({ id: account!.id, practicalAmount: String(values.practicalAmount), remark: values.remark?.trim() || null });
      void message.success(label(FIN.done));
      onSaved();
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={account !== null}
      title={`${label(FIN.practical)} - ${String(account?.accountName ?? '')}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={label(FIN.ok)}
      cancelText={label(FIN.cancel)}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'practical-submit' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ practicalAmount: account?.practicalAmount ?? account?.balance }}>
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={label(FIN.balance)}>
            <MoneyText value={account?.balance} testId="practical-balance" />
          </Descriptions.Item>
        </Descriptions>
        <Form.Item name="practicalAmount" label={label(FIN.practicalAmount)} rules={[{ required: true, message: label(FIN.practicalRequired) }]}>
          <MoneyInput negative testId="practical-amount" />
        </Form.Item>
        <Form.Item name="remark" label={label(FIN.remark)}>
          <Input.TextArea rows={2} maxLength={500} data-testid="practical-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The account's sums and its history of changes. */
export function AccountHistoryDrawer({ account, onClose }: { account: Row | null; onClose: () => void }) {
  const label = useLabel();
  const id = account?.id ?? null;
  const [current, setCurrent] = useState(1);
  const sums = useQuery(sumPracticalQuery(id));
  const history = useQuery(accountHistoryQuery(id, current, HISTORY_SIZE));
  const changeField = accountHisInfoEntity.fields.changeType;
  const changeTypes = useDict(dictKeyOf(changeField));
  const s = sums.data;
  return (
    <Drawer
      open={account !== null}
      size={960}
      title={`${label(FIN.historyOf)} - ${String(account?.accountName ?? '')}`}
      onClose={() => {
        setCurrent(1);
        onClose();
      }}
      destroyOnHidden
      data-testid="account-history"
    >
      <Flex vertical gap={16}>
        <Descriptions bordered size="small" column={2} title={label(FIN.sums)} data-testid="account-sums">
          <Descriptions.Item label={label(FIN.openingBalance)}>
            <MoneyText value={s?.openingBalance} hideUpper testId="account-sum-opening" />
          </Descriptions.Item>
          <Descriptions.Item label={label(FIN.balance)}>
            <MoneyText value={s?.balance} hideUpper testId="account-sum-balance" />
          </Descriptions.Item>
          <Descriptions.Item label={label(FIN.incomeAmount)}>
            <MoneyText value={s?.incomeAmount} hideUpper testId="account-sum-income" />
          </Descriptions.Item>
          <Descriptions.Item label={label(FIN.expendAmount)}>
            <MoneyText value={s?.expendAmount} hideUpper testId="account-sum-expend" />
          </Descriptions.Item>
          <Descriptions.Item label={label(FIN.sumPractical)}>
            <MoneyText value={s?.sumPractical} hideUpper testId="account-sum-practical" />
          </Descriptions.Item>
          <Descriptions.Item label={label(FIN.practicalAmount)}>
            <MoneyText value={s?.practicalAmount} hideUpper testId="account-practical" />
          </Descriptions.Item>
          <Descriptions.Item label={label(FIN.difference)} span={2}>
            <MoneyText value={s?.difference} hideUpper testId="account-difference" />
          </Descriptions.Item>
        </Descriptions>
        <Table<Row>
          rowKey="id"
          size="small"
          loading={history.isFetching}
          dataSource={history.data?.records ?? []}
          pagination={false}
          data-testid="account-history-table"
          columns={[
            { key: 'operateTime', dataIndex: 'operateTime', title: label(accountHisInfoEntity.fields.operateTime.label), width: 170 },
            {
              key: 'changeType',
              dataIndex: 'changeType',
              title: label(changeField.label),
              width: 110,
              render: (v: unknown) => dictLabel(changeTypes, v),
            },
            {
              key: 'amount',
              dataIndex: 'amount',
              title: label(accountHisInfoEntity.fields.amount.label),
              width: 140,
              align: 'right',
              render: (v: unknown) => moneyText(v as string),
            },
            {
              key: 'balanceAfter',
              dataIndex: 'balanceAfter',
              title: label(accountHisInfoEntity.fields.balanceAfter.label),
              width: 140,
              align: 'right',
              render: (v: unknown) => moneyText(v as string),
            },
            { key: 'operatorName', dataIndex: 'operatorName', title: label(accountHisInfoEntity.fields.operator.label), width: 100 },
            { key: 'remark', dataIndex: 'remark', title: label(FIN.remark), ellipsis: true },
          ]}
        />
        <PaginationBar current={current} size={HISTORY_SIZE} total={history.data?.total ?? 0} onChange={(c) => setCurrent(c.current)} sizes={[HISTORY_SIZE]} />
      </Flex>
    </Drawer>
  );
}

export default function AccountPage() {
  const label = useLabel();
  const [practical, setPractical] = useState<{ row: Row; reload: () => Promise<void> } | null>(null);
  const [history, setHistory] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        def={accountInfoEntity}
        testId="account-list"
        actionWidth={330}
        rowActions={(row, ctx) => (
          <>
            <Permit code={PRACTICAL_CODE}>
              <Button type="link" size="small" onClick={() => setPractical({ row, reload: ctx.reload })} data-testid={`account-practical-${row.id}`}>
                {label(FIN.practical)}
              </Button>
            </Permit>
            <Button type="link" size="small" onClick={() => setHistory(row)} data-testid={`account-history-${row.id}`}>
              {label(FIN.history)}
            </Button>
          </>
        )}
      />
      <PracticalDialog
        account={practical?.row ?? null}
        onClose={() => setPractical(null)}
        onSaved={() => {
          void practical?.reload();
          setPractical(null);
        }}
      />
      <AccountHistoryDrawer account={history} onClose={() => setHistory(null)} />
    </>
  );
}
