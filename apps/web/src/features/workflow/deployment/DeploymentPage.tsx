/**
 * /workflow/deployment (部署管理): the deployed process definitions, newest versions first per key — search by
 * name, key and category, server paging, 挂起 / 激活 (the definition), 变更分类 and 删除 (the whole deployment;
 * the server refuses while instances run and says so), and 上传部署 (.bpmn / .xml files with a category; other
 * tenants only for the platform administrator). Codes wf_deployment_*.
 */
import { CloudUploadOutlined } from '@ant-design/icons';
import { DEFAULT_TENANT_ID } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Popconfirm, Space, Table, Tag, type ButtonProps, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import type { Query } from '../../../app/api';
import { Permit, useSession } from '../../../app/auth';
import { useLabel } from '../../../app/i18n';
import { SearchActions, useList } from '../../../components/CrudPage';
import {
  categoryAllTreeQuery,
  categoryNames,
  changeDefinitionState,
  changeDeploymentCategory,
  deleteDeployment,
  deploymentList,
  type DefinitionRow,
} from '../api';
import { CategoryTreeSelect, ChangeCategoryDialog } from '../design/support/CategoryTreeSelect';
import { UploadDialog } from './UploadDialog';

const SUSPENDED = 2;
/** A refused call: the API client has shown the server's message. */
const shown = () => undefined;

export default function DeploymentPage() {
  const label = useLabel();
  const { message } = App.useApp();
  const session = useSession();
  const [form] = Form.useForm<Query>();
  const [moving, setMoving] = useState<DefinitionRow | null>(null);
  const [uploading, setUploading] = useState(false);
  // Category id → name over the whole tree (a deployment keeps the category as text: the id the designer gave).
  const categories = useQuery(categoryAllTreeQuery()).data;
  const namesOfCategories = useMemo(() => categoryNames(categories ?? []), [categories]);

  const { reload, search: searchList, setAnchor, tableProps } = useList(deploymentList);

  const search = (values: Query) => searchList(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '')));

  const changeState = async (row: DefinitionRow) => {
    const suspend = row.suspensionState !== SUSPENDED;
    await changeDefinitionState(row.id, suspend ? 'suspend' : 'active');
    void message.success(label(suspend ? { zh: '已挂起', en: 'Suspended' } : { zh: '已激活', en: 'Activated' }));
    await reload();
  };
  const remove = async (row: DefinitionRow) => {
    await deleteDeployment(row.deploymentId);
    void message.success(label({ zh: '删除成功', en: 'Deleted' }));
    await reload();
  };

  const columns: TableColumnsType<DefinitionRow> = [
    { key: 'name', dataIndex: 'name', title: label({ zh: '流程名称', en: 'Name' }) },
    { key: 'key', dataIndex: 'key', title: label({ zh: '流程标识', en: 'Key' }) },
    { key: 'version', dataIndex: 'version', title: label({ zh: '版本', en: 'Version' }), width: 80, render: (v: number) => <Tag>V{v}</Tag> },
    {
      key: 'category',
      dataIndex: 'category',
      title: label({ zh: '流程分类', en: 'Category' }),
      render: (v: string | null) => (v ? (namesOfCategories.get(v) ?? v) : ''),
    },
    {
      key: 'suspensionState',
      dataIndex: 'suspensionState',
      title: label({ zh: '状态', en: 'Status' }),
      width: 90,
      render: (v: number) =>
        v === SUSPENDED ? <Tag color="orange">{label({ zh: '挂起', en: 'Suspended' })}</Tag> : <Tag color="green">{label({ zh: '激活', en: 'Active' })}</Tag>,
    },
    { key: 'resourceName', dataIndex: 'resourceName', title: label({ zh: '资源文件', en: 'Resource' }), ellipsis: true },
    { key: 'deploymentTime', dataIndex: 'deploymentTime', title: label({ zh: '部署时间', en: 'Deployed' }), width: 170 },
    {
      key: 'actions',
      title: label({ zh: '操作', en: 'Actions' }),
      fixed: 'right',
      width: 220,
      render: (_, row) => (
        <Space size={0}>
          <Permit code="wf_deployment_status">
            <Button type="link" size="small" onClick={() => void changeState(row).catch(shown)} data-testid={`deployment-row-state-${row.id}`}>
              {label(row.suspensionState === SUSPENDED ? { zh: '激活', en: 'Activate' } : { zh: '挂起', en: 'Suspend' })}
            </Button>
          </Permit>
          <Permit code="wf_deployment_category">
            <Button type="link" size="small" onClick={() => setMoving(row)} data-testid={`deployment-row-category-${row.id}`}>
              {label({ zh: '变更分类', en: 'Category' })}
            </Button>
          </Permit>
          <Permit code="wf_deployment_delete">
            <Popconfirm
              title={label({ zh: '确定删除该部署?同一部署的流程定义会一并删除', en: 'Delete this deployment and its definitions?' })}
              onConfirm={() => remove(row).catch(shown)}
              okButtonProps={{ danger: true, 'data-testid': 'deployment-delete-ok' } as ButtonProps}
            >
              <Button type="link" size="small" danger data-testid={`deployment-row-delete-${row.id}`}>
                {label({ zh: '删除', en: 'Delete' })}
              </Button>
            </Popconfirm>
          </Permit>
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="deployment-page">
      <Flex vertical gap={16}>
        <Form form={form} layout="inline" onFinish={search} data-testid="deployment-search">
          <Form.Item name="name" label={label({ zh: '流程名称', en: 'Name' })}>
            <Input allowClear maxLength={255} data-testid="deployment-search-name" />
          </Form.Item>
          <Form.Item name="key" label={label({ zh: '流程标识', en: 'Key' })}>
            <Input allowClear maxLength={255} data-testid="deployment-search-key" />
          </Form.Item>
          <Form.Item name="category" label={label({ zh: '流程分类', en: 'Category' })} style={{ minWidth: 220 }}>
            <CategoryTreeSelect testId="deployment-search-category" />
          </Form.Item>
          <Form.Item>
            <SearchActions form={form} onReset={() => search({})} testId="deployment-search" />
          </Form.Item>
        </Form>
        <Space>
          <Permit code="wf_deployment_upload">
            <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploading(true)} data-testid="deployment-upload">
              {label({ zh: '上传部署', en: 'Upload' })}
            </Button>
          </Permit>
        </Space>
        <div ref={setAnchor} data-testid="deployment-table">
          <Table<DefinitionRow> rowKey="id" size="middle" columns={columns} scroll={{ x: 'max-content' }} {...tableProps} />
        </div>
      </Flex>
      <ChangeCategoryDialog
        open={moving !== null}
        initial={moving?.category ?? null}
        onClose={() => setMoving(null)}
        onOk={async (category) => {
          await changeDeploymentCategory(moving!.deploymentId, category);
          void message.success(label({ zh: '分类已变更', en: 'Category changed' }));
          await reload();
        }}
      />
      <UploadDialog
        open={uploading}
        platformAdmin={session?.tenantId === DEFAULT_TENANT_ID && (session?.user.role_name ?? '').split(',').includes('administrator')}
        onClose={() => setUploading(false)}
        onDone={() => {
          setUploading(false);
          void reload();
        }}
      />
    </Card>
  );
}
