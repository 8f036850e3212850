/**
 * /databaseData/talent and /databaseData/expert (S2 L52): 人才库 / 专家库 — the category tree, the specialities of
 * the chosen category, and the people with their certificates (the "senior" page: category, speciality,
 * certificate, level, name).
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { Page } from '@hjl/core';
import { CategoryTree } from './CategoryTree';
import { DATABASE, labelOf, lookupQuery, useLookupDict, type Row } from './api';

const POOLS = {
  talent: { tree: 'talentcategory', speciality: 'talentspeciality', title: '人才分类' },
  expert: { tree: 'expertTalentCategory', speciality: 'experttalentspeciality', title: '专家分类' },
} as const;

export function TalentPool({ pool }: { pool: keyof typeof POOLS }) {
  const p = POOLS[pool];
  const levels = useLookupDict('db_certificate_level');
  const [categoryId, setCategoryId] = useState<string>();
  const [specialityId, setSpecialityId] = useState<string>();
  const [personName, setPersonName] = useState('');
  const [certificateName, setCertificateName] = useState('');
  const [certificateLevel, setCertificateLevel] = useState<string>();
  const [current, setCurrent] = useState(1);
  const specialities = useQuery(lookupQuery<Row[]>(`${DATABASE}/${p.speciality}/list`, { expertTalentCategoryId: categoryId }, !!categoryId));
  const page = useQuery(
    lookupQuery<Page<Row>>(`${DATABASE}/certificationinfo/index/${pool}/seniorPage`, {
      current,
      size: 10,
      categoryId,
      specialityId,
      personName,
      certificateName,
      certificateLevel,
    }),
  );
  const choose = (id: string | undefined) => {
    setCategoryId(id);
    setSpecialityId(undefined);
    setCurrent(1);
  };
  return (
    <Flex gap={16} align="start">
      <CategoryTree url={`${DATABASE}/${p.tree}/tree`} title={p.title} value={categoryId} onChange={choose} />
      <Card style={{ flex: 1, minWidth: 0 }}>
        {categoryId && (
          <Space wrap style={{ marginBottom: 12 }} data-testid="talent-specialities">
            <span>专业:</span>
            {(specialities.data ?? []).map((s) => (
              <Tag.CheckableTag key={s.id} checked={specialityId === s.id} onChange={(on) => (setSpecialityId(on ? s.id : undefined), setCurrent(1))}>
                {String(s.specialityName)}
              </Tag.CheckableTag>
            ))}
          </Space>
        )}
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input
            placeholder="姓名"
            allowClear
            value={personName}
            onChange={(e) => (setPersonName(e.target.value.trim()), setCurrent(1))}
            style={{ width: 140 }}
          />
          <Input
            placeholder="证书名称"
            allowClear
            value={certificateName}
            onChange={(e) => (setCertificateName(e.target.value.trim()), setCurrent(1))}
            style={{ width: 180 }}
          />
          <Select
            placeholder="证书等级"
            allowClear
            options={levels}
            value={certificateLevel}
            onChange={(v) => (setCertificateLevel(v), setCurrent(1))}
            style={{ width: 140 }}
          />
        </Flex>
        <Table<Row>
          rowKey="id"
          size="middle"
          loading={page.isFetching}
          dataSource={page.data?.records ?? []}
          data-testid="talent-table"
          columns={[
            { key: 'personName', dataIndex: 'personName', title: '姓名', width: 90 },
            { key: 'gender', dataIndex: 'gender', title: '性别', width: 60 },
            { key: 'title', dataIndex: 'title', title: '职称', width: 110 },
            { key: 'workUnit', dataIndex: 'workUnit', title: '工作单位' },
            { key: 'workYears', dataIndex: 'workYears', title: '从业年限', width: 90 },
            { key: 'certificateName', dataIndex: 'certificateName', title: '证书名称', width: 150 },
            { key: 'certificateLevel', dataIndex: 'certificateLevel', title: '等级', width: 70, render: (v) => labelOf(levels, v) },
            { key: 'certificateNo', dataIndex: 'certificateNo', title: '证书编号', width: 150 },
            { key: 'validUntil', dataIndex: 'validUntil', title: '有效期至', width: 110 },
          ]}
          pagination={{ current, pageSize: 10, total: page.data?.total ?? 0, showSizeChanger: false, onChange: setCurrent }}
        />
      </Card>
    </Flex>
  );
}

export default function TalentPage() {
  return <TalentPool pool="talent" />;
}
