/**
 * The dividend form (分红): branch, year, period, ratio, remark and the profit items it is computed from; the profit
 * (Σ income − Σ cost) and the dividend (profit × ratio, to the fen) are previewed with the server's own rules
 * (core branch.ts) and computed again by the server. 新增 saves (`save`), 修改 changes (`PUT update`).
 */
import { dividendComponentEntity, dividendEntity, percentOfMoney, profitOfItems, type FieldDef } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Descriptions, Flex, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLabel } from '../../app/i18n';
import type { CrudEditorProps } from '../../components/CrudPage';
import { LineTable, type Line, type LineDef } from '../../components/LineTable';
import { MoneyInput } from '../../components/MoneyInput';
import { moneyText } from '../../components/MoneyText';
import { refControlOf } from '../../components/RefControl';
import { dividendCalls, dividendQuery } from './api';

const ITEM: LineDef = { fields: dividendComponentEntity.fields as unknown as Record<string, FieldDef> };
const f = dividendEntity.fields;
const BranchControl = refControlOf(f.filialeId);

interface Values {
  filialeId?: string;
  dividendYear?: number;
  dividendPeriod?: string | null;
  ratio?: string;
  remark?: string | null;
  lines?: Line[];
}

/** The profit and dividend of the form as it stands (blank while a line or the ratio is not a number yet). */
function preview(lines: Line[] | undefined, ratio: unknown): { profit: string; dividend: string } | null {
  try {
    const items = (lines ?? []).map((l) => ({
      itemType: l?.itemType == null ? null : Number(l.itemType),
      amount: l?.amount == null ? null : String(l.amount),
    }));
    const profit = profitOfItems(items);
    return { profit, dividend: ratio == null || ratio === '' ? '' : percentOfMoney(profit, String(ratio)) };
  } catch {
    return null;
  }
}

export function DividendDialog({ state, onClose, onSaved, filialeId }: CrudEditorProps & { filialeId?: string }) {
  const label = useLabel();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const id = state && state.mode !== 'add' ? state.id : null;
  const detail = useQuery(dividendQuery(id));
  const readOnly = state?.mode === 'view';
  const open = state !== null;
  const loading = id !== null && detail.isPending;
  const [busy, setBusy] = useState(false);
  const lines = Form.useWatch('lines', form);
  const ratio = Form.useWatch('ratio', form);
  const shown = preview(lines, ratio);

  useEffect(() => {
    if (!open || loading) return;
    form.resetFields();
    const r = detail.data;
    if (r)
      form.setFieldsValue({
        filialeId: String(r.filialeId),
        dividendYear: Number(r.dividendYear),
        dividendPeriod: (r.dividendPeriod as string | null) ?? null,
        ratio: String(r.ratio ?? ''),
        remark: (r.remark as string | null) ?? null,
        lines: ((r.components as Line[] | undefined) ?? []).map((c) => ({
          itemName: c.itemName,
          itemType: String(c.itemType),
          amount: c.amount,
          remark: c.remark,
        })),
      });
    else form.setFieldsValue({ filialeId, dividendYear: new Date().getFullYear(), lines: [{ itemType: '1' }, { itemType: '2' }] });
  }, [open, loading, detail.data, form, filialeId]);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const components = (v.lines ?? []).map((l, i) => ({
        itemName: l.itemName,
        itemType: l.itemType,
        amount: l.amount == null ? null : String(l.amount),
        remark: l.remark ?? null,
        sort: i + 1,
      }));
      await dividendCalls.submit({ ...(id ? { id } : {}), ...v, lines: undefined, ratio: v.ratio == null ? null : String(v.ratio), components }, id !== null);
      message.success(label({ zh: '保存成功', en: 'Saved' }));
      await client.invalidateQueries({ queryKey: dividendCalls.keys.all });
      onSaved();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={label(
        state?.mode === 'add'
          ? { zh: '新增分红', en: 'New dividend' }
          : state?.mode === 'edit'
            ? { zh: '修改分红', en: 'Edit dividend' }
            : { zh: '查看分红', en: 'Dividend' },
      )}
      width={900}
      onCancel={onClose}
      onOk={readOnly ? onClose : () => void submit()}
      okButtonProps={{ loading: busy, 'data-testid': 'dividend-form-ok' } as never}
      loading={loading}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {!loading && (
        <Form form={form} layout="vertical" disabled={readOnly} preserve={false} data-testid="dividend-form">
          <Flex gap={16}>
            <Form.Item
              name="filialeId"
              label={label(f.filialeId.label)}
              rules={[{ required: true, message: f.filialeId.required }]}
              style={{ flex: 2 }}
              hidden={Boolean(filialeId)}
            >
              {BranchControl ? (
                <BranchControl field={f.filialeId} testId="dividend-form-filialeId" name={detail.data?.filialeName as string | undefined} />
              ) : (
                <Input />
              )}
            </Form.Item>
            <Form.Item
              name="dividendYear"
              label={label(f.dividendYear.label)}
              rules={[{ required: true, message: f.dividendYear.required }]}
              style={{ flex: 1 }}
            >
              <InputNumber min={2000} max={2100} style={{ width: '100%' }} data-testid="dividend-form-year" />
            </Form.Item>
            <Form.Item name="dividendPeriod" label={label(f.dividendPeriod.label)} style={{ flex: 1 }}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="ratio" label={label(f.ratio.label)} rules={[{ required: true, message: f.ratio.required }]} style={{ flex: 1 }}>
              <MoneyInput hideUpper testId="dividend-form-ratio" />
            </Form.Item>
          </Flex>
          <Typography.Text strong>{label(dividendComponentEntity.label)}</Typography.Text>
          <LineTable
            def={ITEM}
            columns={['itemName', { name: 'itemType', width: 140 }, { name: 'amount', width: 200 }, 'remark']}
            testId="dividend-item"
            readOnly={readOnly}
            newLine={() => ({ itemType: '1' })}
          />
          <Descriptions size="small" bordered column={2} style={{ margin: '12px 0' }}>
            <Descriptions.Item label={label(f.profit.label)}>
              <span data-testid="dividend-form-profit">{shown ? moneyText(shown.profit) : '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={label(f.dividendAmount.label)}>
              <span data-testid="dividend-form-amount">{shown?.dividend ? moneyText(shown.dividend) : '-'}</span>
            </Descriptions.Item>
          </Descriptions>
          <Form.Item name="remark" label={label(f.remark.label)}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
