/**
 * The designer's own properties panel: what the engine reads, per selected element (process, user task,
 * sequence flow; id and name for the rest). Every edit is a bpmn-js `modeling` command, so undo / redo cover
 * it; the model's own fields (form, serial-number rule) are kept beside the XML and saved with it.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormColumn } from '@hjl/core';
import { Button, Checkbox, Divider, Flex, Form, Input, InputNumber, Radio, Select, Space, Switch, Table, TreeSelect, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useDicts } from '../../../../app/dict';
import { useLabel } from '../../../../app/i18n';
import { UserPicker, UserPickerInput } from '../../../../components/UserPicker';
import {
  ASSIGNEE_TYPES,
  assigneeElements,
  bodyText,
  buttonElements,
  completionExpression,
  fieldElements,
  parseCompletion,
  readAssignees,
  readButtons,
  readFields,
  writtenRules,
  replaceExtensions,
  type AssigneeRule,
  type AssigneeType,
  type Completion,
  type FieldPermission,
  type ModdleElement,
} from './bpmnEdits';
import { useButtons, useConditions, useDeptTree, useFormFields, useForms, usePosts, useRoleTree } from './catalogs';
import type { BpmnDiagram, DiagramElement } from './modeler';

/** The model's own fields the designer edits beside the diagram. */
export interface ModelFields {
  formKey?: string;
  serialPrefix?: string;
  serialDateFormat?: string;
  serialLength?: number | null;
  serialStart?: number | null;
  serialCycle?: string;
}

export interface PropertiesPanelProps {
  diagram: BpmnDiagram;
  element: DiagramElement;
  model: ModelFields;
  onModelChange: (fields: ModelFields) => void;
}

type L = (zh: string, en: string) => string;
function useL(): L {
  const label = useLabel();
  return (zh, en) => label({ zh, en });
}

