/**
 * 权限解释 (权限管理): pick a user and a menu or button, or a record (kind + id), and read why they hold it or see
 * it — the roles that grant it, the tenant's package, the data-scope rules that let the row in or keep it out —
 * as the server's own access rules answer (system/explain.ts). 以此身份查看 opens a read-only session as the user.
 * `?userId=` opens it on a user.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Select, Space, Table, Tabs, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { startViewAs, usePermission } from '../../../app/auth';
import { UserPickerInput } from '../../../components/UserPicker';
import {
  explainCode,
  explainKindsQuery,
  explainRecord,
  menuCodeTreeQuery,
  type CodeExplanation,
  type MenuCodeNode,
  type RecordExplanation,
  type ScopeRuleAnswer,
} from '../api';

const yesNo = (v: boolean, yes = '是', no = '否') => <Tag color={v ? 'green' : 'red'}>{v ? yes : no}</Tag>;

interface CodeNode {
  title: string;
  value: string;
  children?: CodeNode[];
}

const codeNodes = (nodes: MenuCodeNode[] = []): CodeNode[] =>
  nodes.map((n) => ({
    title: `${n.name}(${n.code})${n.category === 2 ? ' · 按钮' : ''}`,
    value: n.code,
    ...(n.children?.length ? { children: codeNodes(n.children) } : {}),
  }));

function CodeAnswer({ answer }: { answer: CodeExplanation }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="explain-code-answer">
      <Alert type={answer.granted ? 'success' : 'error'} showIcon message={answer.reason} />
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="用户">{`${answer.user.name}(${answer.user.account})`}</Descriptions.Item>
        <Descriptions.Item label="租户">{`${answer.tenant.name}(${answer.tenant.id})`}</Descriptions.Item>
        <Descriptions.Item label="菜单或按钮">{`${answer.menu.name}(${answer.menu.code})`}</Descriptions.Item>
        <Descriptions.Item label="租户套餐包含">{yesNo(answer.inPackage)}</Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={answer.roles}
        columns={[
          { title: '角色', dataIndex: 'name' },
          { title: '授予', dataIndex: 'grants', render: (v: boolean) => yesNo(v) },
          { title: '说明', dataIndex: 'reason' },
        ]}
      />
    </Space>
  );
}

function RecordAnswer({ answer }: { answer: RecordExplanation }) {
  const deciding = new Set(answer.scope?.deciding ?? []);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="explain-record-answer">
      <Alert type={answer.visible ? 'success' : 'error'} showIcon message={answer.reason} />
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="用户">{`${answer.user.name}(${answer.user.account})`}</Descriptions.Item>
        <Descriptions.Item label="租户">{`${answer.tenant.name}(${answer.tenant.id})`}</Descriptions.Item>
        <Descriptions.Item label="记录">{`${answer.kind.label} ${answer.id}`}</Descriptions.Item>
        <Descriptions.Item label="记录在该租户中">{yesNo(answer.exists)}</Descriptions.Item>
        <Descriptions.Item label="列表菜单权限">{yesNo(answer.menuGranted, '有', '无')}</Descriptions.Item>
        <Descriptions.Item label="可见">{yesNo(answer.visible)}</Descriptions.Item>
        {answer.scope ? <Descriptions.Item label="数据权限">{answer.scope.reason}</Descriptions.Item> : null}
      </Descriptions>
      {answer.scope?.rules.length ? (
        <Table<ScopeRuleAnswer>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={answer.scope.rules}
          columns={[
            {
              title: '规则名称',
              dataIndex: 'name',
              render: (v: string, r) =>
                deciding.has(r.id) ? (
                  <Space>
                    {v}
                    <Tag color="blue">决定</Tag>
                  </Space>
                ) : (
                  v
                ),
            },
            { title: '规则类型', dataIndex: 'typeLabel' },
            { title: '规则字段', dataIndex: 'column', render: (v: string | null) => v ?? '默认' },
            { title: '授予该用户', dataIndex: 'granted', render: (v: boolean) => yesNo(v) },
            { title: '该记录符合', dataIndex: 'matches', render: (v: boolean) => yesNo(v) },
          ]}
        />
      ) : null}
    </Space>
  );
}

export default function ExplainPage() {
  const navigate = useNavigate();
  const mayViewAs = usePermission('access_explain_view_as');
  // `?userId=` opens the page on a user (a link from wherever the question arose).
  const [params] = useSearchParams();
  const [userId, setUserId] = useState<string | null>(params.get('userId'));
  const [code, setCode] = useState<string | undefined>();
  const [kind, setKind] = useState<string | undefined>();
  const [recordId, setRecordId] = useState('');
  const [codeAnswer, setCodeAnswer] = useState<CodeExplanation>();
  const [recordAnswer, setRecordAnswer] = useState<RecordExplanation>();
  const [busy, setBusy] = useState(false);
  const codes = useQuery(menuCodeTreeQuery());
  const kinds = useQuery(explainKindsQuery());

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const askCode = () => run(async () => setCodeAnswer(await explainCode(userId ?? '', code ?? '')));
  const askRecord = () => run(async () => setRecordAnswer(await explainRecord(userId ?? '', kind ?? '', recordId.trim())));
  const viewAs = () =>
    run(async () => {
      await startViewAs(userId ?? '');
      navigate('/');
    });

  return (
    <Card title="权限解释" data-testid="explain-page">
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="用户" required>
          <UserPickerInput value={userId} onChange={(v) => setUserId(v)} testId="explain-user" />
        </Form.Item>
        {mayViewAs ? (
          <Form.Item>
            <Button onClick={viewAs} disabled={!userId} loading={busy} data-testid="explain-view-as">
              以此身份查看
            </Button>
          </Form.Item>
        ) : null}
      </Form>
      <Tabs
        items={[
          {
            key: 'menu',
            label: '菜单与按钮',
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <TreeSelect
                    showSearch
                    treeNodeFilterProp="title"
                    style={{ width: 360 }}
                    placeholder="请选择菜单或按钮"
                    treeData={codeNodes(codes.data)}
                    value={code}
                    onChange={setCode}
                    data-testid="explain-code"
                  />
                  <Button type="primary" onClick={askCode} disabled={!userId || !code} loading={busy} data-testid="explain-code-ask">
                    解释
                  </Button>
                </Space>
                {codeAnswer ? <CodeAnswer answer={codeAnswer} /> : null}
              </Space>
            ),
          },
          {
            key: 'record',
            label: '记录',
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Select
                    showSearch
                    optionFilterProp="label"
                    style={{ width: 220 }}
                    placeholder="请选择记录类型"
                    options={(kinds.data ?? []).map((k) => ({ value: k.kind, label: k.label }))}
                    value={kind}
                    onChange={setKind}
                    data-testid="explain-kind"
                  />
                  <Input
                    style={{ width: 240 }}
                    placeholder="请输入记录ID"
                    value={recordId}
                    onChange={(e) => setRecordId(e.target.value)}
                    data-testid="explain-record-id"
                  />
                  <Button type="primary" onClick={askRecord} disabled={!userId || !kind || !recordId.trim()} loading={busy} data-testid="explain-record-ask">
                    解释
                  </Button>
                </Space>
                {recordAnswer ? <RecordAnswer answer={recordAnswer} /> : null}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
