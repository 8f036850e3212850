/**
 * /system/region: administrative regions. On the left the tree, loaded one level at a time by parent code;
 * on the right the chosen region's form (edit, delete) or a new region under it (新增下级) or at the top
 * (新增省份). Only the platform administrator's changes are accepted by the server.
 */
import { DeleteOutlined, DownloadOutlined, PlusOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { permissionCodes, REGION_ROOT_CODE, regionEntity, type FieldDef } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Form, Input, Row, Space, Tree } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../../components/ImportDialog';
import { useDeleteConfirm } from '../../../components/CrudPage/useDeleteConfirm';
import { Permit, usePermission } from '../../../app/auth';
import { dictLabel, useDict } from '../../../app/dict';
import { useLabel } from '../../../app/i18n';
import { regionChildrenQuery } from '../../../components/RegionSelect';
import { FieldControl, rules } from '../../../components/CrudPage/fields';
import { exportRegions, REGION_IMPORT_URL, REGION_TEMPLATE_URL, regionLevel, regionQuery, removeRegion, submitRegion, type Region } from '../api';
import { withChildren, type LazyRegion, type RegionNode } from './regionTree';

const codes = permissionCodes(regionEntity);
const MAX_LEVEL = 5;
const formFields = (['code', 'name', 'sort', 'remark'] as const).map((name) => [name, regionEntity.fields[name]] as [string, FieldDef]);

/** What the form shows: a stored region, or a new one under a parent. */
type Editing = { mode: 'edit'; code: string } | { mode: 'add'; parent: { code: string; name: string; level: number } };

const ROOT_PARENT = { code: REGION_ROOT_CODE, name: '', level: 0 };

