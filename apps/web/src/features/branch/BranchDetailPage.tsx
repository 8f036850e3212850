/**
 * /finance/hjlFilialeDetail/{id}: one branch (opens no tab: settings.noTabPaths, S2 L91), with the tabs 基本信息,
 * 管理记录, 保证金, 合同, 账户, 分红, 提成, 投资 (S2 L47) — each of its kinds of record the user's role may list, confined
 * to the branch.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { branchChildEntities, dictKeyOf, filialeEntity, permissionCodes, type FieldDef, type Label } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useGranted } from '../../app/auth';
import { useDicts } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { displayValue } from '../../components/CrudPage/fields';
import { branchQuery } from './api';
import { BranchRecords } from './BranchRecords';

const fields = Object.entries(filialeEntity.fields) as [string, FieldDef][];
const dictCodes = [...new Set(fields.flatMap(([, f]) => (f.dict ? [dictKeyOf(f)] : [])))];

/** The tab titles of S2 L47, by record kind. */
const TAB_TITLES: Record<string, Label> = {
  filiale_mgmt: { zh: '管理记录', en: 'Management' },
  filiale_deposit: { zh: '保证金', en: 'Deposits' },
  filiale_contract: { zh: '合同', en: 'Contracts' },
  filiale_account: { zh: '账户', en: 'Accounts' },
  dividend: { zh: '分红', en: 'Dividends' },
  withdraw_share: { zh: '提成', en: 'Withdrawals' },
  invest_info: { zh: '投资', en: 'Investment' },
};

export default function BranchDetailPage() {
  const { id = '' } = useParams();
  const label = useLabel();
  const navigate = useNavigate();
  const dicts = useDicts(dictCodes);
  const granted = useGranted();
  const detail = useQuery(branchQuery(id));
  const kinds = branchChildEntities.filter((def) => granted(permissionCodes(def).view));

  if (detail.isError) return <Result status="404" title={label({ zh: '分公司不存在或无权访问', en: 'No such branch' })} />;
  const b = detail.data;
  const basic = b ? (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="filiale-basic">
      {fields.map(([name, f]) => (
        <Descriptions.Item key={name} label={label(f.label)} span={name === 'remark' || name === 'address' ? 'filled' : undefined}>
          {displayValue(f, dicts[dictKeyOf(f)] ?? [], f.display ? (b[f.display] ?? b[name]) : b[name])}
        </Descriptions.Item>
      ))}
    </Descriptions>
  ) : (
    <Skeleton active />
  );
  return (
    <Flex vertical gap={16} data-testid="filiale-detail">
      <Card>
        <Flex align="center" gap={12} style={{ marginBottom: 8 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} data-testid="filiale-detail-back">
            {label({ zh: '返回', en: 'Back' })}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="filiale-detail-name">
            {b ? String(b.filialeName) : ''}
          </Typography.Title>
        </Flex>
        <Tabs
          destroyOnHidden
          items={[
            { key: 'basic', label: <span data-testid="filiale-tab-basic">{label({ zh: '基本信息', en: 'Basic' })}</span>, children: basic },
            ...(b
              ? kinds.map((def) => ({
                  key: def.name,
                  label: <span data-testid={`filiale-tab-${def.name}`}>{label(TAB_TITLES[def.name] ?? def.label)}</span>,
                  children: <BranchRecords def={def} filialeId={id} />,
                }))
              : []),
          ]}
        />
      </Card>
    </Flex>
  );
}
