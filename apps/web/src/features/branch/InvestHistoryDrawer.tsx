/** 历史 of an investment record: every snapshot its submits kept (his/page), newest first; one opened in full (his/detail). */
import { investInfoHisEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Table } from 'antd';
import { useLabel } from '../../app/i18n';
import { moneyText } from '../../components/MoneyText';
import type { Row } from '../../components/CrudPage/fields';
import { investHistoryQuery } from './api';

const f = investInfoHisEntity.fields;

export function InvestHistoryDrawer({ investInfoId, onClose }: { investInfoId: string | null; onClose: () => void }) {
  const label = useLabel();
  const his = useQuery(investHistoryQuery(investInfoId));
  return (
    <Drawer open={investInfoId !== null} onClose={onClose} size={900} title={label({ zh: '投资信息历史', en: 'Investment history' })} destroyOnHidden>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={his.isPending && investInfoId !== null}
        dataSource={his.data?.records ?? []}
        pagination={false}
        data-testid="invest-history"
        columns={[
          { title: label(f.version.label), dataIndex: 'version', width: 70 },
          { title: label(f.investor.label), dataIndex: 'investor' },
          { title: label(f.investAmount.label), dataIndex: 'investAmount', width: 140, render: (v: string) => moneyText(v) },
          { title: label(f.investRatio.label), dataIndex: 'investRatio', width: 110 },
          { title: label(f.investDate.label), dataIndex: 'investDate', width: 110 },
          { title: label({ zh: '提交时间', en: 'Submitted' }), dataIndex: 'createTime', width: 170 },
          { title: label(f.remark.label), dataIndex: 'remark' },
        ]}
      />
    </Drawer>
  );
}
