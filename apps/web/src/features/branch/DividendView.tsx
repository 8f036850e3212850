/**
 * /finance/hjlDividend_Details and /finance/hjlDividend_component_details (S2 L50-51), `?id=`: a dividend — its
 * branch, period, profit, ratio, amount and payment — and the profit items it was computed from (Σ income − Σ
 * cost = the profit). The first page leads with the dividend, the second with its items.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { dictKeyOf, dividendComponentEntity, dividendEntity, type FieldDef } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Skeleton, Table, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useDicts } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { displayValue, type Row } from '../../components/CrudPage/fields';
import { moneyText } from '../../components/MoneyText';
import { dividendQuery } from './api';

const fields = Object.entries(dividendEntity.fields) as [string, FieldDef][];
const itemType = dividendComponentEntity.fields.itemType;
const dictCodes = [...new Set([...fields.flatMap(([, f]) => (f.dict ? [dictKeyOf(f)] : [])), dictKeyOf(itemType)])];

export function DividendView({ focus }: { focus: 'dividend' | 'items' }) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const label = useLabel();
  const navigate = useNavigate();
  const dicts = useDicts(dictCodes);
  const detail = useQuery(dividendQuery(id));
  if (!id || detail.isError) return <Result status="404" title={label({ zh: '分红不存在或无权访问', en: 'No such dividend' })} />;
  const d = detail.data;
  const facts = d ? (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="dividend-facts">
      {fields.map(([name, f]) => (
        <Descriptions.Item key={name} label={label(f.label)}>
          <span data-testid={`dividend-fact-${name}`}>{displayValue(f, dicts[dictKeyOf(f)] ?? [], f.display ? (d[f.display] ?? d[name]) : d[name])}</span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  ) : (
    <Skeleton active />
  );
  const items = (
    <Table<Row>
      rowKey="id"
      size="small"
      pagination={false}
      loading={detail.isPending}
      dataSource={(d?.components as Row[] | undefined) ?? []}
      data-testid="dividend-items"
      columns={[
        { title: label(dividendComponentEntity.fields.itemName.label), dataIndex: 'itemName' },
        { title: label(itemType.label), dataIndex: 'itemType', width: 120, render: (v) => displayValue(itemType, dicts[dictKeyOf(itemType)] ?? [], v) },
        { title: label(dividendComponentEntity.fields.amount.label), dataIndex: 'amount', width: 160, align: 'right', render: (v: string) => moneyText(v) },
        { title: label(dividendComponentEntity.fields.remark.label), dataIndex: 'remark' },
      ]}
      summary={() =>
        d ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              {label(dividendEntity.fields.profit.label)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <span data-testid="dividend-items-profit">{moneyText(String(d.profit))}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} />
          </Table.Summary.Row>
        ) : null
      }
    />
  );
  const parts = focus === 'dividend' ? [facts, items] : [items, facts];
  return (
    <Flex vertical gap={16} data-testid={focus === 'dividend' ? 'dividend-details' : 'dividend-component-details'}>
      <Card>
        <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            {label({ zh: '返回', en: 'Back' })}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {d ? `${String(d.filialeName ?? '')} ${String(d.dividendYear ?? '')}${label({ zh: '年度分红', en: ' dividend' })}` : ''}
          </Typography.Title>
        </Flex>
        <Flex vertical gap={16}>
          {parts[0]}
          <Typography.Text strong>{label(focus === 'dividend' ? dividendComponentEntity.label : { zh: '分红信息', en: 'Dividend' })}</Typography.Text>
          {parts[1]}
        </Flex>
      </Card>
    </Flex>
  );
}

export const DividendDetailsPage = () => <DividendView focus="dividend" />;
export const DividendItemsPage = () => <DividendView focus="items" />;
