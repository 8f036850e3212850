/**
 * /contract/hjlContract (合同列表): the contracts (CrudPage on contractEntity, approval mode: 审批状态, 提交 /
 * 重新提交 / 撤回 / 审批详情), searched by number, name, customer, business type, link status, sign date range
 * and approval status; 详情 opens /contract/hjlContractDetail/{id}; 补充协议 on an approved main contract;
 * 解除关联 on a linked one; 导出 the columns shown.
 */
import { APPROVAL_STATUS, contractEntity } from '@hjl/core';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { CrudPage, type Row } from '../../components/CrudPage';
import { contractDetailPath, resetLink } from './api';
import { ReplenishDialog } from './ReplenishDialog';

export const CONTRACT_TEXT = {
  replenish: { zh: '补充协议', en: 'Supplement' },
  resetLink: { zh: '解除关联', en: 'Unlink' },
  resetConfirm: { zh: '确定解除该合同与项目的关联吗?', en: 'Unlink the contract from its projects?' },
  done: { zh: '操作成功', en: '操作成功' },
  tip: { zh: '提示', en: 'Confirm' },
};

/** The contract list; `fixed` confines it (a customer's contracts on the customer's detail page). */
export function ContractList({ fixed }: { fixed?: Record<string, string> }) {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [main, setMain] = useState<Row | null>(null);
  const [reloadList, setReload] = useState<(() => Promise<void>) | null>(null);

  const unlink = (row: Row, reload: () => Promise<void>) =>
    modal.confirm({
      title: label(CONTRACT_TEXT.tip),
      content: label(CONTRACT_TEXT.resetConfirm),
      okButtonProps: { 'data-testid': 'contract-reset-ok' } as never,
      onOk: async () => {
        try {
          await resetLink(row.id);
          void message.success(label(CONTRACT_TEXT.done));
          await reload();
        } catch {
          // The API client has shown the server's reason.
        }
      },
    });

  return (
    <>
      <CrudPage
        def={contractEntity}
        fixed={fixed}
        bordered={!fixed}
        dateRange="signDate"
        // 详情 opens the detail page: no second 查看 beside it (as on the customer list).
        viewButton={false}
        actionWidth={280}
        testId="contract-list"
        rowActions={(row, ctx) => (
          <>
            <Button type="link" size="small" onClick={() => navigate(contractDetailPath(row.id))} data-testid={`contract-detail-${row.id}`}>
              {t('crud.detail')}
            </Button>
            {!row.parentId && Number(row.status) === APPROVAL_STATUS.approved && (
              <Permit code="contract_replenish">
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setReload(() => ctx.reload);
                    setMain(row);
                  }}
                  data-testid={`contract-replenish-${row.id}`}
                >
                  {label(CONTRACT_TEXT.replenish)}
                </Button>
              </Permit>
            )}
            {Number(row.linkStatus) === 1 && !row.parentId && (
              <Permit code="contract_reset_link">
                <Button type="link" size="small" danger onClick={() => unlink(row, ctx.reload)} data-testid={`contract-reset-${row.id}`}>
                  {label(CONTRACT_TEXT.resetLink)}
                </Button>
              </Permit>
            )}
          </>
        )}
      />
      <ReplenishDialog
        main={main}
        onClose={() => setMain(null)}
        onSaved={() => {
          setMain(null);
          void reloadList?.();
        }}
      />
    </>
  );
}

export default function ContractPage() {
  return <ContractList />;
}
