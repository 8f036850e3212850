import { describe, expect, it } from 'vitest';
import { columnAccess, columnValueError, fieldPermission, formValueErrors, parseFormColumns, type FormColumn } from './workflow-form.ts';

describe('parseFormColumns', () => {
  it('normalises the specs’ dynamic form columns', () => {
    const r = parseFormColumns(
      JSON.stringify([
        { columnName: 'days', columnDescribe: '请假天数', columnType: 1, isRequired: '1', isShowList: 1, isCondition: 1 },
        { columnName: 'leaveType', columnDescribe: '请假类型', columnType: 2, dictTag: 'leave_type', isRequired: 0 },
        { columnName: 'dept', columnDescribe: '部门', columnType: 4, modelPath: 'dept', permissions: { approve: { readable: true, writable: false } } },
      ]),
    );
    expect(r).toEqual({
      columns: [
        { columnName: 'days', columnDescribe: '请假天数', columnType: 1, isRequired: 1, isShowList: 1, isCondition: 1 },
        { columnName: 'leaveType', columnDescribe: '请假类型', columnType: 2, isRequired: 0, isShowList: 0, isCondition: 0, dictTag: 'leave_type' },
        {
          columnName: 'dept',
          columnDescribe: '部门',
          columnType: 4,
          isRequired: 1,
          isShowList: 0,
          isCondition: 0,
          modelPath: 'dept',
          permissions: { approve: { readable: true, writable: false } },
        },
      ],
    });
    if (!('columns' in r)) throw new Error();
    expect(fieldPermission(r.columns[2]!, 'approve')).toEqual({ readable: true, writable: false });
    expect(fieldPermission(r.columns[2]!, 'start')).toEqual({ readable: true, writable: true });
  });

  it('names the mistake', () => {
    const bad: [unknown, string][] = [
      ['{', '表单字段不是有效的JSON'],
      [{}, '表单字段应为字段列表'],
      [[1], '第1个字段格式不正确'],
      [[{ columnDescribe: 'x' }], '第1个字段缺少字段名(columnName)'],
      [[{ columnName: '1a', columnDescribe: 'x' }], '字段名只能包含字母、数字和下划线,且以字母或下划线开头: 1a'],
      [
        [
          { columnName: 'a', columnDescribe: 'x' },
          { columnName: 'a', columnDescribe: 'y' },
        ],
        '字段名重复: a',
      ],
      [[{ columnName: 'a' }], '请填写字段描述: a'],
      [[{ columnName: 'a', columnDescribe: 'x', isRequired: 2 }], '字段开关只能是0或1: a'],
      [[{ columnName: 'a', columnDescribe: 'x', columnType: 2 }], '下拉字段需选择字典: a'],
      [[{ columnName: 'a', columnDescribe: 'x', columnType: 4, modelPath: 'user' }], '树形字段的数据来源只能是dept或post: a'],
      [[{ columnName: 'a', columnDescribe: 'x', columnType: 4 }], '树形字段需选择数据来源(dept或post): a'],
      [[{ columnName: 'a', columnDescribe: 'x', permissions: { n1: { readable: true } } }], '字段权限应写明readable和writable: a.n1'],
      [[{ columnName: 'a', columnDescribe: 'x', permissions: { n1: { readable: false, writable: true } } }], '不可读的字段不能可写: a.n1'],
    ];
    for (const [input, error] of bad) expect(parseFormColumns(input), JSON.stringify(input)).toEqual({ error });
  });
});

describe('form values at a place', () => {
  const columns = (
    parseFormColumns([
      { columnName: 'days', columnDescribe: '请假天数', columnType: 1 },
      { columnName: 'phone', columnDescribe: '联系电话', columnType: 1, isRequired: 0, format: 'mobile' },
      { columnName: 'note', columnDescribe: '备注', columnType: 1, isRequired: 0, permissions: { approve: { readable: true, writable: false } } },
      { columnName: 'secret', columnDescribe: '内部意见', columnType: 1, permissions: { start: { readable: false, writable: false } } },
    ]) as { columns: FormColumn[] }
  ).columns;
  const [days, phone, note, secret] = columns as [FormColumn, FormColumn, FormColumn, FormColumn];

  it('accepts only the format names of the validators', () => {
    expect(phone.format).toBe('mobile');
    expect(parseFormColumns([{ columnName: 'a', columnDescribe: 'x', format: 'toString' }])).toEqual({ error: '字段格式不正确: a' });
  });

  it('restricts a column by its permission and by the node’s field rule', () => {
    expect(columnAccess(days)).toEqual({ readable: true, writable: true, required: true });
    expect(columnAccess(note, { nodeId: 'approve' })).toEqual({ readable: true, writable: false, required: false });
    expect(columnAccess(secret, { nodeId: 'start' })).toEqual({ readable: false, writable: false, required: false });
    expect(columnAccess(phone, { nodeId: 'n', nodeFields: [{ name: 'phone', readable: true, writable: true, required: true }] })).toEqual({
      readable: true,
      writable: true,
      required: true,
    });
    expect(columnAccess(days, { nodeId: 'n', nodeFields: [{ name: 'days', readable: true, writable: false, required: false }] }).writable).toBe(false);
    expect(columnAccess(days, { readOnly: true })).toEqual({ readable: true, writable: false, required: false });
  });

  it('names every mistake, and none of a field that is not writable there', () => {
    expect(formValueErrors(columns, { days: '  ', phone: '12345' })).toEqual(['请填写请假天数', '请输入正确的手机号码', '请填写内部意见']);
    expect(formValueErrors(columns, { days: 3, phone: '13912345678', secret: 'x' })).toEqual([]);
    expect(formValueErrors(columns, {}, { nodeId: 'start' })).toEqual(['请填写请假天数']);
    expect(formValueErrors(columns, {}, { readOnly: true })).toEqual([]);
    expect(columnValueError(days, columnAccess(days), [])).toBe('请填写请假天数');
  });
});
