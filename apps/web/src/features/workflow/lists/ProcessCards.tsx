/**
 * A process list on a phone (screen class 0, S2 L88-89): one card per row instead of the wide table — the title,
 * the process, the current node, the applicant, the time and the status, and the row's actions as touch-sized
 * buttons below —, searched by the process name only, with a simple pager. The same server call, conditions
 * and actions as the table (ProcessListPage).
 */
import type { Label } from '@hjl/core';
import { Card, Empty, Flex, Input, List, Pagination, Spin, Typography, type PaginationProps } from 'antd';
import type { ReactNode } from 'react';
import type { Query } from '../../../app/api';
import { useLabel } from '../../../app/i18n';
import { ProcessStatusTag } from './processStatus';
import type { ProcessRow } from './processTable';
import styles from './ProcessCards.module.css';

const T = {
  search: { zh: '搜索流程名称', en: 'Search by process' },
  node: { zh: '当前节点', en: 'Current node' },
  applicant: { zh: '申请人', en: 'Applicant' },
  created: { zh: '创建时间', en: 'Created' },
  serial: { zh: '流水号', en: 'Serial number' },
} satisfies Record<string, Label>;

export interface ProcessCardsProps {
  rows: readonly ProcessRow[];
  loading: boolean;
  pagination: PaginationProps;
  keyOf: (row: ProcessRow) => string;
  /** The row's action buttons (the table's 操作 column). */
  actions: (row: ProcessRow) => ReactNode;
  onSearch: (query: Query) => void;
  testId: string;
}

export function ProcessCards({ rows, loading, pagination, keyOf, actions, onSearch, testId }: ProcessCardsProps) {
  const label = useLabel();
  const { showSizeChanger: _sizes, showQuickJumper: _jumper, ...paging } = pagination;
  const line = (name: Label, value: unknown) =>
    value === null || value === undefined || value === '' ? null : (
      <div className={styles.line}>
        <span className={styles.name}>{label(name)}</span>
        <span className={styles.value}>{String(value)}</span>
      </div>
    );
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Input.Search
        allowClear
        size="large"
        placeholder={label(T.search)}
        onSearch={(v) => onSearch(v.trim() ? { processDefinitionName: v.trim() } : {})}
        data-testid={`${testId}-search`}
      />
      <Spin spinning={loading}>
        {rows.length === 0 && !loading ? (
          <Empty />
        ) : (
          <List
            dataSource={rows as ProcessRow[]}
            rowKey={keyOf}
            split={false}
            renderItem={(row) => (
              <List.Item className={styles.item}>
                <Card size="small" className={styles.card} data-testid={`${testId}-card-${keyOf(row)}`}>
                  <Flex justify="space-between" align="start" gap={8}>
                    <Typography.Text strong className={styles.title}>
                      {row.title || row.processDefinitionName}
                    </Typography.Text>
                    <ProcessStatusTag row={row} />
                  </Flex>
                  <div className={styles.process}>{row.processDefinitionName}</div>
                  {line(T.node, row.taskName)}
                  {line(T.applicant, row.startUserName)}
                  {line(T.created, row.createTime ?? row.processCreateTime)}
                  {line(T.serial, row.serialNumber)}
                  <div className={styles.actions}>{actions(row)}</div>
                </Card>
              </List.Item>
            )}
          />
        )}
      </Spin>
      <Pagination {...paging} simple size="small" showTotal={undefined} className={styles.pager} />
    </Flex>
  );
}
