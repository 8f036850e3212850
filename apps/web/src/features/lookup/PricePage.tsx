/**
 * /databaseData/price: 价格库 (S1 L159-160) — 工程造价指标 by region, period and project type, one opened with its
 * parts and compared with another region (the same period, and the trend of both over every period); and 单价指标
 * by region, period and category.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Drawer, Flex, Input, Statistic, Table, Tabs } from 'antd';
import { useState } from 'react';
import { formatMoney, subtractMoney, type ChartData, type Page } from '@hjl/core';
import { Chart } from '../../components/Chart';
import { LookupFilters, LookupTable, useLookupPage } from './LookupList';
import { DATABASE, labelOf, lookupQuery, quarters, useLookupDict, type Row } from './api';

const money = (v: unknown) => (v == null ? '' : formatMoney(String(v)));
const periods = quarters().map((p) => ({ value: p, label: p }));

function IndexDetail({ index, onClose }: { index: Row | null; onClose: () => void }) {
  const [compareWith, setCompareWith] = useState('苏州市');
  const id = index?.id ?? '';
  const detail = useQuery(lookupQuery<Row & { details: Row[] }>(`${DATABASE}/projectpriceindex/${id}`, {}, !!index));
  const other = useQuery(
    lookupQuery<Page<Row>>(
      `${DATABASE}/projectpriceindex/indexPage`,
      { regionName: compareWith, period: String(index?.period ?? ''), projectType: String(index?.projectType ?? ''), size: 1 },
      !!index && !!compareWith,
    ),
  );
  const trend = useQuery(
    lookupQuery<ChartData>(
      `${DATABASE}/projectpriceindex/trend`,
      { projectType: String(index?.projectType ?? ''), regionNames: `${String(index?.regionName ?? '')},${compareWith}` },
      !!index,
    ),
  );
  const theirs = other.data?.records[0];
  const d = detail.data;
  return (
    <Drawer open={!!index} size={820} title={String(index?.indexName ?? '')} onClose={onClose} loading={detail.isLoading} data-testid="price-detail">
      {d && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="地区">{String(d.regionName)}</Descriptions.Item>
            <Descriptions.Item label="期次">{String(d.period)}</Descriptions.Item>
            <Descriptions.Item label="结构类型">{String(d.structureType ?? '')}</Descriptions.Item>
            <Descriptions.Item label="造价指标(元/m²)">
              <span data-testid="price-total">{money(d.unitPrice)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="样本数">{String(d.sampleCount ?? '')}</Descriptions.Item>
            <Descriptions.Item label="发布机构">{String(d.publisher ?? '')}</Descriptions.Item>
          </Descriptions>
          <Table<Row>
            style={{ marginTop: 16 }}
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.details}
            data-testid="price-parts"
            columns={[
              { key: 'itemName', dataIndex: 'itemName', title: '费用组成' },
              { key: 'itemPrice', dataIndex: 'itemPrice', title: '指标(元/m²)', align: 'right', render: money },
              { key: 'ratio', dataIndex: 'ratio', title: '占比(%)', align: 'right' },
            ]}
          />
          <Flex gap={16} align="center" style={{ margin: '16px 0' }}>
            <span>对比地区</span>
            <Input value={compareWith} onChange={(e) => setCompareWith(e.target.value.trim())} style={{ width: 160 }} data-testid="price-compare-region" />
            <Statistic title={`${compareWith} ${String(d.period)}`} value={theirs ? money(theirs.unitPrice) : '无数据'} data-testid="price-compare-value" />
            {theirs && (
              <Statistic title="差额(元/m²)" value={money(subtractMoney(String(theirs.unitPrice), String(d.unitPrice)))} data-testid="price-compare-diff" />
            )}
          </Flex>
          {trend.data && <Chart data={trend.data} height={300} />}
        </>
      )}
    </Drawer>
  );
}

function ProjectIndices() {
  const types = useLookupDict('db_project_type');
  const list = useLookupPage(`${DATABASE}/projectpriceindex/indexPage`, { query: { descs: 'period' } });
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <LookupFilters
        lookup={list}
        filters={[
          { key: 'regionName', placeholder: '地区,如南京市', width: 180, testId: 'price-region' },
          { key: 'period', placeholder: '期次', width: 140, options: periods, testId: 'price-period' },
          { key: 'projectType', placeholder: '工程类型', width: 160, options: types, testId: 'price-type' },
        ]}
      />
      <LookupTable
        lookup={list}
        testId="price-index-table"
        columns={[
          { key: 'indexName', dataIndex: 'indexName', title: '指标名称', render: (v: string, r) => <a onClick={() => setOpen(r)}>{v}</a> },
          { key: 'regionName', dataIndex: 'regionName', title: '地区', width: 100 },
          { key: 'period', dataIndex: 'period', title: '期次', width: 90 },
          { key: 'projectType', dataIndex: 'projectType', title: '工程类型', width: 110, render: (v) => labelOf(types, v) },
          { key: 'structureType', dataIndex: 'structureType', title: '结构类型', width: 140 },
          { key: 'unitPrice', dataIndex: 'unitPrice', title: '造价指标(元/m²)', width: 140, align: 'right', render: money },
          { key: 'changeRate', dataIndex: 'changeRate', title: '环比(%)', width: 90, align: 'right' },
        ]}
      />
      <IndexDetail index={open} onClose={() => setOpen(null)} />
    </>
  );
}

function UnitPrices() {
  const categories = useLookupDict('db_unit_price_category');
  const list = useLookupPage(`${DATABASE}/unitpriceindex/indexPage`);
  return (
    <>
      <LookupFilters
        lookup={list}
        filters={[
          { key: 'regionName', placeholder: '地区', width: 160 },
          { key: 'period', placeholder: '期次', width: 140, options: periods },
          { key: 'category', placeholder: '类别', width: 160, options: categories },
          { key: 'itemName', placeholder: '名称', width: 180 },
        ]}
      />
      <LookupTable
        lookup={list}
        columns={[
          { key: 'itemCode', dataIndex: 'itemCode', title: '编码', width: 90 },
          { key: 'itemName', dataIndex: 'itemName', title: '名称' },
          { key: 'spec', dataIndex: 'spec', title: '规格型号' },
          { key: 'category', dataIndex: 'category', title: '类别', width: 120, render: (v) => labelOf(categories, v) },
          { key: 'regionName', dataIndex: 'regionName', title: '地区', width: 90 },
          { key: 'period', dataIndex: 'period', title: '期次', width: 90 },
          { key: 'unit', dataIndex: 'unit', title: '单位', width: 70 },
          { key: 'price', dataIndex: 'price', title: '单价(元)', width: 110, align: 'right', render: money },
          { key: 'changeRate', dataIndex: 'changeRate', title: '环比(%)', width: 90, align: 'right' },
        ]}
      />
    </>
  );
}

export default function PricePage() {
  return (
    <Card>
      <Tabs
        items={[
          { key: 'project', label: '工程造价指标', children: <ProjectIndices /> },
          { key: 'unit', label: '单价指标', children: <UnitPrices /> },
        ]}
      />
    </Card>
  );
}
