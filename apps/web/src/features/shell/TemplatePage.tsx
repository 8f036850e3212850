/**
 * /template (S2 L33): 页面模板 — the page shapes every screen of the product is built from (and the code generator
 * emits, BUSINESS.md WP8b), each with a page of the product that shows it; a link opens it when the user is
 * granted it.
 */
import { Button, Card, Col, Row, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useGranted } from '../../app/auth';

const TEMPLATES = [
  { name: '单表', text: '一种记录的列表:查询、分页、列设置、新增修改删除、导出导入。', path: '/marketing/hjlCustomer', code: 'customer', example: '客户管理' },
  { name: '树表', text: '左侧树(部门、分类)筛选右侧列表,或列表本身按层级展开。', path: '/system/dept', code: 'dept', example: '部门管理' },
  {
    name: '主子表',
    text: '一条记录带若干明细行(报销的费用明细、出差的行程),随记录一起保存和审批。',
    path: '/finance/hjlApplyExpense',
    code: 'apply_expense',
    example: '费用报销',
  },
  { name: '详情页', text: '一条记录的详情与其相关记录的页签(合同、收款、发票……)。', path: '/hjlProject/hjlProject', code: 'project', example: '项目管理' },
  { name: '统计报表', text: '按类型、月份、状态汇总的图表与合计,数据范围与列表相同。', path: '/report/reportlist', code: 'report', example: '报表列表' },
] as const;

export default function TemplatePage() {
  const navigate = useNavigate();
  const granted = useGranted();
  return (
    <Row gutter={[16, 16]}>
      {TEMPLATES.map((tpl) => (
        <Col xs={24} md={12} xl={8} key={tpl.name}>
          <Card title={tpl.name} data-testid={`template-${tpl.name}`}>
            <Typography.Paragraph>{tpl.text}</Typography.Paragraph>
            <Button type="link" style={{ padding: 0 }} disabled={!granted(tpl.code)} onClick={() => navigate(tpl.path)}>
              示例:{tpl.example}
            </Button>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
