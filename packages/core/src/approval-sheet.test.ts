import { describe, expect, it } from 'vitest';
import { commentLabel, detailFields, isTimelineStep, shownValue, stepName } from './approval-sheet.ts';
import type { EntityDef, FieldDef } from './entity.ts';

describe('what the drawer and the printed sheet show alike', () => {
  it('a detail shows form and list fields, never secrets or fields of neither', () => {
    const fields = {
      title: { type: 'string', label: { zh: '标题', en: 'Title' } },
      hidden: { type: 'string', label: { zh: '内部', en: 'Internal' }, form: false },
      listed: { type: 'string', label: { zh: '列表', en: 'Listed' }, form: false, list: true },
      secret: { type: 'string', label: { zh: '密码', en: 'Secret' }, secret: true },
    } as unknown as EntityDef['fields'];
    expect(detailFields({ fields }).map(([n]) => n)).toEqual(['title', 'listed']);
  });

  it('a reference shows its display name, else a name the record carries; an id without one is left out', () => {
    const ref = { type: 'id', label: { zh: '客户', en: 'Customer' } } as FieldDef;
    expect(shownValue('customerId', { ...ref, display: 'customerName' }, { customerId: '1', customerName: '甲公司' })).toBe('甲公司');
    expect(shownValue('customerId', ref, { customerId: '1', customerName: '乙公司' })).toBe('乙公司');
    expect(shownValue('customerId', ref, { customerId: '1' })).toBeUndefined();
  });

  it('names comments and steps as the timeline does: 驳回 and 回退 apart, 发起 and 结束, routing hidden', () => {
    expect(commentLabel({ type: 'rollbackComment', operation: 'reject' })?.zh).toBe('驳回');
    expect(commentLabel({ type: 'rollbackComment', operation: 'rollback' })?.zh).toBe('回退');
    expect(commentLabel({ type: 'comment' })?.zh).toBe('审批意见');
    expect(commentLabel({ type: 'unknownComment' })).toBeUndefined();
    expect(stepName({ historyActivityType: 'startEvent', historyActivityName: null }).zh).toBe('发起');
    expect(stepName({ historyActivityType: 'endEvent', historyActivityName: 'end' }).zh).toBe('结束');
    expect(stepName({ historyActivityType: 'userTask', historyActivityName: '部门经理审批' }).zh).toBe('部门经理审批');
    expect(['startEvent', 'userTask', 'endEvent'].map(isTimelineStep)).toEqual([true, true, true]);
    expect(['sequenceFlow', 'candidate', 'exclusiveGateway'].map(isTimelineStep)).toEqual([false, false, false]);
  });
});
