/**
 * /dict-horizontal/index and /dict-vertical/index (S2 L36-37): the system dictionary as a parent list with the
 * chosen code's entries as a tree beside it (horizontal) or below it (vertical). The list is the dictionary's own
 * (CrudPage over `parent-list`, its buttons as granted); the entries are read from `child-list`.
 */
import { dictChildEntity, dictEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Table } from 'antd';
import { useState } from 'react';
import { CrudPage, type Row } from '../../../components/CrudPage';
import { dictChildrenQuery, dictParentListUrl } from '../api';

function Entries({ root }: { root: Row | null }) {
  const entries = useQuery({ ...dictChildrenQuery(dictChildEntity, String(root?.id ?? '')), enabled: root !== null });
  if (!root) return <Empty description="请选择左侧的字典" />;
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      loading={entries.isLoading}
      dataSource={entries.data ?? []}
      pagination={false}
      data-testid="dict-split-entries"
      columns={[
        { title: '字典名称', dataIndex: 'dictValue', key: 'dictValue' },
        { title: '字典键值', dataIndex: 'dictKey', key: 'dictKey', width: 140 },
        { title: '排序', dataIndex: 'sort', key: 'sort', width: 80 },
      ]}
    />
  );
}

export function DictSplitPage({ vertical }: { vertical: boolean }) {
  const [root, setRoot] = useState<Row | null>(null);
  return (
    <Flex vertical={vertical} gap={16} align="stretch">
      <div style={vertical ? undefined : { flex: '1 1 55%', minWidth: 0 }}>
        <CrudPage
          def={dictEntity}
          listUrl={dictParentListUrl(dictEntity)}
          rowActions={(row) => (
            <Button type="link" size="small" onClick={() => setRoot(row)} data-testid={`dict-split-open-${row.id}`}>
              查看字典项
            </Button>
          )}
        />
      </div>
      <Card
        title={root ? `${String(root.dictValue ?? '')}(${String(root.code ?? '')})` : '字典项'}
        style={vertical ? undefined : { flex: '1 1 45%', minWidth: 0 }}
      >
        <Entries root={root} />
      </Card>
    </Flex>
  );
}

export function DictHorizontalPage() {
  return <DictSplitPage vertical={false} />;
}

export function DictVerticalPage() {
  return <DictSplitPage vertical />;
}
