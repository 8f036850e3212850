/**
 * /databaseData/material: 材料库 (S2 L481) — the category tree, the materials of the chosen category, and one
 * material's details with its information prices by month in a region.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Drawer, Flex } from 'antd';
import { useState } from 'react';
import { formatMoney } from '@hjl/core';
import { CategoryTree } from './CategoryTree';
import { LookupFilters, LookupTable, useLookupPage } from './LookupList';
import { DATABASE, lookupQuery, type Row } from './api';

const money = (v: unknown) => (v == null ? '' : formatMoney(String(v)));

function MaterialDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useQuery(lookupQuery<Row>(`${DATABASE}/materialinfo/${id ?? ''}`, {}, !!id));
  const history = useLookupPage(`${DATABASE}/materialprice/historyPage`, {
    query: { materialId: id ?? '' },
    size: 12,
    enabled: !!id,
    initial: { regionName: '南京市' },
  });
  const d = detail.data;
  return (
    <Drawer open={!!id} size={720} title={String(d?.materialName ?? '')} onClose={onClose} loading={detail.isLoading}>
      {d && (
        <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label="材料编码">{String(d.materialCode)}</Descriptions.Item>
          <Descriptions.Item label="材料分类">{String(d.categoryName ?? '')}</Descriptions.Item>
          <Descriptions.Item label="规格型号">{String(d.spec ?? '')}</Descriptions.Item>
          <Descriptions.Item label="单位">{String(d.unit ?? '')}</Descriptions.Item>
          <Descriptions.Item label="品牌/产地">{String(d.brand ?? '')}</Descriptions.Item>
          <Descriptions.Item label="最新信息价(元)">{money(d.price)}</Descriptions.Item>
        </Descriptions>
      )}
      <LookupFilters lookup={history} label="地区" filters={[{ key: 'regionName', placeholder: '地区', width: 160 }]} />
      <LookupTable
        lookup={history}
        small
        columns={[
          { key: 'priceMonth', dataIndex: 'priceMonth', title: '价格月份' },
          { key: 'regionName', dataIndex: 'regionName', title: '地区' },
          { key: 'price', dataIndex: 'price', title: '信息价(元)', align: 'right', render: money },
        ]}
      />
    </Drawer>
  );
}

export default function MaterialPage() {
  const list = useLookupPage(`${DATABASE}/materialinfo/page`);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Flex gap={16} align="start">
      <CategoryTree
        url={`${DATABASE}/materialcategory/tree`}
        title="材料分类"
        value={list.filters.categoryId}
        onChange={(id) => list.setFilter('categoryId', id)}
      />
      <Card style={{ flex: 1, minWidth: 0 }}>
        <LookupFilters lookup={list} filters={[{ key: 'materialName', placeholder: '材料名称', width: 220 }]} />
        <LookupTable
          lookup={list}
          columns={[
            { key: 'materialCode', dataIndex: 'materialCode', title: '材料编码', width: 110 },
            { key: 'materialName', dataIndex: 'materialName', title: '材料名称', render: (v: string, r) => <a onClick={() => setOpen(r.id)}>{v}</a> },
            { key: 'spec', dataIndex: 'spec', title: '规格型号' },
            { key: 'unit', dataIndex: 'unit', title: '单位', width: 70 },
            { key: 'brand', dataIndex: 'brand', title: '品牌/产地', width: 110 },
            { key: 'price', dataIndex: 'price', title: '最新信息价(元)', width: 140, align: 'right', render: money },
            { key: 'priceDate', dataIndex: 'priceDate', title: '价格月份', width: 100 },
          ]}
        />
      </Card>
      <MaterialDetail id={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
