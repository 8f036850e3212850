/**
 * /databaseData/talent and /databaseData/expert (S2 L52): 人才库 / 专家库 — the category tree, the specialities of
 * the chosen category, and the people with their certificates (the "senior" page: category, speciality,
 * certificate, level, name).
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Space, Tag } from 'antd';
import { CategoryTree } from './CategoryTree';
import { LookupFilters, LookupTable, useLookupPage } from './LookupList';
import { DATABASE, labelOf, lookupQuery, useLookupDict, type Row } from './api';

const POOLS = {
  talent: { tree: 'talentcategory', speciality: 'talentspeciality', title: '人才分类' },
  expert: { tree: 'expertTalentCategory', speciality: 'experttalentspeciality', title: '专家分类' },
} as const;

export function TalentPool({ pool }: { pool: keyof typeof POOLS }) {
  const p = POOLS[pool];
  const levels = useLookupDict('db_certificate_level');
  const list = useLookupPage(`${DATABASE}/certificationinfo/index/${pool}/seniorPage`);
  const { categoryId, specialityId } = list.filters;
  const specialities = useQuery(lookupQuery<Row[]>(`${DATABASE}/${p.speciality}/list`, { expertTalentCategoryId: categoryId }, !!categoryId));
  const choose = (id: string | undefined) => {
    list.setFilter('categoryId', id);
    list.setFilter('specialityId', undefined);
  };
  return (
    <Flex gap={16} align="start">
      <CategoryTree url={`${DATABASE}/${p.tree}/tree`} title={p.title} value={categoryId} onChange={choose} />
      <Card style={{ flex: 1, minWidth: 0 }}>
        {categoryId && (
          <Space wrap style={{ marginBottom: 12 }} data-testid="talent-specialities">
            <span>专业:</span>
            {(specialities.data ?? []).map((s) => (
              <Tag.CheckableTag key={s.id} checked={specialityId === s.id} onChange={(on) => list.setFilter('specialityId', on ? s.id : undefined)}>
                {String(s.specialityName)}
              </Tag.CheckableTag>
            ))}
          </Space>
        )}
        <LookupFilters
          lookup={list}
          filters={[
            { key: 'personName', placeholder: '姓名', width: 140 },
            { key: 'certificateName', placeholder: '证书名称', width: 180 },
            { key: 'certificateLevel', placeholder: '证书等级', width: 140, options: levels },
          ]}
        />
        <LookupTable
          lookup={list}
          testId="talent-table"
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
        />
      </Card>
    </Flex>
  );
}

export default function TalentPage() {
  return <TalentPool pool="talent" />;
}
