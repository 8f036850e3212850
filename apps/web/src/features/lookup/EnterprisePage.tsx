/** /databaseData/enterprise: 企业库 (S2 L483) — the category tree and the enterprises' qualifications (资质认证). */
import { Card, Flex } from 'antd';
import { CategoryTree } from './CategoryTree';
import { LookupFilters, LookupTable, useLookupPage } from './LookupList';
import { DATABASE, labelOf, useLookupDict } from './api';

export default function EnterprisePage() {
  const levels = useLookupDict('db_qualification_level');
  const list = useLookupPage(`${DATABASE}/enterpriseauthentication/page`);
  return (
    <Flex gap={16} align="start">
      <CategoryTree
        url={`${DATABASE}/enterprisecategory/tree`}
        title="企业分类"
        value={list.filters.categoryId}
        onChange={(id) => list.setFilter('categoryId', id)}
      />
      <Card style={{ flex: 1, minWidth: 0 }}>
        <LookupFilters
          lookup={list}
          filters={[
            { key: 'enterpriseName', placeholder: '企业名称', width: 220 },
            { key: 'qualificationLevel', placeholder: '资质等级', width: 140, options: levels },
          ]}
        />
        <LookupTable
          lookup={list}
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
        />
      </Card>
    </Flex>
  );
}
