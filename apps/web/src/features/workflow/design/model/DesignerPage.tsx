/**
 * /workflow/design/process/:id — the model designer (spec 2 `design/process/{id}`): bpmn-js palette and
 * canvas (loaded here only, see modeler.ts), our properties panel, and a toolbar to save (every save of the
 * XML is a new history version), import a file, download XML / SVG, undo / redo and zoom.
 *
 * The layout keeps a hidden tab's page mounted but runs its effects again when it is shown; the modeler is
 * made anew then, from the last XML of the session (kept in a ref after every change), so unsaved work
 * survives switching tabs (the undo history does not). Closing or reloading the browser page with unsaved
 * changes asks first, and so does 返回.
 */
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import {
  ArrowLeftOutlined,
  CompressOutlined,
  DownloadOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
  UploadOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { permissionCodes, wfModelEntity } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Result, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { saveBlob } from '../../../../app/download';
import { usePermission } from '../../../../app/auth';
import { useLabel } from '../../../../app/i18n';
import { fetchModel, modelKeys, modelQuery, saveModel } from '../api';
import type { Row } from '../../../../components/CrudPage/fields';
import { createModeler, fit, openXml, type BpmnDiagram, type DiagramElement } from './modeler';
import { MODEL_LIST_PATH } from '../../../../app/paths';
import { processOf, PropertiesPanel, type ModelFields } from './PropertiesPanel';

const SERIAL_FIELDS = ['formKey', 'serialPrefix', 'serialDateFormat', 'serialLength', 'serialStart', 'serialCycle'] as const;

/** The model fields the designer edits, as the detail answers them. */
function modelFieldsOf(row: Row): ModelFields {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  return {
    formKey: text(row.formKey),
    serialPrefix: text(row.serialPrefix),
    serialDateFormat: text(row.serialDateFormat),
    serialLength: num(row.serialLength),
    serialStart: num(row.serialStart),
    serialCycle: text(row.serialCycle),
  };
}

/**
 * Binds the model's form to the process: the start events' `flowable:formKey` (the start form) and that of
 * every user task naming no form or the model's previous one (the engine shows a task the form of its node).
 */
function bindProcessForm(diagram: BpmnDiagram, formKey: string | undefined, previous: string | undefined) {
  const modeling = diagram.get('modeling');
  const process = processOf(diagram.get('canvas').getRootElement());
  const key = formKey || undefined;
  for (const el of diagram.get('elementRegistry').filter((e) => e.type === 'bpmn:StartEvent' || e.type === 'bpmn:UserTask')) {
    const bo = el.businessObject;
    const own = typeof bo.formKey === 'string' ? bo.formKey : '';
    const follows = el.type === 'bpmn:StartEvent' ? bo.$parent === process : !own || own === previous;
    if (follows && own !== (key ?? '')) modeling.updateProperties(el, { 'flowable:formKey': key });
  }
}

export default function DesignerPage() {
  const { id = '' } = useParams();
  const label = useLabel();
  const l = (zh: string, en: string) => label({ zh, en });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const canSave = usePermission(permissionCodes(wfModelEntity).edit);

  const detail = useQuery(modelQuery(id));

  const container = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** The XML of this session's latest change (restored when the tab is shown again). */
  const workingXml = useRef<string | null>(null);
  const [diagram, setDiagram] = useState<BpmnDiagram | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  const [revision, setRevision] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [versionRemark, setVersionRemark] = useState('');
  /** The main version after a save of this session (the detail is not fetched again: that would reopen the diagram). */
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  /** The model's form as last saved in this session. */
  const savedFormKey = useRef<string | undefined>(undefined);
  /** The model fields as edited in this session (else as stored). */
  const [edited, setEdited] = useState<ModelFields | null>(null);

  const row = detail.data;
  const model = edited ?? (row ? modelFieldsOf(row) : {});

  useEffect(() => {
    const el = container.current;
    if (!el || !row) return;
    let alive = true;
    let made: BpmnDiagram | null = null;
    void (async () => {
      const modeler = await createModeler(el);
      if (!alive) return modeler.destroy();
      made = modeler;
      try {
        await openXml(modeler, workingXml.current ?? String(row.xml ?? ''), { palette: true });
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
        return;
      }
      modeler.on('selection.changed', (e) => setSelected(e.newSelection?.[0] ?? null));
      modeler.on('commandStack.changed', () => {
        setDirty(true);
        setRevision((r) => r + 1);
        void modeler.saveXML({ format: true }).then(({ xml }) => {
          if (xml) workingXml.current = xml;
        });
      });
      setError(null);
      setDiagram(modeler);
    })();
    return () => {
      alive = false;
      made?.destroy();
      setDiagram(null);
      setSelected(null);
    };
  }, [row]);

  // Leaving the browser page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (detail.isError) return <Result status="404" title={l('模型不存在或已被删除', 'No such model')} />;

  const save = async () => {
    if (!diagram || !row) return;
    setSaving(true);
    try {
      bindProcessForm(diagram, model.formKey, savedFormKey.current ?? (row.formKey ? String(row.formKey) : undefined));
      const { xml } = await diagram.saveXML({ format: true });
      const body: Record<string, unknown> = { id, name: row.name, xml, versionRemark: versionRemark || undefined };
      for (const f of SERIAL_FIELDS) body[f] = model[f] === '' ? null : model[f];
      await saveModel(body);
      const fresh = await fetchModel(id);
      setSavedVersion(Number(fresh.version));
      savedFormKey.current = model.formKey ?? '';
      void message.success(l('保存成功,已生成新版本', 'Saved as a new version'));
      // What was saved is what the tab shows again after being hidden (the detail fetched on opening is older).
      workingXml.current = xml ?? null;
      setDirty(false);
      setVersionRemark('');
      void queryClient.invalidateQueries({ queryKey: modelKeys.lists() });
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const importFile = async (file: File) => {
    if (!diagram) return;
    try {
      await openXml(diagram, await file.text(), { palette: true });
      workingXml.current = (await diagram.saveXML({ format: true })).xml ?? null;
      setDirty(true);
      setSelected(null);
      setRevision((r) => r + 1);
    } catch (e) {
      void message.error(`${l('文件不是有效的BPMN', 'Not a valid BPMN file')}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const back = () => {
    if (!dirty) return void navigate(MODEL_LIST_PATH);
    modal.confirm({
      title: l('有未保存的修改', 'Unsaved changes'),
      content: l('离开后未保存的修改将丢失,确定离开吗?', 'Leave without saving?'),
      okText: l('离开', 'Leave'),
      cancelText: l('取消', 'Cancel'),
      onOk: () => {
        setDirty(false);
        workingXml.current = null;
        navigate(MODEL_LIST_PATH);
      },
    });
  };

  const stack = diagram?.get('commandStack');
  const canvas = diagram?.get('canvas');
  const key = row ? String(row.modelKey ?? 'process') : 'process';
  const tool = (title: string, icon: React.ReactNode, onClick: () => void, testId: string, disabled = !diagram) => (
    <Tooltip title={title}>
      <Button icon={icon} onClick={onClick} disabled={disabled} data-testid={testId} aria-label={title} />
    </Tooltip>
  );

  return (
    <Card styles={{ body: { padding: 12 } }} data-testid="model-designer">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="designer-back">
            {l('返回', 'Back')}
          </Button>
          <Typography.Text strong data-testid="designer-title">
            {row ? `${String(row.name)} (${key})` : ''}
          </Typography.Text>
          {row && (
            <Tag data-testid="designer-version">
              {l('版本', 'Version')} {String(savedVersion ?? row.version ?? '-')}
            </Tag>
          )}
          {dirty && (
            <Tag color="orange" data-testid="designer-dirty">
              {l('未保存', 'Unsaved')}
            </Tag>
          )}
        </Space>
        <Space wrap>
          {tool(l('撤销', 'Undo'), <UndoOutlined />, () => stack?.undo(), 'designer-undo', !stack?.canUndo())}
          {tool(l('重做', 'Redo'), <RedoOutlined />, () => stack?.redo(), 'designer-redo', !stack?.canRedo())}
          {tool(l('放大', 'Zoom in'), <ZoomInOutlined />, () => canvas?.zoom(canvas.zoom() * 1.2), 'designer-zoom-in')}
          {tool(l('缩小', 'Zoom out'), <ZoomOutOutlined />, () => canvas?.zoom(canvas.zoom() / 1.2), 'designer-zoom-out')}
          {tool(l('适应画布', 'Fit'), <CompressOutlined />, () => canvas && fit(canvas, true), 'designer-fit')}
          <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()} disabled={!diagram} data-testid="designer-import">
            {l('导入', 'Import')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".bpmn,.xml"
            hidden
            data-testid="designer-import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
          <Button
            icon={<DownloadOutlined />}
            disabled={!diagram}
            data-testid="designer-download-xml"
            onClick={() =>
              void diagram?.saveXML({ format: true }).then(({ xml }) => saveBlob(new Blob([xml ?? ''], { type: 'application/xml' }), `${key}.bpmn20.xml`))
            }
          >
            XML
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={!diagram}
            data-testid="designer-download-svg"
            onClick={() => void diagram?.saveSVG().then(({ svg }) => saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `${key}.svg`))}
          >
            SVG
          </Button>
          {canSave && (
            <>
              <Input
                style={{ width: 180 }}
                placeholder={l('版本说明(可选)', 'Version note')}
                value={versionRemark}
                onChange={(e) => setVersionRemark(e.target.value)}
                data-testid="designer-version-remark"
                maxLength={255}
              />
              <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!diagram} onClick={() => void save()} data-testid="designer-save">
                {l('保存', 'Save')}
              </Button>
            </>
          )}
        </Space>
      </Flex>
      {error && <Result status="error" title={l('流程图无法打开', 'The diagram cannot be opened')} subTitle={error} />}
      <Flex gap={12} style={{ height: 'calc(100vh - 230px)', minHeight: 480 }}>
        <div style={{ flex: 1, position: 'relative', border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6, overflow: 'hidden' }}>
          {!diagram && !error && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />}
          <div ref={container} style={{ position: 'absolute', inset: 0 }} data-testid="designer-canvas" />
        </div>
        <div style={{ width: 360, flex: 'none', overflowY: 'auto', paddingRight: 4 }} data-revision={revision}>
          {diagram && (
            <PropertiesPanel
              diagram={diagram}
              element={selected ?? diagram.get('canvas').getRootElement()}
              model={model}
              onModelChange={(fields) => {
                setEdited(fields);
                setDirty(true);
              }}
            />
          )}
        </div>
      </Flex>
    </Card>
  );
}
