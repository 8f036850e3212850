/**
 * A branch's records on their own lists and as tabs of the branch detail page: one CrudPage each, the branch chosen
 * with its picker (the fields' `ref: 'branch'`) — or fixed, in the detail page's tab. Dividends bring their form with
 * the profit items, 详情 / 利润项目 and 发放; investment records their history.
 */
import { dividendEntity, investInfoEntity, type EntityDef } from '@hjl/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { CrudPage } from '../../components/CrudPage';
import type { Row } from '../../components/CrudPage/fields';
import { DividendDialog } from './DividendDialog';
import { InvestHistoryDrawer } from './InvestHistoryDrawer';
import { PayDividendDialog } from './PayDividendDialog';

export const dividendDetailsPath = (id: string) => `/finance/hjlDividend_Details?id=${id}`;
export const dividendItemsPath = (id: string) => `/finance/hjlDividend_component_details?id=${id}`;

function Dividends({ filialeId }: { filialeId?: string }) {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  const [paying, setPaying] = useState<{ row: Row; reload: () => Promise<void> } | null>(null);
  return (
    <>
      <CrudPage
        def={dividendEntity}
        fixed={filialeId ? { filialeId } : undefined}
        bordered={!filialeId}
        actionWidth={330}
        editor={(props) => <DividendDialog {...props} filialeId={filialeId} />}
        rowLocked={(row) => Number(row.payState) === 1}
        rowActions={(row, ctx) => (
          <>
            <Button type="link" size="small" onClick={() => navigate(dividendDetailsPath(row.id))} data-testid={`dividend-details-${row.id}`}>
              {t('crud.detail')}
            </Button>
            <Button type="link" size="small" onClick={() => navigate(dividendItemsPath(row.id))} data-testid={`dividend-items-${row.id}`}>
              {label({ zh: '利润项目', en: 'Profit items' })}
            </Button>
            {Number(row.payState) !== 1 && (
              <Permit code="dividend_pay">
                <Button type="link" size="small" onClick={() => setPaying({ row, reload: ctx.reload })} data-testid={`dividend-pay-${row.id}`}>
                  {label({ zh: '发放', en: 'Pay' })}
                </Button>
              </Permit>
            )}
          </>
        )}
      />
      <PayDividendDialog
        row={paying?.row ?? null}
        onClose={() => setPaying(null)}
        onPaid={() => {
          void paying?.reload();
          setPaying(null);
        }}
      />
    </>
  );
}

function InvestRecords({ filialeId }: { filialeId?: string }) {
  const label = useLabel();
  const [history, setHistory] = useState<string | null>(null);
  return (
    <>
      <CrudPage
        def={investInfoEntity}
        fixed={filialeId ? { filialeId } : undefined}
        bordered={!filialeId}
        actionWidth={240}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setHistory(row.id)} data-testid={`invest-history-${row.id}`}>
            {label({ zh: '历史', en: 'History' })}
          </Button>
        )}
      />
      <InvestHistoryDrawer investInfoId={history} onClose={() => setHistory(null)} />
    </>
  );
}

/** The list of one kind of branch record; `filialeId` confines it to one branch (a detail-page tab). */
export function BranchRecords({ def, filialeId }: { def: EntityDef; filialeId?: string }) {
  if (def.name === dividendEntity.name) return <Dividends filialeId={filialeId} />;
  if (def.name === investInfoEntity.name) return <InvestRecords filialeId={filialeId} />;
  return <CrudPage def={def} fixed={filialeId ? { filialeId } : undefined} bordered={!filialeId} />;
}

export const DividendPage = () => <Dividends />;
export const InvestPage = () => <InvestRecords />;
