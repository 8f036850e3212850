/**
 * 审批详情 (S2 L104, L212-213, L252-259): the drawer of an approvable record, 800 px (the drawer default, S2 L546),
 * with the tabs 基本信息, 审批详情 (付款详情 for a payment), 保证金退还详情, 还款详情 and 审批节点图:
 * - only an approved record (status 2) shows the approval, refund and repayment tabs;
 * - a record whose `isDraft` is not 0 (it was sent for approval) shows the node diagram tab;
 * - the process definition key chooses the view (./views.ts): the area owning the process plugs its content in,
 *   the four keys of S2 L255-259 choose their tabs;
 * - 打印审批单 in its header downloads the record's printed approval sheet (PrintSheetButton).
 */
import type { EntityDef, Label } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Collapse, Descriptions, Drawer, Empty, Flex, Spin, Tabs, Tag, Typography } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { useLabel } from '../../app/i18n';
import { ApprovalStatusTag } from '../ApprovalStatusTag';
import { Attachments, type FileItem } from '../Attachments';
import { FlowChart } from '../FlowChartDialog';
import { MoneyText } from '../MoneyText';
import { WorkflowTimeline } from '../WorkflowTimeline';
import { processHistoryQuery } from './api';
import { PrintSheetButton } from './PrintSheetButton';
import { RecordDetails } from './RecordDetails';
import { approvalViewOf, processKeyOf, type ApprovalRecord, type ApprovalViewComponent } from './views';

export const APPROVAL_DRAWER_WIDTH = 800;

export type DrawerTab = 'basic' | 'approval' | 'refund' | 'repayment' | 'diagram';

export const TAB_LABELS: Record<DrawerTab | 'payment', Label> = {
  basic: { zh: '基本信息', en: 'Basic information' },
  approval: { zh: '审批详情', en: 'Approval details' },
  payment: { zh: '付款详情', en: 'Payment details' },
  refund: { zh: '保证金退还详情', en: 'Deposit refund' },
  repayment: { zh: '还款详情', en: 'Repayment' },
  diagram: { zh: '审批节点图', en: 'Approval diagram' },
};

const T = {
  title: { zh: '审批详情', en: 'Approval details' },
  status: { zh: '审批状态', en: 'Status' },
  money: { zh: '金额', en: 'Amount' },
  files: { zh: '附件', en: 'Attachments' },
  submitTime: { zh: '提交时间', en: 'Submitted' },
  history: { zh: '审批记录', en: 'Approval history' },
  noInstance: { zh: '尚未发起审批', en: 'Not sent for approval yet' },
  round: { zh: '第 {n} 次提交', en: 'Submission {n}' },
  running: { zh: '进行中', en: 'Running' },
  ended: { zh: '已结束', en: 'Ended' },
};

/** One process instance a record has had (`<api>/get/process_his/{id}`, newest first). */
/**
 * 审批记录: every instance the record has had, newest first and open, each with its timeline; a record of one
 * instance (or a list without the history call) shows that instance's timeline.
 */
function ApprovalHistory({ record, api }: { record: ApprovalRecord; api?: string }) {
  const label = useLabel();
  const his = useQuery(processHistoryQuery(api, record.id));
  if (!record.processInstanceId) return <Empty description={label(T.noInstance)} />;
  if (api && his.isPending) return <Spin />;
  const instances = his.data?.records ?? [];
  if (instances.length < 2) return <WorkflowTimeline processInstanceId={record.processInstanceId} />;
  return (
    <Collapse
      data-testid="approval-history-rounds"
      defaultActiveKey={[instances[0]!.processInstanceId]}
      items={instances.map((inst, i) => ({
        key: inst.processInstanceId,
        label: (
          <Flex gap={8} wrap align="center">
            <Typography.Text strong>{label(T.round).replace('{n}', String(instances.length - i))}</Typography.Text>
            {inst.serialNumber && <Typography.Text type="secondary">{inst.serialNumber}</Typography.Text>}
            {inst.startTime && <Typography.Text type="secondary">{inst.startTime}</Typography.Text>}
            <Tag color={inst.endTime ? 'default' : 'processing'}>{label(inst.endTime ? T.ended : T.running)}</Tag>
          </Flex>
        ),
        children: inst.flow ? <WorkflowTimeline flow={inst.flow} /> : <WorkflowTimeline processInstanceId={inst.processInstanceId} />,
      }))}
    />
  );
}

/** The tabs a record shows (S2 L253-254), in order. */
export function drawerTabs(record: ApprovalRecord): DrawerTab[] {
  const view = approvalViewOf(processKeyOf(record));
  const tabs: DrawerTab[] = ['basic'];
  if (Number(record.status) === 2) {
    tabs.push('approval');
    if (view.refundTab) tabs.push('refund');
    if (view.repaymentTab) tabs.push('repayment');
  }
  // `isDraft != 0` (S2 L254): anything but a draft that was never sent; there must be an instance to draw.
  if ((record.isDraft === undefined || record.isDraft === null || Number(record.isDraft) !== 0) && record.processInstanceId) tabs.push('diagram');
  return tabs;
}

