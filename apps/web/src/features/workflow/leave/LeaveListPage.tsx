/**
 * /work/process/leave (请假流程): the user's leave requests (all for administrators) with their approval
 * status; 请假申请 opens the form of the latest leave process, 查看 its detail screen (the handle screen when
 * the user holds its open task), 删除 (not while under approval).
 */
import { LEAVE_PROCESS_KEY, leaveEntity } from '@hjl/core';
import { App, Button } from 'antd';
import { useNavigate } from 'react-router';
import { usePermission } from '../../../app/auth';
import { useLabel } from '../../../app/i18n';
import { ApprovalStatusTag } from '../../../components/ApprovalStatusTag';
import { CrudPage, type Row } from '../../../components/CrudPage';
import { fetchStartForm } from '../process/api';
import { leaveDetailPath, leaveFormPath } from './api';
import { LL } from './labels';

export default function LeaveListPage() {
  const label = useLabel();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const mayView = usePermission('wf_leave_view');

  const apply = async () => {
    try {
      const form = await fetchStartForm({ processDefKey: LEAVE_PROCESS_KEY });
      navigate(leaveFormPath(form.processDefinitionId));
    } catch {
      void message.error(label(LL.notDeployed));
    }
  };

  return (
    <CrudPage
      def={leaveEntity}
      viewButton={false}
      actionWidth={140}
      addButton={{ label: LL.apply, onClick: () => void apply() }}
      extraColumns={[
        { key: 'taskUserName', dataIndex: 'taskUserName', title: label(LL.approver), width: 100 },
        {
          key: 'status',
          dataIndex: 'status',
          title: label(LL.status),
          width: 100,
          render: (status: unknown, row: Row) => (
            <ApprovalStatusTag status={status} processInstanceId={row.processInstanceId} testId={`leave-status-${String(row.id)}`} />
          ),
        },
      ]}
      rowActions={(row: Row) =>
        mayView && row.processInstanceId ? (
          <Button
            type="link"
            size="small"
            onClick={() => navigate(leaveDetailPath(String(row.processInstanceId), String(row.id)))}
            data-testid={`leave-view-${String(row.id)}`}
          >
            {label(LL.view)}
          </Button>
        ) : null
      }
    />
  );
}
