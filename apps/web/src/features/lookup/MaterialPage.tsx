/**
 * /databaseData/material: 材料库 (S2 L481) — the category tree, the materials of the chosen category, and one
 * material's details with its information prices by month in a region.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Drawer, Flex, Input, Table } from 'antd';
import { useState } from 'react';
import { formatMoney, type Page } from '@hjl/core';
import { CategoryTree } from './CategoryTree';
import { DATABASE, lookupQuery, type Row } from './api';

const money = (v: unknown) => (v == null ? '' : formatMoney(String(v)));

function MaterialDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const [regionName, setRegionName] = useState('南京市');
  const [current, setCurrent] = useState(1);
  const detail = useQuery(lookupQuery<Row>(`${DATABASE}/materialinfo/${id ?? ''}`, {}, !!id));
  const history = useQuery(lookupQuery<Page<Row>>(`${DATABASE}/materialprice/historyPage`, { materialId: id ?? '', regionName, current, size: 12 }, !!id));
  const d = detail.data;
  return (
    <Drawer open={!!id} size={720} title={String(d?.materialName ?? '')} onClose={onClose} loading={detail.isLoading}>
      {d && (
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label="材料编码">{String(d.materialCode)}</Descriptions.Item>
          <Descriptions.Item label="材料分类">{String(d.categoryName ?? '')}</Descriptions.Item>
          <Descriptions.Item label="规格型号">{String(d.spec ?? '')}</Descriptions.Item>
          <Descriptions.Item label="单位">{String(d.unit ?? '')}</Descriptions.Item>
          <Descriptions.Item label="品牌/产地">{String(d.brand ?? '')}</Descriptions.Item>
          <Descriptions.Item label="最新信息价(元)">{money(d.price)}</Descriptions.Item>
        </Descriptions>
      )}
      <Flex gap={8} align="center" style={{ margin: '16px 0' }}>
        <span>地区</span>
        <Input value={regionName} onChange={(e) => (setRegionName(e.target.value.trim()), setCurrent(1))} style={{ width: 160 }} />
      </Flex>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={history.isFetching}
        dataSource={history.data?.records ?? []}
        columns={[
          { key: 'priceMonth', dataIndex: 'priceMonth', title: '价格月份' },
          { key: 'regionName', dataIndex: 'regionName', title: '地区' },
          { key: 'price', dataIndex: 'price', title: '信息价(元)', align: 'right', render: money },
        ]}
        pagination={{ current, pageSize: 12, total: history.data?.total ?? 0, showSizeChanger: false, onChange: setCurrent }}
      />
    </Drawer>
  );
}

export default function MaterialPage() {
  const [categoryId, setCategoryId] = useState<string>();
  const [materialName, setMaterialName] = useState('');
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const page = useQuery(lookupQuery<Page<Row>>(`${DATABASE}/materialinfo/page`, { current, size: 10, categoryId, materialName }));
  return (
    <Flex gap={16} align="start">
      <CategoryTree url={`${DATABASE}/materialcategory/tree`} title="材料分类" value={categoryId} onChange={(id) => (setCategoryId(id), setCurrent(1))} />
      <Card style={{ flex: 1, minWidth: 0 }}>
        <Input
          placeholder="材料名称"
          allowClear
          value={materialName}
          onChange={(e) => (setMaterialName(e.target.value.trim()), setCurrent(1))}
          style={{ width: 220, marginBottom: 16 }}
        />
        <Table<Row>
          rowKey="id"
          size="middle"
          loading={page.isFetching}
          dataSource={page.data?.records ?? []}
          columns={[
            { key: 'materialCode', dataIndex: 'materialCode', title: '材料编码', width: 110 },
            { key: 'materialName', dataIndex: 'materialName', title: '材料名称', render: (v: string, r) => <a onClick={() => setOpen(r.id)}>{v}</a> },
            { key: 'spec', dataIndex: 'spec', title: '规格型号' },
            { key: 'unit', dataIndex: 'unit', title: '单位', width: 70 },
            { key: 'brand', dataIndex: 'brand', title: '品牌/产地', width: 110 },
            { key: 'price', dataIndex: 'price', title: '最新信息价(元)', width: 140, align: 'right', render: money },
            { key: 'priceDate', dataIndex: 'priceDate', title: '价格月份', width: 100 },
          ]}
          pagination={{ current, pageSize: 10, total: page.data?.total ?? 0, showSizeChanger: false, onChange: setCurrent }}
        />
      </Card>
      <MaterialDetail id={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
