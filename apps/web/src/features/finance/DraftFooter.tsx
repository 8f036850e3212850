/**
 * The footer of a finance dialog whose record is saved as a draft or sent for approval (报销, 财务单据):
 * 关闭 when read-only, else 取消 / 保存 / 提交审批 with the pressed button loading and both disabled meanwhile.
 */
import { Button } from 'antd';
import { useLabel } from '../../app/i18n';
import { FIN } from './labels';

export type DraftAction = 'save' | 'start';

export function draftFooter(
  label: ReturnType<typeof useLabel>,
  opts: { readOnly: boolean; busy: DraftAction | null; onClose: () => void; send: (how: DraftAction) => Promise<void>; testId: string },
) {
  const { readOnly, busy, onClose, send, testId } = opts;
  if (readOnly)
    return [
      <Button key="close" onClick={onClose}>
        {label(FIN.close)}
      </Button>,
    ];
  return [
    <Button key="cancel" onClick={onClose}>
      {label(FIN.cancel)}
    </Button>,
    <Button key="save" loading={busy === 'save'} disabled={!!busy} onClick={() => void send('save')} data-testid={`${testId}-save`}>
      {label(FIN.save)}
    </Button>,
    <Button key="start" type="primary" loading={busy === 'start'} disabled={!!busy} onClick={() => void send('start')} data-testid={`${testId}-start`}>
      {label(FIN.submitApproval)}
    </Button>,
  ];
}
