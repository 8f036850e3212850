/**
 * /hjlProject/hjlProjectDetail/{id} (S2 L43, the tabs of S1 L50 this area owns): one project (hjlProject/get/{id})
 * — 基本信息 (its fields, the linked contract, bid status, 二级复核 / 三级审定), 任务人员 (persons in roles with
 * shares), 任务 (from the template: assign, progress, finish, history), 用章, 质量 and 流程记录 (立项, the reviews,
 * seal requests and quality checks, newest first). The money and archive tabs come with their areas.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { APPROVAL_STATUS, auditSealEntity, dictKeyOf, projectEntity, projectPersonEntity, projectQualityEntity } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Form, Input, Modal, Result, Select, Skeleton, Table, Tabs, Typography } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Permit, useGranted, usePermission } from '../../app/auth';
import { dictLabel, useDict } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { ApprovalDetail, RecordDetails } from '../../components/ApprovalDrawer';
import { ApprovalStatusTag } from '../../components/ApprovalStatusTag';
import { CrudPage } from '../../components/CrudPage';
import { MoneyInput } from '../../components/MoneyInput';
import { MoneyText } from '../../components/MoneyText';
import type { RelatedTab } from '../../components/RelatedTab';
import { UserPickerInput } from '../../components/UserPicker';
import { contractDetailPath, deletePerson, projectFullQuery, projectKeys, savePerson, startReview, taskKeys, updateBidStatus } from './api';
import { ProjectTasks } from './ProjectTasks';

const L = {
  missing: { zh: '项目不存在或无权访问', en: 'No such project' },
  back: { zh: '返回', en: 'Back' },
  basic: { zh: '基本信息', en: 'Details' },
  persons: { zh: '任务人员', en: 'Persons' },
  tasks: { zh: '任务', en: 'Tasks' },
  seals: { zh: '用章', en: 'Seals' },
  quality: { zh: '质量', en: 'Quality' },
  process: { zh: '流程记录', en: 'Process history' },
  contract: { zh: '关联合同', en: 'Contract' },
  noContract: { zh: '未关联合同', en: 'No contract linked' },
  effective: { zh: '有效金额', en: 'Effective amount' },
  bid: { zh: '投标状态', en: 'Bid' },
  two: { zh: '二级复核', en: 'Second review' },
  three: { zh: '三级审定', en: 'Third review' },
  deliverable: { zh: '成果文件名称', en: 'Deliverable' },
  content: { zh: '复核说明', en: 'Notes' },
  started: { zh: '发起成功', en: '发起成功' },
  addPerson: { zh: '添加人员', en: 'Add a person' },
  person: { zh: '人员', en: 'Person' },
  role: { zh: '项目角色', en: 'Role' },
  share: { zh: '分配比例(%)', en: 'Share (%)' },
  remark: { zh: '备注', en: 'Remark' },
  remove: { zh: '删除', en: 'Delete' },
  removeConfirm: { zh: '确定删除该人员吗?', en: 'Remove this person?' },
  done: { zh: '操作成功', en: '操作成功' },
};

function ReviewDialog({ level, projectId, onClose, onDone }: { level: 'two' | 'three' | null; projectId: string; onClose: () => void; onDone: () => void }) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={!!level}
      title={label(level === 'three' ? L.three : L.two)}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'review-submit' } as never}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async (v) => {
          if (!level) return;
          setBusy(true);
          try {
            await startReview(level, { projectId, ...v });
            void message.success(label(L.started));
            onDone();
          } catch {
            // The API client has shown the server's reason.
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="deliverable" label={label(L.deliverable)} rules={[{ required: true, message: '请输入成果文件名称' }]}>
          <Input maxLength={200} data-testid="review-deliverable" />
        </Form.Item>
        <Form.Item name="content" label={label(L.content)}>
          <Input.TextArea maxLength={1000} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Persons({ projectId, persons, onChange }: { projectId: string; persons: Record<string, unknown>[]; onChange: () => void }) {
  const label = useLabel();
  const { message, modal } = App.useApp();
  const roles = useDict(dictKeyOf(projectPersonEntity.fields.projectRole));
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm();
  return (
    <Flex vertical gap={12}>
      <Permit code="project_person">
        <Button type="primary" style={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)} data-testid="project-add-person">
          {label(L.addPerson)}
        </Button>
      </Permit>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={persons as { id: string }[]}
        data-testid="project-person-table"
        columns={[
          { key: 'user', title: label(L.person), dataIndex: 'userName', width: 140 },
          { key: 'role', title: label(L.role), dataIndex: 'projectRole', width: 140, render: (v) => dictLabel(roles, v) },
          { key: 'share', title: label(L.share), dataIndex: 'shareRatio', width: 140 },
          { key: 'remark', title: label(L.remark), dataIndex: 'remark' },
          {
            key: 'actions',
            title: '',
            width: 90,
            render: (_, r) => (
              <Permit code="project_person">
                <Button
                  type="link"
                  danger
                  size="small"
                  data-testid={`project-person-remove-${r.id}`}
                  onClick={() =>
                    modal.confirm({
                      content: label(L.removeConfirm),
                      onOk: async () => {
                        await deletePerson(projectId, r.id);
                        void message.success(label(L.done));
                        onChange();
                      },
                    })
                  }
                >
                  {label(L.remove)}
                </Button>
              </Permit>
            ),
          },
        ]}
      />
      <Modal
        open={adding}
        title={label(L.addPerson)}
        onCancel={() => setAdding(false)}
        onOk={() => form.submit()}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'person-submit' } as never}
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ shareRatio: '100' }}
          onFinish={async (v) => {
            try {
              await savePerson({ projectId, ...v });
              void message.success(label(L.done));
              setAdding(false);
              form.resetFields();
              onChange();
            } catch {
              // The API client has shown the server's reason.
            }
          }}
        >
          <Form.Item name="userId" label={label(L.person)} rules={[{ required: true, message: '请选择人员' }]}>
            <UserPickerInput testId="person-user" />
          </Form.Item>
          <Form.Item name="projectRole" label={label(L.role)} rules={[{ required: true, message: '请选择项目角色' }]}>
            <Select options={roles.map((d) => ({ value: d.dictKey, label: d.dictValue }))} data-testid="person-role" />
          </Form.Item>
          <Form.Item name="shareRatio" label={label(L.share)} rules={[{ required: true, message: '请输入分配比例' }]}>
            <MoneyInput hideUpper testId="person-share" />
          </Form.Item>
          <Form.Item name="remark" label={label(L.remark)}>
            <Input maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}

/** `related`: tabs other areas add to the project's page (e.g. 开票 and 收款 of project money), composed by the page registry. */
export default function ProjectDetailPage({ related = [] }: { related?: readonly RelatedTab[] }) {
  const { id = '' } = useParams();
  const granted = useGranted();
  const relatedTabs = related.filter((tab) => granted(tab.code));
  const fixed = useMemo(() => ({ projectId: id }), [id]);
  const label = useLabel();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [review, setReview] = useState<'two' | 'three' | null>(null);
  const bids = useDict(dictKeyOf(projectEntity.fields.bidStatus));
  const mayBid = usePermission('project_bid');
  const full = useQuery(projectFullQuery(id));
  const reload = () => Promise.all([client.invalidateQueries({ queryKey: projectKeys.all }), client.invalidateQueries({ queryKey: taskKeys.all })]);

  if (full.isError) return <Result status="404" title={label(L.missing)} />;
  const p = full.data;
  const approved = Number(p?.status) === APPROVAL_STATUS.approved;
  return (
    <Flex vertical gap={16} data-testid="project-detail">
      <Card>
        <Flex align="center" gap={12} wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} data-testid="project-detail-back">
            {label(L.back)}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="project-detail-name">
            {p ? String(p.projectName ?? '') : ''}
          </Typography.Title>
          {p && <Typography.Text type="secondary">{String(p.projectNum ?? '')}</Typography.Text>}
          {p && <ApprovalStatusTag status={p.status} isDraft={p.isDraft} processInstanceId={p.processInstanceId} />}
          <span style={{ flex: 1 }} />
          {p && approved && (
            <>
              <Permit code="project_two_audit_add">
                <Button onClick={() => setReview('two')} data-testid="project-start-two">
                  {label(L.two)}
                </Button>
              </Permit>
              <Permit code="project_three_audit_add">
                <Button onClick={() => setReview('three')} data-testid="project-start-three">
                  {label(L.three)}
                </Button>
              </Permit>
            </>
          )}
        </Flex>
      </Card>
      {!p ? (
        <Skeleton active />
      ) : (
        <Card>
          <Tabs
            destroyOnHidden
            items={[
              {
                key: 'basic',
                label: <span data-testid="project-tab-basic">{label(L.basic)}</span>,
                children: (
                  <Flex vertical gap={16}>
                    <RecordDetails def={projectEntity} record={p} testId="project-basic" />
                    <Descriptions bordered size="small" column={2} data-testid="project-contract">
                      <Descriptions.Item label={label(L.contract)}>
                        {p.contract ? (
                          <a onClick={() => navigate(contractDetailPath(p.contract!.id))} data-testid="project-contract-link">
                            {p.contract.contractNum} {p.contract.contractName}
                          </a>
                        ) : (
                          label(L.noContract)
                        )}
                      </Descriptions.Item>
                      <Descriptions.Item label={label(L.effective)}>{p.contract ? <MoneyText value={p.contract.effectiveAmount} /> : '-'}</Descriptions.Item>
                      <Descriptions.Item label={label(L.bid)} span={2}>
                        <Select
                          style={{ width: 160 }}
                          disabled={!mayBid}
                          value={p.bidStatus == null ? undefined : String(p.bidStatus)}
                          options={bids.map((d) => ({ value: d.dictKey, label: d.dictValue }))}
                          data-testid="project-bid-status"
                          onChange={(v) =>
                            void updateBidStatus(id, v)
                              .then(() => {
                                void message.success(label(L.done));
                                return reload();
                              })
                              .catch(() => undefined)
                          }
                        />
                      </Descriptions.Item>
                    </Descriptions>
                  </Flex>
                ),
              },
              {
                key: 'persons',
                label: <span data-testid="project-tab-persons">{label(L.persons)}</span>,
                children: <Persons projectId={id} persons={p.persons} onChange={() => void reload()} />,
              },
              {
                key: 'tasks',
                label: <span data-testid="project-tab-tasks">{label(L.tasks)}</span>,
                children: <ProjectTasks projectId={id} persons={p.persons} />,
              },
              {
                key: 'seals',
                label: <span data-testid="project-tab-seals">{label(L.seals)}</span>,
                children: <CrudPage def={auditSealEntity} fixed={{ projectId: id }} bordered={false} testId="project-seals" />,
              },
              {
                key: 'quality',
                label: <span data-testid="project-tab-quality">{label(L.quality)}</span>,
                children: <CrudPage def={projectQualityEntity} fixed={{ projectId: id }} bordered={false} testId="project-quality" />,
              },
              ...relatedTabs.map(({ key, label: tabLabel, List }) => ({
                key,
                label: <span data-testid={`project-tab-${key}`}>{label(tabLabel)}</span>,
                children: (
                  <Suspense fallback={<Skeleton active />}>
                    <List fixed={fixed} />
                  </Suspense>
                ),
              })),
              {
                key: 'process',
                label: <span data-testid="project-tab-process">{label(L.process)}</span>,
                children: <ApprovalDetail record={{ ...p, money: p.projectAmount }} api={projectEntity.api} />,
              },
            ]}
          />
        </Card>
      )}
      <ReviewDialog
        level={review}
        projectId={id}
        onClose={() => setReview(null)}
        onDone={() => {
          setReview(null);
          void reload();
        }}
      />
    </Flex>
  );
}
