/**
 * 收款分配: who shares a collection, by ratio (percent). The amounts are previewed with the server's own rule
 * (collectShareAmounts: each to the fen, the rounding difference to the first person) and saved in one call
 * (`save-batch`, replacing the list); the server refuses a total above 100 %.
 */
import { SHARE_RATIO_RE, collectShareAmounts, compareMoney, sumMoney } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Skeleton, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useLabel } from '../../app/i18n';
import type { Row } from '../../components/CrudPage';
import { UserPickerInput } from '../../components/UserPicker';
import { personsQuery, saveShares, type SharePerson } from './api';

const TEXT = {
  title: { zh: '收款分配', en: 'Split the collection' },
  person: { zh: '人员', en: 'Person' },
  ratio: { zh: '分配比例(%)', en: 'Share (%)' },
  amount: { zh: '分配金额', en: 'Amount' },
  add: { zh: '添加人员', en: 'Add a person' },
  remove: { zh: '移除', en: 'Remove' },
  total: { zh: '合计', en: 'Total' },
  collect: { zh: '收款金额', en: 'Collected' },
  over: { zh: '分配比例合计不能超过100%', en: 'The shares exceed 100%' },
  bad: { zh: '分配比例应大于0且不超过100', en: 'A share must be above 0 and at most 100' },
  saved: { zh: '保存成功', en: 'Saved' },
};

interface Line {
  key: number;
  userId: string | null;
  shareRatio: string;
}

const valid = (r: string) => SHARE_RATIO_RE.test(r.trim()) && compareMoney(r.trim(), '0') > 0 && compareMoney(r.trim(), '100') <= 0;

export function SharesDialog({ collect, onClose }: { collect: Row | null; onClose: () => void }) {
  const label = useLabel();
  const id = collect ? String(collect.id) : '';
  const persons = useQuery({ ...personsQuery(id), enabled: !!collect });
  if (!collect) return null;
  if (!persons.data)
    return (
      <Modal open title={label(TEXT.title)} width={720} onCancel={onClose} footer={null}>
        <Skeleton active />
      </Modal>
    );
  // The editor starts from the stored list (a new one for each collection opened).
  return <SharesEditor key={`${id}:${persons.dataUpdatedAt}`} collect={collect} initial={persons.data} onClose={onClose} />;
}

function SharesEditor({ collect, initial, onClose }: { collect: Row; initial: SharePerson[]; onClose: () => void }) {
  const label = useLabel();
  const { message } = App.useApp();
  const client = useQueryClient();
  const id = String(collect.id);
  const [lines, setLines] = useState<Line[]>(() => initial.map((p, i) => ({ key: i, userId: String(p.userId), shareRatio: String(p.shareRatio) })));
  const [saving, setSaving] = useState(false);

  const amount = String(collect.collectAmount ?? '0');
  const ratios = lines.map((l) => l.shareRatio.trim());
  const allValid = ratios.every(valid);
  const total = allValid ? sumMoney(ratios) : null;
  const over = total !== null && compareMoney(total, '100') > 0;
  const amounts = allValid && !over ? collectShareAmounts(amount, ratios) : [];
  const set = (key: number, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const save = async () => {
    setSaving(true);
    try {
      await saveShares(
        id,
        lines.filter((l) => l.userId).map((l) => ({ userId: l.userId!, shareRatio: l.shareRatio.trim() })),
      );
      void message.success(label(TEXT.saved));
      onClose();
      await client.invalidateQueries({ queryKey: personsQuery(id).queryKey });
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={label(TEXT.title)}
      width={720}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      okButtonProps={{ disabled: !allValid || over || lines.some((l) => !l.userId), 'data-testid': 'shares-save' } as never}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text data-testid="shares-collect">
          {String(collect.projectName ?? '')} · {label(TEXT.collect)} {amount}
        </Typography.Text>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={lines}
          data-testid="shares-table"
          columns={[
            {
              title: label(TEXT.person),
              dataIndex: 'userId',
              render: (_: unknown, l: Line, i: number) => (
                <UserPickerInput value={l.userId} onChange={(v) => set(l.key, { userId: v })} testId={`shares-user-${i}`} />
              ),
            },
            {
              title: label(TEXT.ratio),
              dataIndex: 'shareRatio',
              width: 140,
              render: (_: unknown, l: Line, i: number) => (
                <Input
                  value={l.shareRatio}
                  status={l.shareRatio && !valid(l.shareRatio) ? 'error' : undefined}
                  onChange={(e) => set(l.key, { shareRatio: e.target.value })}
                  data-testid={`shares-ratio-${i}`}
                  suffix="%"
                />
              ),
            },
            {
              title: label(TEXT.amount),
              width: 140,
              render: (_: unknown, _l: Line, i: number) => <span data-testid={`shares-amount-${i}`}>{amounts[i] ?? '-'}</span>,
            },
            {
              width: 80,
              render: (_: unknown, l: Line) => (
                <Button type="link" size="small" danger onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}>
                  {label(TEXT.remove)}
                </Button>
              ),
            },
          ]}
        />
        <Space>
          <Button
            onClick={() => setLines((ls) => [...ls, { key: Math.max(0, ...ls.map((l) => l.key)) + 1, userId: null, shareRatio: '' }])}
            data-testid="shares-add"
          >
            {label(TEXT.add)}
          </Button>
          <Typography.Text type={over ? 'danger' : 'secondary'} data-testid="shares-total">
            {label(TEXT.total)}: {total ?? '-'}%{amounts.length ? ` · ${sumMoney(amounts)}` : ''}
            {over ? ` · ${label(TEXT.over)}` : ''}
            {!allValid ? ` · ${label(TEXT.bad)}` : ''}
          </Typography.Text>
        </Space>
      </Space>
    </Modal>
  );
}