/** A text input that writes on blur or Enter (one undo step per edit, no half-typed ids). */
function CommitInput({
  value,
  onCommit,
  testId,
  placeholder,
  textarea,
}: {
  value: string;
  onCommit: (v: string) => void;
  testId: string;
  placeholder?: string;
  textarea?: boolean;
}) {
  const [text, setText] = useState(value);
  // A new value from the diagram (undo, another element) replaces what is typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const commit = () => {
    if (text !== value) onCommit(text);
  };
  return textarea ? (
    <Input.TextArea
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      data-testid={testId}
      placeholder={placeholder}
      autoSize={{ minRows: 2 }}
    />
  ) : (
    <Input value={text} onChange={(e) => setText(e.target.value)} onBlur={commit} onPressEnter={commit} data-testid={testId} placeholder={placeholder} />
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A comma list with `ids` added (each once). */
export function appendIds(list: string, ids: string[]): string {
  const all = [...list.split(','), ...ids].map((s) => s.trim()).filter(Boolean);
  return [...new Set(all)].join(',');
}

/** The process element of the diagram (the root, or the first participant's process). */
export function processOf(root: DiagramElement): ModdleElement {
  const bo = root.businessObject;
  if (bo.$type === 'bpmn:Collaboration') {
    const participant = (bo.participants as ModdleElement[] | undefined)?.find((p) => p.processRef);
    if (participant) return participant.processRef as ModdleElement;
  }
  return bo;
}

export function PropertiesPanel({ diagram, element, model, onModelChange }: PropertiesPanelProps) {
  const l = useL();
  const modeling = diagram.get('modeling');
  const moddle = diagram.get('moddle');
  const root = diagram.get('canvas').getRootElement();
  const isRoot = element.id === root.id;
  const bo = isRoot ? processOf(root) : element.businessObject;
  const type = bo.$type;

  /** Sets attributes of the element's business object (or of the process when the root is shown). */
  const update = (props: Record<string, unknown>) => {
    if (isRoot && bo !== element.businessObject) modeling.updateModdleProperties(element, bo, props);
    else modeling.updateProperties(element, props);
  };
  /** Replaces the `type` extension elements. */
  const setExtensions = (extType: string, items: ModdleElement[]) => {
    const values = replaceExtensions(bo, extType, items);
    const ext = bo.extensionElements as ModdleElement | undefined;
    if (ext) modeling.updateModdleProperties(element, ext, { values });
    else update({ extensionElements: moddle.create('bpmn:ExtensionElements', { values }) });
  };

  const userTasks = diagram
    .get('elementRegistry')
    .filter((e) => e.type === 'bpmn:UserTask')
    .map((e) => ({ value: e.id, label: str(e.businessObject.name) || e.id }));

  return (
    <Form layout="vertical" size="small" data-testid="designer-panel" key={element.id}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {elementTitle(type, l)}
      </Typography.Title>
      <Form.Item label={l('标识', 'Id')}>
        <CommitInput value={str(bo.id)} onCommit={(id) => id.trim() && update({ id: id.trim() })} testId="panel-id" />
      </Form.Item>
      <Form.Item label={l('名称', 'Name')}>
        <CommitInput value={str(bo.name)} onCommit={(name) => update({ name: name || undefined })} testId="panel-name" />
      </Form.Item>
      {type === 'bpmn:Process' && <ProcessSection bo={bo} update={update} userTasks={userTasks} model={model} onModelChange={onModelChange} />}
      {type === 'bpmn:UserTask' && (
        <UserTaskSection
          bo={bo}
          element={element}
          diagram={diagram}
          update={update}
          setExtensions={setExtensions}
          userTasks={userTasks.filter((t) => t.value !== element.id)}
          formKey={str(bo.formKey) || model.formKey}
        />
      )}
      {type === 'bpmn:SequenceFlow' && <FlowSection bo={bo} update={update} diagram={diagram} />}
    </Form>
  );
}

function elementTitle(type: string, l: L) {
  const names: Record<string, [string, string]> = {
    'bpmn:Process': ['流程', 'Process'],
    'bpmn:UserTask': ['用户任务', 'User task'],
    'bpmn:SequenceFlow': ['连线', 'Sequence flow'],
    'bpmn:StartEvent': ['开始事件', 'Start event'],
    'bpmn:EndEvent': ['结束事件', 'End event'],
    'bpmn:ExclusiveGateway': ['排他网关', 'Exclusive gateway'],
    'bpmn:ParallelGateway': ['并行网关', 'Parallel gateway'],
    'bpmn:InclusiveGateway': ['包容网关', 'Inclusive gateway'],
  };
  const n = names[type];
  return n ? l(n[0], n[1]) : type.replace(/^bpmn:/, '');
}

interface SectionProps {
  bo: ModdleElement;
  update: (props: Record<string, unknown>) => void;
}

function ProcessSection({
  bo,
  update,
  userTasks,
  model,
  onModelChange,
}: SectionProps & { userTasks: { value: string; label: string }[]; model: ModelFields; onModelChange: (f: ModelFields) => void }) {
  const l = useL();
  const forms = useForms();
  const { wf_serial_cycle: cycles = [] } = useDicts(['wf_serial_cycle']);
  const set = (f: ModelFields) => onModelChange({ ...model, ...f });
  return (
    <>
      <Form.Item label={l('流程表单', 'Form')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          value={model.formKey || undefined}
          onChange={(formKey?: string) => set({ formKey: formKey ?? '' })}
          options={(forms.data ?? []).map((f) => ({ value: f.formKey, label: `${f.name} (${f.formKey})` }))}
          data-testid="panel-form-key"
        />
      </Form.Item>
      <Form.Item label={l('跳过第一个节点', 'Skip the first node')}>
        <Switch checked={bo.skipFirstNode === true} onChange={(on) => update({ 'hjl:skipFirstNode': on || undefined })} data-testid="panel-skip-first" />
      </Form.Item>
      <Form.Item label={l('默认回退节点', 'Default rollback node')}>
        <Select
          allowClear
          value={str(bo.rollbackNode) || undefined}
          onChange={(v?: string) => update({ 'hjl:rollbackNode': v || undefined })}
          options={userTasks}
          data-testid="panel-process-rollback"
        />
      </Form.Item>
      <Divider plain>{l('流水号规则', 'Serial number')}</Divider>
      <Form.Item label={l('流水号前缀', 'Prefix')}>
        <Input value={model.serialPrefix ?? ''} onChange={(e) => set({ serialPrefix: e.target.value })} data-testid="panel-serial-prefix" />
      </Form.Item>
      <Form.Item label={l('日期格式', 'Date format')} tooltip="yyyyMMdd">
        <Input
          value={model.serialDateFormat ?? ''}
          onChange={(e) => set({ serialDateFormat: e.target.value })}
          placeholder="yyyyMMdd"
          data-testid="panel-serial-date"
        />
      </Form.Item>
      <Space>
        <Form.Item label={l('位数', 'Digits')}>
          <InputNumber min={1} max={12} value={model.serialLength ?? null} onChange={(v) => set({ serialLength: v })} data-testid="panel-serial-length" />
        </Form.Item>
        <Form.Item label={l('起始值', 'Start')}>
          <InputNumber min={0} value={model.serialStart ?? null} onChange={(v) => set({ serialStart: v })} data-testid="panel-serial-start" />
        </Form.Item>
      </Space>
      <Form.Item label={l('重置周期', 'Cycle')}>
        <Select
          allowClear
          value={model.serialCycle || undefined}
          onChange={(v?: string) => set({ serialCycle: v ?? '' })}
          options={cycles.map((c) => ({ value: c.dictKey, label: c.dictValue }))}
          data-testid="panel-serial-cycle"
        />
      </Form.Item>
    </>
  );
}

const ASSIGNEE_LABELS: Record<AssigneeType, [string, string]> = {
  user: ['指定用户', 'Users'],
  role: ['角色', 'Roles'],
  dept: ['部门', 'Departments'],
  post: ['岗位', 'Posts'],
  starter: ['发起人', 'Starter'],
  operator: ['上一步处理人', 'Previous operator'],
  starterLeader: ['发起人部门负责人', "Starter's leader"],
  formField: ['表单字段', 'Form field'],
};

/** The value picker of one assignee rule, by its type. */
function RuleValue({ rule, onChange, formKey, index }: { rule: AssigneeRule; onChange: (value: string) => void; formKey?: string; index: number }) {
  const l = useL();
  const roles = useRoleTree(rule.type === 'role');
  const depts = useDeptTree(rule.type === 'dept');
  const posts = usePosts(rule.type === 'post');
  const fields = useFormFields(rule.type === 'formField' ? formKey : undefined);
  const ids = rule.value
    ? rule.value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
  const testId = `panel-rule-value-${index}`;
  const tree = (data: unknown) => (
    <TreeSelect
      multiple
      treeCheckable
      treeData={data as never}
      value={ids}
      onChange={(v: string[]) => onChange(v.join(','))}
      style={{ width: '100%' }}
      treeDefaultExpandAll
      data-testid={testId}
    />
  );
  switch (rule.type) {
    case 'user':
      return <UserPickerInput multiple value={rule.value} onChange={(v) => onChange(v ?? '')} testId={testId} />;
    case 'role':
      return tree(roles.data ?? []);
    case 'dept':
      return tree(depts.data ?? []);
    case 'post':
      return (
        <Select
          mode="multiple"
          value={ids}
          onChange={(v: string[]) => onChange(v.join(','))}
          options={(posts.data ?? []).map((p) => ({ value: String(p.id), label: p.postName }))}
          data-testid={testId}
        />
      );
    case 'formField':
      return fields.data?.length ? (
        <Select
          value={rule.value || undefined}
          onChange={(v: string) => onChange(v)}
          options={fields.data.map((f) => ({ value: f.columnName, label: f.columnDescribe }))}
          data-testid={testId}
        />
      ) : (
        <CommitInput value={rule.value} onCommit={onChange} testId={testId} placeholder={l('字段名', 'Field name')} />
      );
    default:
      return null;
  }
}

interface UserTaskProps extends SectionProps {
  element: DiagramElement;
  diagram: BpmnDiagram;
  setExtensions: (type: string, items: ModdleElement[]) => void;
  userTasks: { value: string; label: string }[];
  formKey?: string;
}

function UserTaskSection({ bo, element, diagram, update, setExtensions, userTasks, formKey }: UserTaskProps) {
  const l = useL();
  const label = useLabel();
  const moddle = diagram.get('moddle');
  const buttons = useButtons();
  const forms = useForms();
  const formFields = useFormFields(formKey);
  const [picking, setPicking] = useState(false);
  // The kind of group the candidate-group picker adds; its catalogue loads when the picker is opened.
  const [groupKind, setGroupKind] = useState<'role' | 'dept' | 'post'>('role');
  const [wantGroups, setWantGroups] = useState(false);
  const roles = useRoleTree(wantGroups && groupKind === 'role');
  const depts = useDeptTree(wantGroups && groupKind === 'dept');
  const posts = usePosts(wantGroups && groupKind === 'post');
  const groupTree =
    groupKind === 'role' ? roles.data : groupKind === 'dept' ? depts.data : (posts.data ?? []).map((p) => ({ value: String(p.id), title: p.postName }));
  const rules = readAssignees(bo);
  const chosen = readButtons(bo);
  const fields = readFields(bo);

  const setRules = (next: AssigneeRule[]) => setExtensions('hjl:Assignee', assigneeElements(moddle, next));
  // Rules being edited (a new rule has no value yet and is not written until it has one).
  const [draft, setDraft] = useState<AssigneeRule[]>(rules);
  const written = JSON.stringify(rules);
  const [shownRules, setShownRules] = useState(written);
  if (shownRules !== written) {
    // The rules changed in the diagram (undo, redo) and not by this editing: start from them again.
    setShownRules(written);
    if (JSON.stringify(writtenRules(draft)) !== written) setDraft(rules);
  }
  const changeRule = (i: number, r: AssigneeRule) => {
    const next = draft.map((x, j) => (j === i ? r : x));
    setDraft(next);
    setRules(next);
  };
  const removeRule = (i: number) => {
    const next = draft.filter((_, j) => j !== i);
    setDraft(next);
    setRules(next);
  };

  const permissionOf = (f: FormColumn): FieldPermission =>
    fields.find((p) => p.name === f.columnName) ?? { name: f.columnName, readable: true, writable: true, required: f.isRequired === 1 };
  const setPermission = (p: FieldPermission) => {
    const all = (formFields.data ?? []).map((f) => (f.columnName === p.name ? p : permissionOf(f)));
    // Fields that are not in the form any more are kept as they were.
    const gone = fields.filter((x) => !(formFields.data ?? []).some((f) => f.columnName === x.name));
    setExtensions('hjl:Field', fieldElements(moddle, [...all, ...gone]));
  };

  return (
    <>
      <Form.Item label={l('节点表单', 'Node form')} tooltip={l('不选则用流程表单', 'The process form when empty')}>
        <Select
          allowClear
          value={str(bo.formKey) || undefined}
          onChange={(v?: string) => update({ 'flowable:formKey': v || undefined })}
          options={(forms.data ?? []).map((f) => ({ value: f.formKey, label: `${f.name} (${f.formKey})` }))}
          data-testid="panel-task-form-key"
        />
      </Form.Item>
      <Form.Item
        label={l('节点时限(工作小时)', 'Time limit (working hours)')}
        tooltip={l(
          '按工作日历计算;超时的待办计入审批时效分析并提醒办理人一次',
          'Counted on the business calendar; an overdue task is reported and its assignee reminded once',
        )}
      >
        <InputNumber
          min={0.1}
          max={9999}
          step={0.5}
          precision={1}
          style={{ width: '100%' }}
          value={str(bo.timeLimit) ? Number(str(bo.timeLimit)) : null}
          onChange={(v: number | null) => update({ 'hjl:timeLimit': v ? String(v) : undefined })}
          data-testid="panel-task-time-limit"
        />
      </Form.Item>
      <Divider plain>{l('审批人', 'Assignees')}</Divider>
      {draft.map((rule, i) => (
        <Flex key={i} gap={4} align="start" style={{ marginBottom: 8 }}>
          <Select
            style={{ width: 130, flex: 'none' }}
            value={rule.type}
            onChange={(t: AssigneeType) => changeRule(i, { type: t, value: '' })}
            options={ASSIGNEE_TYPES.map((t) => ({ value: t, label: l(...ASSIGNEE_LABELS[t]) }))}
            data-testid={`panel-rule-type-${i}`}
          />
          <div style={{ flex: 1, minWidth: 0 }}>
            <RuleValue rule={rule} index={i} formKey={formKey} onChange={(value) => changeRule(i, { ...rule, value })} />
          </div>
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => removeRule(i)} data-testid={`panel-rule-remove-${i}`} />
        </Flex>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => setDraft([...draft, { type: 'user', value: '' }])} data-testid="panel-rule-add">
        {l('添加审批人规则', 'Add a rule')}
      </Button>
      <Form.Item label={l('办理人 (flowable:assignee)', 'Assignee')} style={{ marginTop: 12 }}>
        <CommitInput
          value={str(bo.assignee)}
          onCommit={(v) => update({ 'flowable:assignee': v || undefined })}
          testId="panel-assignee"
          placeholder="${approver}"
        />
      </Form.Item>
      <Form.Item label={l('候选用户', 'Candidate users')} tooltip={l('用户ID、账号或表达式,逗号分隔', 'User ids, accounts or expressions, comma separated')}>
        <Flex gap={4}>
          <CommitInput value={str(bo.candidateUsers)} onCommit={(v) => update({ 'flowable:candidateUsers': v || undefined })} testId="panel-candidate-users" />
          <Button onClick={() => setPicking(true)} data-testid="panel-candidate-users-pick">
            {l('选择', 'Pick')}
          </Button>
        </Flex>
        <UserPicker
          open={picking}
          onClose={() => setPicking(false)}
          onConfirm={(users) => {
            setPicking(false);
            update({
              'flowable:candidateUsers': appendIds(
                str(bo.candidateUsers),
                users.map((u) => String(u.id)),
              ),
            });
          }}
        />
      </Form.Item>
      <Form.Item
        label={l('候选组', 'Candidate groups')}
        tooltip={l('角色ID或别名、部门ID、岗位ID或编号,逗号分隔', 'Role ids or aliases, dept ids, post ids or codes')}
      >
        <CommitInput value={str(bo.candidateGroups)} onCommit={(v) => update({ 'flowable:candidateGroups': v || undefined })} testId="panel-candidate-groups" />
        <Flex gap={4} style={{ marginTop: 4 }}>
          <Select
            style={{ width: 90, flex: 'none' }}
            value={groupKind}
            onChange={setGroupKind}
            options={[
              { value: 'role', label: l('角色', 'Role') },
              { value: 'dept', label: l('部门', 'Dept') },
              { value: 'post', label: l('岗位', 'Post') },
            ]}
            data-testid="panel-candidate-groups-kind"
          />
          <TreeSelect
            style={{ flex: 1, minWidth: 0 }}
            placeholder={groupKind === 'role' ? l('添加角色', 'Add a role') : groupKind === 'dept' ? l('添加部门', 'Add a dept') : l('添加岗位', 'Add a post')}
            key={`${groupKind}:${str(bo.candidateGroups)}` /* empty again after each addition */}
            treeData={(groupTree ?? []) as never}
            treeDefaultExpandAll
            onChange={(id: string) => id && update({ 'flowable:candidateGroups': appendIds(str(bo.candidateGroups), [id]) })}
            onOpenChange={(open) => open && setWantGroups(true)}
            data-testid="panel-candidate-groups-role"
          />
        </Flex>
      </Form.Item>
      <MultiInstance bo={bo} element={element} diagram={diagram} update={update} />
      <Form.Item label={l('默认回退节点', 'Default rollback node')}>
        <Select
          allowClear
          value={str(bo.rollbackNode) || undefined}
          onChange={(v?: string) => update({ 'hjl:rollbackNode': v || undefined })}
          options={userTasks}
          data-testid="panel-task-rollback"
        />
      </Form.Item>
      <Divider plain>{l('按钮', 'Buttons')}</Divider>
      <Checkbox.Group
        value={chosen.map((b) => b.code)}
        onChange={(codes) => {
          const known = buttons.data ?? [];
          const kept = chosen.filter((b) => codes.includes(b.code));
          const added = codes
            .filter((c) => !chosen.some((b) => b.code === c))
            .map((c) => ({ code: String(c), name: known.find((k) => k.buttonKey === c)?.name ?? '' }));
          setExtensions('hjl:Button', buttonElements(moddle, [...kept, ...added]));
        }}
        options={[
          ...(buttons.data ?? []).map((b) => ({ value: b.buttonKey, label: b.name })),
          ...chosen.filter((b) => !buttons.data?.some((k) => k.buttonKey === b.code)).map((b) => ({ value: b.code, label: b.name || b.code })),
        ]}
        data-testid="panel-buttons"
      />
      <Divider plain>{l('字段权限', 'Field permissions')}</Divider>
      {formKey ? (
        <Table<FormColumn>
          size="small"
          rowKey="columnName"
          pagination={false}
          dataSource={formFields.data ?? []}
          loading={formFields.isFetching}
          data-testid="panel-fields"
          columns={[
            { title: l('字段', 'Field'), dataIndex: 'columnDescribe', render: (v: string, f) => <span title={f.columnName}>{v}</span> },
            ...(['readable', 'writable', 'required'] as const).map((k) => ({
              title: label({ readable: { zh: '可读', en: 'Read' }, writable: { zh: '可写', en: 'Write' }, required: { zh: '必填', en: 'Required' } }[k]),
              key: k,
              width: 52,
              render: (_: unknown, f: FormColumn): ReactNode => {
                const p = permissionOf(f);
                // Writable needs readable, required needs writable.
                const off = (k === 'writable' && !p.readable) || (k === 'required' && !p.writable);
                return (
                  <Checkbox
                    checked={p[k] && !off}
                    disabled={off}
                    onChange={(e) => setPermission({ ...p, [k]: e.target.checked })}
                    data-testid={`panel-field-${f.columnName}-${k}`}
                  />
                );
              },
            })),
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{l('请先选择流程表单', 'Choose the form first')}</Typography.Text>
      )}
    </>
  );
}

function MultiInstance({ bo, element, diagram, update }: SectionProps & { element: DiagramElement; diagram: BpmnDiagram }) {
  const l = useL();
  const modeling = diagram.get('modeling');
  const moddle = diagram.get('moddle');
  const lc = bo.loopCharacteristics as ModdleElement | undefined;
  const multi = lc?.$type === 'bpmn:MultiInstanceLoopCharacteristics' ? lc : undefined;
  const mode = !multi ? 'none' : multi.isSequential ? 'sequential' : 'parallel';
  const setLoop = (props: Record<string, unknown>) => multi && modeling.updateModdleProperties(element, multi, props);
  const expr = (text: string) => (text.trim() ? moddle.create('bpmn:FormalExpression', { body: text.trim() }) : undefined);
  const completion = parseCompletion(bodyText(multi?.completionCondition));
  const setCompletion = (c: Completion) => setLoop({ completionCondition: expr(completionExpression(c) ?? '') });
  return (
    <>
      <Divider plain>{l('多实例(会签)', 'Multi-instance')}</Divider>
      <Radio.Group
        value={mode}
        onChange={(e) => {
          const v = e.target.value as string;
          if (v === 'none') update({ loopCharacteristics: undefined });
          else if (multi) setLoop({ isSequential: v === 'sequential' });
          else update({ loopCharacteristics: moddle.create('bpmn:MultiInstanceLoopCharacteristics', { isSequential: v === 'sequential' }) });
        }}
        options={[
          { value: 'none', label: l('无', 'None') },
          { value: 'sequential', label: l('串行', 'Sequential') },
          { value: 'parallel', label: l('并行', 'Parallel') },
        ]}
        data-testid="panel-multi"
      />
      {multi && (
        <div style={{ marginTop: 8 }}>
          <Form.Item label={l('集合', 'Collection')} tooltip={l('变量名或表达式,如 assigneeList', 'A variable or an expression')}>
            <CommitInput value={str(multi.collection)} onCommit={(v) => setLoop({ 'flowable:collection': v || undefined })} testId="panel-multi-collection" />
          </Form.Item>
          <Form.Item label={l('元素变量', 'Element variable')}>
            <CommitInput
              value={str(multi.elementVariable)}
              onCommit={(v) => setLoop({ 'flowable:elementVariable': v || undefined })}
              testId="panel-multi-element"
              placeholder="assignee"
            />
          </Form.Item>
          <Form.Item label={l('实例数量', 'Cardinality')}>
            <CommitInput value={bodyText(multi.loopCardinality)} onCommit={(v) => setLoop({ loopCardinality: expr(v) })} testId="panel-multi-cardinality" />
          </Form.Item>
          <Form.Item label={l('完成条件', 'Completion')}>
            <Radio.Group
              value={completion.kind}
              onChange={(e) => {
                const kind = e.target.value as Completion['kind'];
                setCompletion(
                  kind === 'ratio' ? { kind, ratio: 0.5 } : kind === 'custom' ? { kind, expression: bodyText(multi.completionCondition) } : { kind },
                );
              }}
              options={[
                { value: 'all', label: l('全部通过', 'All') },
                { value: 'any', label: l('任一通过', 'Any one') },
                { value: 'ratio', label: l('按比例', 'Ratio') },
                { value: 'custom', label: l('表达式', 'Expression') },
              ]}
              data-testid="panel-multi-completion"
            />
          </Form.Item>
          {completion.kind === 'ratio' && (
            <InputNumber
              min={0.01}
              max={1}
              step={0.1}
              value={completion.ratio}
              onChange={(v) => v && setCompletion({ kind: 'ratio', ratio: v })}
              data-testid="panel-multi-ratio"
            />
          )}
          {completion.kind === 'custom' && (
            <CommitInput value={completion.expression} onCommit={(v) => setCompletion({ kind: 'custom', expression: v })} testId="panel-multi-expression" />
          )}
        </div>
      )}
    </>
  );
}

function FlowSection({ bo, update, diagram }: SectionProps & { diagram: BpmnDiagram }) {
  const l = useL();
  const moddle = diagram.get('moddle');
  const conditions = useConditions();
  const text = bodyText(bo.conditionExpression);
  const setCondition = (v: string) => update({ conditionExpression: v.trim() ? moddle.create('bpmn:FormalExpression', { body: v.trim() }) : undefined });
  return (
    <>
      <Form.Item label={l('条件表达式', 'Condition')}>
        <CommitInput value={text} onCommit={setCondition} testId="panel-condition" placeholder="${days > 3}" textarea />
      </Form.Item>
      <Form.Item label={l('从条件库选择', 'From the condition library')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          value={(conditions.data ?? []).find((c) => c.expression === text)?.id}
          onChange={(id?: string) => setCondition((conditions.data ?? []).find((c) => c.id === id)?.expression ?? '')}
          options={(conditions.data ?? []).map((c) => ({ value: c.id, label: `${c.name}: ${c.expression}` }))}
          data-testid="panel-condition-library"
        />
      </Form.Item>
    </>
  );
}