export default function RegionPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const levels = useDict('region_level');
  const canEdit = usePermission(codes.edit);
  const [form] = Form.useForm<Record<string, unknown>>();
  const [tree, setTree] = useState<RegionNode[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState(false);

  /** (Re)loads the children of a code into the tree. */
  const loadLevel = useCallback(async (parentCode: string) => {
    const items = await regionLevel(parentCode);
    setTree((current) => withChildren(current, parentCode === REGION_ROOT_CODE ? null : parentCode, items));
  }, []);
  /** After a change under `parentCode`: this tree reloads the level and every region picker forgets its copy of it. */
  const changedUnder = useCallback(
    async (parentCode: string) => {
      await queryClient.invalidateQueries({ queryKey: regionChildrenQuery(parentCode).queryKey });
      await loadLevel(parentCode);
    },
    [queryClient, loadLevel],
  );

  // The provinces come first; deeper levels are loaded as branches open.
  const provinces = useQuery(regionChildrenQuery(REGION_ROOT_CODE));
  const [shownProvinces, setShownProvinces] = useState<LazyRegion[] | undefined>();
  if (provinces.data && provinces.data !== shownProvinces) {
    setShownProvinces(provinces.data);
    setTree((current) => withChildren(current, null, provinces.data));
  }

  const selectedCode = editing?.mode === 'edit' ? editing.code : null;
  const detail = useQuery(regionQuery(selectedCode));
  const region = selectedCode ? detail.data : undefined;

  // The form follows what is chosen: the region's values, or an empty new one.
  useEffect(() => {
    if (editing?.mode === 'add' || region) form.resetFields();
    if (editing?.mode === 'add') form.setFieldsValue({ sort: 0 });
    else if (region) form.setFieldsValue({ ...region });
  }, [editing, region, form]);

  const adding = editing?.mode === 'add' ? editing.parent : null;
  const readOnly = editing?.mode === 'edit' && !canEdit;

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const common = { name: values.name, sort: values.sort ?? 0, remark: values.remark ?? '' };
      if (adding) {
        await submitRegion({ ...common, code: values.code, parentCode: adding.code });
        void message.success(t('crud.added'));
        await changedUnder(adding.code);
        if (adding.code !== REGION_ROOT_CODE) setExpanded((keys) => [...new Set([...keys, adding.code])]);
        setEditing({ mode: 'edit', code: String(values.code) });
      } else if (region) {
        await submitRegion({ ...common, id: region.id });
        void message.success(t('crud.updated'));
        await changedUnder(region.parentCode);
        await queryClient.invalidateQueries({ queryKey: regionQuery(region.code).queryKey });
      }
    } catch {
      // shown by the API client; the form keeps what was typed
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = useDeleteConfirm();
  const remove = (r: Region) =>
    confirmDelete(
      () => removeRegion(r.code),
      async () => {
        setEditing(null);
        await changedUnder(r.parentCode);
      },
    );

  const level = adding ? adding.level + 1 : region?.regionLevel;
  const parentName = adding ? adding.name : region?.parentName;

  return (
    <Row gutter={16} data-testid="region-page">
      <Col xs={24} md={9} lg={8}>
        <Card
          title={t('org.regionTree')}
          extra={
            <Space size={4}>
              <Permit code={codes.add}>
                <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', parent: ROOT_PARENT })} data-testid="region-add-root">
                  {t('org.addProvince')}
                </Button>
              </Permit>
              <Permit code="region_import">
                <Button size="small" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="region-import">
                  {t('org.regionImport')}
                </Button>
              </Permit>
              <Permit code="region_export">
                <Button size="small" icon={<DownloadOutlined />} onClick={exportRegions} data-testid="region-export">
                  {t('org.regionExport')}
                </Button>
              </Permit>
            </Space>
          }
          styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflow: 'auto' } }}
        >
          <div data-testid="region-tree">
            <Tree
              treeData={tree}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys.map(String))}
              selectedKeys={selectedCode ? [selectedCode] : []}
              loadData={(node) => loadLevel(String(node.key))}
              onSelect={(keys) => setEditing(keys.length ? { mode: 'edit', code: String(keys[0]) } : null)}
            />
          </div>
        </Card>
      </Col>
      <Col xs={24} md={15} lg={16}>
        <Card
          title={adding ? t('org.addSubRegion') : t('org.regionDetail')}
          extra={
            region && (
              <Space>
                {region.regionLevel < MAX_LEVEL && (
                  <Permit code={codes.add}>
                    <Button
                      size="small"
                      icon={<PlusOutlined />}
                      onClick={() => setEditing({ mode: 'add', parent: { code: region.code, name: region.name, level: region.regionLevel } })}
                      data-testid="region-add-child"
                    >
                      {t('org.addSubRegion')}
                    </Button>
                  </Permit>
                )}
                <Permit code={codes.delete}>
                  <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(region)} data-testid="region-delete">
                    {t('crud.delete')}
                  </Button>
                </Permit>
              </Space>
            )
          }
        >
          {!editing || (selectedCode && !region) ? (
            <Empty description={t('org.selectRegion')} />
          ) : (
            <Form form={form} labelCol={{ flex: '110px' }} style={{ maxWidth: 560 }} disabled={readOnly} onFinish={save} data-testid="region-form">
              <Form.Item label={t('org.parentRegion')}>
                <Input value={parentName || t('org.topLevel')} disabled />
              </Form.Item>
              <Form.Item label={label(regionEntity.fields.regionLevel.label)}>
                <Input value={dictLabel(levels, level)} disabled data-testid="region-form-level" />
              </Form.Item>
              {formFields.map(([name, field]) => {
                const text = label(field.label);
                return (
                  <Form.Item key={name} name={name} label={text} rules={readOnly ? [] : rules(field, text, t)}>
                    <FieldControl field={field} label={text} dict={[]} testId={`region-form-${name}`} disabled={readOnly || (name === 'code' && !adding)} />
                  </Form.Item>
                );
              })}
              {(adding || canEdit) && (
                <Form.Item label=" " colon={false}>
                  <Space>
                    <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="region-form-submit">
                      {t('common.save')}
                    </Button>
                    {adding && <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>}
                  </Space>
                </Form.Item>
              )}
            </Form>
          )}
        </Card>
      </Col>
      <ImportDialog
        open={importing}
        title={t('org.regionImportTitle')}
        importUrl={REGION_IMPORT_URL}
        templateUrl={REGION_TEMPLATE_URL}
        coverable
        onClose={() => setImporting(false)}
        onImported={() => {
          setImporting(false);
          // Imported regions may sit anywhere in the tree: start again from the provinces.
          setExpanded([]);
          setTree([]);
          setShownProvinces(undefined);
          void provinces.refetch();
        }}
      />
    </Row>
  );
}
