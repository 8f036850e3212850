/**
 * /workflow/design/model — 模型设计: the process models with search and paging, add / edit of their fields
 * (the module's own submit; a new model gets an empty process and opens in the designer), and per row 设计,
 * 部署, 历史版本, 变更分类 and delete, each by its permission code (wf_model_*).
 */
import { permissionCodes, wfModelEntity } from '@hjl/core';
import { App, Button, Modal, Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Permit } from '../../../../app/auth';
import { useLabel } from '../../../../app/i18n';
import { changeModelCategory, deployModel } from '../api';
import { CrudPage, type CrudPageContext } from '../../../../components/CrudPage';
import type { Row } from '../../../../components/CrudPage/fields';
import { useCategoryTree } from '../../api';
import { useForms } from './catalogs';
import { designerPath, modelHistoryPath } from '../../../../app/paths';

const codes = permissionCodes(wfModelEntity);

/** The category tree as a form control (Form.Item injects value and onChange). */
function CategoryInput({
  value,
  onChange,
  testId = 'crud-form-categoryId',
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  testId?: string;
}) {
  const categories = useCategoryTree();
  return (
    <TreeSelect
      allowClear
      treeDefaultExpandAll
      treeData={categories}
      value={value ?? undefined}
      onChange={(v?: string) => onChange?.(v ?? null)}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

function FormKeyInput({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  const forms = useForms();
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      value={value || undefined}
      onChange={(v?: string) => onChange?.(v ?? null)}
      options={(forms.data ?? []).map((f) => ({ value: f.formKey, label: `${f.name} (${f.formKey})` }))}
      data-testid="crud-form-formKey"
    />
  );
}

export default function ModelPage() {
  const label = useLabel();
  const l = (zh: string, en: string) => label({ zh, en });
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [moving, setMoving] = useState<{ row: Row; ctx: CrudPageContext; categoryId: string | null } | null>(null);

  const deploy = async (row: Row, ctx: CrudPageContext) => {
    try {
      const answer = await deployModel(String(row.id));
      void message.success(`${l('部署成功', 'Deployed')}: ${answer.processDefinitionId} (${l('版本', 'version')} ${answer.version})`);
      await ctx.reload();
    } catch {
      // The API client has shown the server's message (e.g. what the engine refused).
    }
  };

  const changeCategory = async () => {
    if (!moving) return;
    if (!moving.categoryId) return void message.warning(l('请选择流程分类', 'Choose a category'));
    await changeModelCategory(String(moving.row.id), moving.categoryId);
    void message.success(l('操作成功', 'Done'));
    await moving.ctx.reload();
    setMoving(null);
  };

  return (
    <>
      <CrudPage
        def={wfModelEntity}
        controls={{ categoryId: <CategoryInput />, formKey: <FormKeyInput /> }}
        extraColumns={[{ title: label(wfModelEntity.fields.categoryId.label), dataIndex: 'categoryName', key: 'categoryName', width: 140 }]}
        actionWidth={420}
        onSaved={(answer, mode) => {
          // A new model opens in the designer (the server gave it an empty process named by its key).
          const id = (answer as { id?: string } | undefined)?.id;
          if (mode === 'add' && id) navigate(designerPath(id));
        }}
        rowActions={(row, ctx) => (
          <>
            <Permit code={codes.edit}>
              <Button type="link" size="small" onClick={() => navigate(designerPath(String(row.id)))} data-testid={`model-design-${row.id}`}>
                {l('设计', 'Design')}
              </Button>
            </Permit>
            <Permit code="wf_model_deploy">
              <Button type="link" size="small" onClick={() => void deploy(row, ctx)} data-testid={`model-deploy-${row.id}`}>
                {l('部署', 'Deploy')}
              </Button>
            </Permit>
            <Permit code="wf_model_history">
              <Button type="link" size="small" onClick={() => navigate(modelHistoryPath(String(row.id)))} data-testid={`model-history-${row.id}`}>
                {l('历史版本', 'Versions')}
              </Button>
            </Permit>
            <Permit code={codes.edit}>
              <Button
                type="link"
                size="small"
                onClick={() => setMoving({ row, ctx, categoryId: row.categoryId ? String(row.categoryId) : null })}
                data-testid={`model-category-${row.id}`}
              >
                {l('变更分类', 'Category')}
              </Button>
            </Permit>
          </>
        )}
      />
      <Modal
        open={moving !== null}
        title={l('变更分类', 'Change the category')}
        onCancel={() => setMoving(null)}
        onOk={() => void changeCategory().catch(() => undefined)}
        okText={l('确定', 'OK')}
        cancelText={l('取消', 'Cancel')}
        destroyOnHidden
      >
        <CategoryInput value={moving?.categoryId} onChange={(categoryId) => moving && setMoving({ ...moving, categoryId })} testId="model-category-select" />
      </Modal>
    </>
  );
}
