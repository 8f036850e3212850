/**
 * /workflow/design/model/history/:id — 历史版本 of a model: its versions (version, note, deploy info), each
 * version's diagram (read-only viewer), the note edited, a version deleted (not the main one) or made the
 * main version again (codes wf_model_history*).
 */
import { wfModelHistoryEntity, type EntityDef } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Permit } from '../../../../app/auth';
import { useLabel } from '../../../../app/i18n';
import { modelKeys, modelQuery, modelVersionQuery, setMainModelVersion } from '../api';
import { CrudPage } from '../../../../components/CrudPage';
import type { Row } from '../../../../components/CrudPage/fields';
import { designerPath, MODEL_LIST_PATH } from '../../../../app/paths';

const DiagramViewer = lazy(() => import('./DiagramViewer'));

// Only the note of a version can be edited; key and name are shown, not sent.
const historyDef: EntityDef = {
  ...wfModelHistoryEntity,
  fields: {
    ...wfModelHistoryEntity.fields,
    modelKey: { ...wfModelHistoryEntity.fields.modelKey, form: false },
    name: { ...wfModelHistoryEntity.fields.name, form: false },
  },
};

export default function ModelHistoryPage() {
  const { id = '' } = useParams();
  const label = useLabel();
  const l = (zh: string, en: string) => label({ zh, en });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const model = useQuery(modelQuery(id));
  const [viewing, setViewing] = useState<Row | null>(null);
  const shown = useQuery(modelVersionQuery(viewing ? String(viewing.id) : null));
  const mainVersion = model.data ? Number(model.data.version) : undefined;

  const makeMain = (row: Row, reload: () => Promise<void>) =>
    modal.confirm({
      title: l('设为主版本', 'Make main version'),
      content: l(
        `确定将版本 ${String(row.version)} 设为主版本吗?部署时将部署主版本。`,
        `Make version ${String(row.version)} the main one? Deploy deploys the main version.`,
      ),
      okText: l('确定', 'OK'),
      cancelText: l('取消', 'Cancel'),
      onOk: async () => {
        await setMainModelVersion(String(row.id));
        void message.success(l('操作成功', 'Done'));
        await model.refetch();
        void queryClient.invalidateQueries({ queryKey: modelKeys.lists() });
        await reload();
      },
    });

  return (
    <Flex vertical gap={12} data-testid="model-history">
      <Flex align="center" gap={12} wrap>
        <Button onClick={() => navigate(MODEL_LIST_PATH)} data-testid="model-history-back">
          {l('返回', 'Back')}
        </Button>
        <Typography.Text strong data-testid="model-history-title">
          {model.data ? `${String(model.data.name)} (${String(model.data.modelKey)})` : ''}
        </Typography.Text>
        {mainVersion !== undefined && (
          <Tag color="blue">
            {l('主版本', 'Main version')} {mainVersion}
          </Tag>
        )}
        <Permit code="wf_model_edit">
          <Button type="link" onClick={() => navigate(designerPath(id))} data-testid="model-history-design">
            {l('设计', 'Design')}
          </Button>
        </Permit>
      </Flex>
      <CrudPage
        def={historyDef}
        fixed={{ modelId: id }}
        viewButton={false}
        actionWidth={320}
        extraColumns={[
          {
            title: l('主版本', 'Main'),
            key: 'main',
            width: 80,
            render: (_: unknown, row: Row) =>
              Number(row.version) === mainVersion ? (
                <Tag color="blue" data-testid={`model-history-main-${String(row.version)}`}>
                  {l('主版本', 'Main')}
                </Tag>
              ) : null,
          },
          { title: l('流程定义ID', 'Definition'), dataIndex: 'processDefinitionId', key: 'processDefinitionId', width: 200, ellipsis: true },
        ]}
        rowActions={(row, ctx) => (
          <>
            <Button type="link" size="small" onClick={() => setViewing(row)} data-testid={`model-history-view-${String(row.version)}`}>
              {l('流程图', 'Diagram')}
            </Button>
            {Number(row.version) !== mainVersion && (
              <Permit code="wf_model_history_main">
                <Button type="link" size="small" onClick={() => makeMain(row, ctx.reload)} data-testid={`model-history-set-main-${String(row.version)}`}>
                  {l('设为主版本', 'Make main')}
                </Button>
              </Permit>
            )}
          </>
        )}
      />
      <Modal
        open={viewing !== null}
        title={viewing ? `${l('版本', 'Version')} ${String(viewing.version)}` : ''}
        width={1000}
        footer={null}
        onCancel={() => setViewing(null)}
        destroyOnHidden
      >
        {shown.data && (
          <Suspense fallback={null}>
            <DiagramViewer xml={String(shown.data.xml ?? '')} />
          </Suspense>
        )}
      </Modal>
    </Flex>
  );
}