/** A record's files: file items, or urls joined by commas (`filePath`). */
export function filesOf(value: unknown): FileItem[] {
  if (Array.isArray(value)) return value as FileItem[];
  if (typeof value !== 'string' || !value.trim()) return [];
  return value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url) => ({ label: decodeURIComponent(url.split('/').pop() ?? url), value: url }));
}

/** The generic approval detail: the approval detail form (status, amount, files, submitted) and the history. */
export function ApprovalDetail({ record, api }: { record: ApprovalRecord; api?: string }) {
  const label = useLabel();
  const files = filesOf(record.filePath);
  return (
    <Flex vertical gap={16} data-testid="approval-detail">
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={label(T.status)}>
          <ApprovalStatusTag status={record.status} isDraft={record.isDraft} />
        </Descriptions.Item>
        <Descriptions.Item label={label(T.submitTime)}>{typeof record.submitTime === 'string' ? record.submitTime : '-'}</Descriptions.Item>
        {record.money !== undefined && (
          <Descriptions.Item label={label(T.money)} span={2}>
            <MoneyText value={record.money as string | null} testId="approval-detail-money" />
          </Descriptions.Item>
        )}
        {files.length > 0 && (
          <Descriptions.Item label={label(T.files)} span={2}>
            <Attachments value={files} mode="view" testId="approval-detail-files" />
          </Descriptions.Item>
        )}
      </Descriptions>
      <div>
        <Typography.Title level={5}>{label(T.history)}</Typography.Title>
        <ApprovalHistory record={record} api={api} />
      </div>
    </Flex>
  );
}

export interface ApprovalDrawerProps {
  /** The record shown; the drawer is open while it is set. */
  record: ApprovalRecord | null;
  onClose: () => void;
  /** The record's definition: its fields make the 基本信息 tab (unless `basic` or a registered view gives one). */
  def?: EntityDef;
  /** The 基本信息 tab's content. */
  basic?: ReactNode;
  /** Drawer title (default 审批详情). */
  title?: string;
}

function View({ component: Component, record, api }: { component: ApprovalViewComponent; record: ApprovalRecord; api?: string }) {
  return (
    <Suspense fallback={<Spin />}>
      <Component record={record} api={api} />
    </Suspense>
  );
}

export function ApprovalDrawer({ record, onClose, def, basic, title }: ApprovalDrawerProps) {
  const label = useLabel();
  const [active, setActive] = useState<DrawerTab>('basic');
  // Each record opens on 基本信息.
  const [shownId, setShownId] = useState(record?.id);
  if (record?.id !== shownId) {
    setShownId(record?.id);
    setActive('basic');
  }
  const content = (tab: DrawerTab, r: ApprovalRecord): ReactNode => {
    const view = approvalViewOf(processKeyOf(r));
    switch (tab) {
      case 'basic':
        if (view.basic) return <View component={view.basic} record={r} api={def?.api} />;
        return basic ?? (def ? <RecordDetails def={def} record={r} /> : <Empty />);
      case 'approval':
        return view.approval ? <View component={view.approval} record={r} api={def?.api} /> : <ApprovalDetail record={r} api={def?.api} />;
      case 'refund':
        return view.refund ? <View component={view.refund} record={r} api={def?.api} /> : <ApprovalDetail record={r} api={def?.api} />;
      case 'repayment':
        return view.repayment ? <View component={view.repayment} record={r} api={def?.api} /> : <ApprovalDetail record={r} api={def?.api} />;
      case 'diagram':
        return <FlowChart processInstanceId={r.processInstanceId!} height={420} />;
    }
  };
  const tabs = record ? drawerTabs(record) : [];
  const view = record ? approvalViewOf(processKeyOf(record)) : undefined;
  return (
    <Drawer
      open={!!record}
      onClose={onClose}
      size={APPROVAL_DRAWER_WIDTH}
      title={title ?? label(T.title)}
      extra={record && def?.api ? <PrintSheetButton api={def.api} ids={[record.id]} /> : undefined}
      destroyOnHidden
      data-testid="approval-drawer"
    >
      {record && (
        <Tabs
          activeKey={tabs.includes(active) ? active : 'basic'}
          onChange={(key) => setActive(key as DrawerTab)}
          destroyOnHidden
          data-testid="approval-drawer-tabs"
          items={tabs.map((tab) => ({
            key: tab,
            label: (
              <span data-testid={`approval-tab-${tab}`}>{label(TAB_LABELS[tab === 'approval' && view?.approvalTab === 'payment' ? 'payment' : tab])}</span>
            ),
            children: content(tab, record),
          }))}
        />
      )}
    </Drawer>
  );
}
