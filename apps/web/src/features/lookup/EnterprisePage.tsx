/** /databaseData/enterprise: 企业库 (S2 L483) — the category tree and the enterprises' qualifications (资质认证). */
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Input, Select, Table } from 'antd';
import { useState } from 'react';
import type { Page } from '@hjl/core';
import { CategoryTree } from './CategoryTree';
import { DATABASE, labelOf, lookupQuery, useLookupDict, type Row } from './api';

export default function EnterprisePage() {
  const levels = useLookupDict('db_qualification_level');
  const [categoryId, setCategoryId] = useState<string>();
  const [enterpriseName, setEnterpriseName] = useState('');
  const [qualificationLevel, setLevel] = useState<string>();
  const [current, setCurrent] = useState(1);
  const page = useQuery(
    lookupQuery<Page<Row>>(`${DATABASE}/enterpriseauthentication/page`, { current, size: 10, categoryId, enterpriseName, qualificationLevel }),
  );
  return (
    <Flex gap={16} align="start">
      <CategoryTree url={`${DATABASE}/enterprisecategory/tree`} title="企业分类" value={categoryId} onChange={(id) => (setCategoryId(id), setCurrent(1))} />
      <Card style={{ flex: 1, minWidth: 0 }}>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input
            placeholder="企业名称"
            allowClear
            value={enterpriseName}
            onChange={(e) => (setEnterpriseName(e.target.value.trim()), setCurrent(1))}
            style={{ width: 220 }}
          />
          <Select
            placeholder="资质等级"
            allowClear
            options={levels}
            value={qualificationLevel}
            onChange={(v) => (setLevel(v), setCurrent(1))}
            style={{ width: 140 }}
          />
        </Flex>
        <Table<Row>
          rowKey="id"
          size="middle"
          loading={page.isFetching}
          dataSource={page.data?.records ?? []}
          columns={[
            { key: 'enterpriseName', dataIndex: 'enterpriseName', title: '企业名称' },
            { key: 'creditCode', dataIndex: 'creditCode', title: '统一社会信用代码', width: 190 },
            { key: 'regionName', dataIndex: 'regionName', title: '地区', width: 90 },
            { key: 'qualificationName', dataIndex: 'qualificationName', title: '资质名称' },
            { key: 'qualificationLevel', dataIndex: 'qualificationLevel', title: '等级', width: 70, render: (v) => labelOf(levels, v) },
            { key: 'certificateNo', dataIndex: 'certificateNo', title: '证书编号', width: 130 },
            { key: 'validUntil', dataIndex: 'validUntil', title: '有效期至', width: 110 },
            { key: 'authority', dataIndex: 'authority', title: '发证机关', width: 170 },
          ]}
          pagination={{ current, pageSize: 10, total: page.data?.total ?? 0, showSizeChanger: false, onChange: setCurrent }}
        />
      </Card>
    </Flex>
  );
}
