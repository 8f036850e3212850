/**
 * /contract/hjlContractDetail/{id} (S2 L46): one contract (hjlContract/get/{id}) with tabs — 基本信息 (its fields,
 * effective amount), 补充协议 (its supplementary agreements with their approval, 新增补充协议 on an approved main),
 * 关联项目 (the projects it covers, to their detail pages), 合同附件 and 流程记录 (every approval of the contract
 * and of its agreements, newest first).
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { APPROVAL_STATUS, contractEntity, dictKeyOf } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Skeleton, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Permit } from '../../app/auth';
import { dictLabel, useDicts } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { ApprovalDetail, RecordDetails, filesOf } from '../../components/ApprovalDrawer';
import { ApprovalStatusTag } from '../../components/ApprovalStatusTag';
import { Attachments } from '../../components/Attachments';
import { MoneyText } from '../../components/MoneyText';
import { contractDetailPath, contractFullQuery, contractKeys } from './api';
import { ReplenishDialog } from './ReplenishDialog';

const L = {
  missing: { zh: '合同不存在或无权访问', en: 'No such contract' },
  back: { zh: '返回', en: 'Back' },
  basic: { zh: '基本信息', en: 'Details' },
  replenish: { zh: '补充协议', en: 'Supplementary agreements' },
  addReplenish: { zh: '新增补充协议', en: 'New agreement' },
  projects: { zh: '关联项目', en: 'Projects' },
  files: { zh: '合同附件', en: 'Files' },
  process: { zh: '流程记录', en: 'Process history' },
  num: { zh: '编号', en: 'Number' },
  name: { zh: '名称', en: 'Name' },
  type: { zh: '补充类型', en: 'Type' },
  amount: { zh: '金额', en: 'Amount' },
  sign: { zh: '签订日期', en: 'Signed' },
  status: { zh: '审批状态', en: 'Approval' },
  projectStatus: { zh: '项目状态', en: 'Stage' },
  noFiles: { zh: '暂无附件', en: 'No files' },
};

export const projectDetailPath = (id: string) => `/hjlProject/hjlProjectDetail/${id}`;

export default function ContractDetailPage() {
  const { id = '' } = useParams();
  const label = useLabel();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [replenishing, setReplenishing] = useState(false);
  const dicts = useDicts([dictKeyOf(contractEntity.fields.replenishType), 'biz:project_status']);
  const full = useQuery(contractFullQuery(id));
  const reload = () => client.invalidateQueries({ queryKey: contractKeys.all });

  if (full.isError) return <Result status="404" title={label(L.missing)} />;
  const c = full.data;
  const files = filesOf(c?.files);
  return (
    <Flex vertical gap={16} data-testid="contract-detail">
      <Card>
        <Flex align="center" gap={12} wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} data-testid="contract-detail-back">
            {label(L.back)}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="contract-detail-name">
            {c ? String(c.contractName ?? '') : ''}
          </Typography.Title>
          {c && <Typography.Text type="secondary">{String(c.contractNum ?? '')}</Typography.Text>}
          {c && <ApprovalStatusTag status={c.status} isDraft={c.isDraft} processInstanceId={c.processInstanceId} />}
        </Flex>
      </Card>
      {!c ? (
        <Skeleton active />
      ) : (
        <Card>
          <Tabs
            items={[
              {
                key: 'basic',
                label: <span data-testid="contract-tab-basic">{label(L.basic)}</span>,
                children: <RecordDetails def={contractEntity} record={c} testId="contract-basic" />,
              },
              {
                key: 'replenish',
                label: <span data-testid="contract-tab-replenish">{label(L.replenish)}</span>,
                children: (
                  <Flex vertical gap={12}>
                    {!c.parentId && Number(c.status) === APPROVAL_STATUS.approved && (
                      <Permit code="contract_replenish">
                        <Button type="primary" style={{ alignSelf: 'flex-start' }} onClick={() => setReplenishing(true)} data-testid="contract-add-replenish">
                          {label(L.addReplenish)}
                        </Button>
                      </Permit>
                    )}
                    <Table
                      rowKey="id"
                      size="small"
                      pagination={false}
                      dataSource={c.replenishments}
                      data-testid="contract-replenish-table"
                      columns={[
                        { key: 'num', title: label(L.num), dataIndex: 'contractNum', width: 220 },
                        {
                          key: 'name',
                          title: label(L.name),
                          dataIndex: 'contractName',
                          render: (v: string, r) => <a onClick={() => navigate(contractDetailPath(r.id))}>{v}</a>,
                        },
                        {
                          key: 'type',
                          title: label(L.type),
                          dataIndex: 'replenishType',
                          width: 110,
                          render: (v) => dictLabel(dicts[dictKeyOf(contractEntity.fields.replenishType)] ?? [], v),
                        },
                        { key: 'amount', title: label(L.amount), dataIndex: 'contractAmount', width: 160, render: (v) => <MoneyText value={v as string} /> },
                        { key: 'sign', title: label(L.sign), dataIndex: 'signDate', width: 110 },
                        {
                          key: 'status',
                          title: label(L.status),
                          dataIndex: 'status',
                          width: 100,
                          render: (v, r) => <ApprovalStatusTag status={v} isDraft={r.isDraft} processInstanceId={r.processInstanceId} />,
                        },
                      ]}
                    />
                  </Flex>
                ),
              },
              {
                key: 'projects',
                label: <span data-testid="contract-tab-projects">{label(L.projects)}</span>,
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={c.projects}
                    data-testid="contract-project-table"
                    columns={[
                      { key: 'num', title: label(L.num), dataIndex: 'projectNum', width: 200 },
                      {
                        key: 'name',
                        title: label(L.name),
                        dataIndex: 'projectName',
                        render: (v: string, r) => <a onClick={() => navigate(projectDetailPath(r.id))}>{v}</a>,
                      },
                      {
                        key: 'stage',
                        title: label(L.projectStatus),
                        dataIndex: 'projectStatus',
                        width: 110,
                        render: (v) => dictLabel(dicts['biz:project_status'] ?? [], v),
                      },
                      { key: 'status', title: label(L.status), dataIndex: 'status', width: 100, render: (v) => <ApprovalStatusTag status={v} /> },
                    ]}
                  />
                ),
              },
              {
                key: 'files',
                label: <span data-testid="contract-tab-files">{label(L.files)}</span>,
                children: files.length ? <Attachments value={files} mode="view" /> : <Empty description={label(L.noFiles)} />,
              },
              {
                key: 'process',
                label: <span data-testid="contract-tab-process">{label(L.process)}</span>,
                children: <ApprovalDetail record={{ ...c, money: c.effectiveAmount ?? c.contractAmount }} api={contractEntity.api} />,
              },
            ]}
          />
        </Card>
      )}
      <ReplenishDialog
        main={replenishing && c ? { id, contractName: c.contractName } : null}
        onClose={() => setReplenishing(false)}
        onSaved={() => {
          setReplenishing(false);
          void reload();
        }}
      />
    </Flex>
  );
}
