/**
 * /workflow/process/start (新建流程, code wf_start): the definitions the user may start, paged on the server,
 * filtered by category (the category tree; a category takes those below it) and name. 发起 opens the start screen
 * of the definition (an external `wf_ex_` form opens its own page).
 */
import { Button, Card, Col, Input, Row, Table, Tree, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLabel } from '../../../app/i18n';
import { useList } from '../../../components/CrudPage';
import { categoryNames, startList, useCategoryTree, type CategoryNode } from '../api';
import { fetchStartForm, type StartableProcess } from './api';
import { processPath } from './processRoute';
import { L } from './labels';

const ALL = '';

export default function StartListPage() {
  const label = useLabel();
  const navigate = useNavigate();
  const [category, setCategory] = useState(ALL);
  const [opening, setOpening] = useState<string | null>(null);

  // Every user of 新建流程 may read the tree (wf_start); without categories the list filters by name only.
  const tree = useCategoryTree();
  const names = useMemo(() => categoryNames(tree), [tree]);
  const fixed = useMemo(() => ({ category: category || undefined }), [category]);
  const { search, setAnchor, tableProps } = useList(startList, { fixed });

  const start = async (row: StartableProcess) => {
    setOpening(row.id);
    try {
      // The start form's key decides between our start screen and an external form page.
      const form = await fetchStartForm({ processId: row.id });
      navigate(processPath('start', { processId: row.id, processDefKey: row.processDefinitionKey }, form.formKey));
    } catch {
      // the API client has shown why
    } finally {
      setOpening(null);
    }
  };

  const columns: TableColumnsType<StartableProcess> = [
    { key: 'name', dataIndex: 'name', title: label(L.processName) },
    { key: 'key', dataIndex: 'processDefinitionKey', title: label(L.processKey), width: 160 },
    { key: 'category', dataIndex: 'category', title: label(L.category), width: 140, render: (c: string | null) => (c ? (names.get(c) ?? c) : '') },
    { key: 'version', dataIndex: 'version', title: label(L.version), width: 80, render: (v: number) => `v${v}` },
    { key: 'description', dataIndex: 'description', title: label(L.description), ellipsis: true },
    {
      key: 'actions',
      title: label(L.actions),
      width: 100,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" loading={opening === row.id} onClick={() => void start(row)} data-testid={`wf-start-${row.processDefinitionKey}`}>
          {label(L.start)}
        </Button>
      ),
    },
  ];

  const table = (
    <div ref={setAnchor}>
      <Input.Search
        allowClear
        placeholder={label(L.search)}
        style={{ maxWidth: 320, marginBottom: 16 }}
        data-testid="wf-start-search"
        onSearch={(v) => search({ name: v.trim() || undefined })}
      />
      <Table<StartableProcess> rowKey="id" size="middle" columns={columns} scroll={{ x: 800 }} {...tableProps} data-testid="wf-start-table" />
    </div>
  );

  // One layout whether or not the category tree has come yet: switching layouts when it came remounted the search box,
  // and a name typed meanwhile was lost (the search then ran without it).
  return (
    <Card data-testid="wf-start-list">
      <Row gutter={16}>
        {tree.length ? (
          <Col xs={24} md={6}>
            <Tree<CategoryNode>
              blockNode
              defaultExpandAll
              selectedKeys={[category]}
              treeData={[{ key: ALL, title: label(L.allCategories) } as CategoryNode, ...tree]}
              onSelect={(keys) => setCategory(String(keys[0] ?? ALL))}
              data-testid="wf-start-categories"
            />
          </Col>
        ) : null}
        <Col xs={24} md={tree.length ? 18 : 24}>
          {table}
        </Col>
      </Row>
    </Card>
  );
}
