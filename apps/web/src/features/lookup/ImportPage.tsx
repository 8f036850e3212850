/**
 * /databaseData/import: 数据导入 (administrators) — each lookup table's template and its import with a dry run
 * (every bad row and cell listed, nothing saved until the file is right; docs/excel.md).
 */
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Table } from 'antd';
import { useState } from 'react';
import {
  certificationInfoEntity,
  enterpriseAuthenticationEntity,
  enterpriseCategoryEntity,
  knowledgeCategoryEntity,
  knowledgeInfoEntity,
  materialCategoryEntity,
  materialInfoEntity,
  materialPriceEntity,
  projectPriceDetailEntity,
  projectPriceIndexEntity,
  specialityEntity,
  talentCategoryEntity,
  unitPriceIndexEntity,
  type EntityDef,
} from '@hjl/core';
import { queryKeys } from '../../app/queryKeys';
import { ImportDialog } from '../../components/ImportDialog';
import { importUrl, templateUrl } from './api';

/** In the order a new installation fills them: a table naming rows of another comes after it. */
const TABLES: [EntityDef, string][] = [
  [projectPriceIndexEntity, '价格库'],
  [projectPriceDetailEntity, '价格库'],
  [unitPriceIndexEntity, '价格库'],
  [talentCategoryEntity, '人才库/专家库'],
  [specialityEntity, '人才库/专家库'],
  [certificationInfoEntity, '人才库/专家库'],
  [materialCategoryEntity, '材料库'],
  [materialInfoEntity, '材料库'],
  [materialPriceEntity, '材料库'],
  [knowledgeCategoryEntity, '知识库'],
  [knowledgeInfoEntity, '知识库'],
  [enterpriseCategoryEntity, '企业库'],
  [enterpriseAuthenticationEntity, '企业库'],
];

export default function ImportPage() {
  const client = useQueryClient();
  const [open, setOpen] = useState<EntityDef | null>(null);
  return (
    <Card>
      <Table<[EntityDef, string]>
        rowKey={([d]) => d.table}
        size="middle"
        pagination={false}
        dataSource={TABLES}
        columns={[
          { key: 'db', title: '数据库', width: 140, render: (_, [, db]) => db },
          { key: 'label', title: '数据表', render: (_, [d]) => d.label.zh },
          { key: 'table', title: '表名', render: (_, [d]) => d.table },
          {
            key: 'import',
            title: '操作',
            width: 120,
            render: (_, [d]) => (
              <Button icon={<UploadOutlined />} onClick={() => setOpen(d)} data-testid={`lookup-import-${d.table}`}>
                导入
              </Button>
            ),
          },
        ]}
      />
      {open && (
        <ImportDialog
          open
          title={`${open.label.zh}导入`}
          importUrl={importUrl(open.table)}
          templateUrl={templateUrl(open.table)}
          onClose={() => setOpen(null)}
          onImported={() => {
            setOpen(null);
            void client.invalidateQueries({ queryKey: queryKeys.lookupAll });
          }}
        />
      )}
    </Card>
  );
}
