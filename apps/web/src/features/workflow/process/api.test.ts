import { describe, expect, it } from 'vitest';
import { formColumns, nextApproverChoices, startEventId } from './api';

const NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"';

describe('what the start screen reads from a definition', () => {
  it('asks for the assignee variable of the task after the start (the leave model’s ${approver})', () => {
    const xml = `<definitions ${NS}><process id="p"><startEvent id="s0"/><sequenceFlow id="f" sourceRef="s0" targetRef="t"/>
      <userTask id="t" name="审批人审批" flowable:assignee="\${approver}"/><sequenceFlow id="g" sourceRef="t" targetRef="u"/>
      <userTask id="u" name="复核" flowable:assignee="\${checker}"/></process></definitions>`;
    expect(nextApproverChoices(xml)).toEqual([{ variable: 'approver', taskName: '审批人审批', multiple: false }]);
    expect(startEventId(xml)).toBe('s0');
  });

  it('asks for several people for a multi-instance collection; nothing for fixed people, groups or expressions', () => {
    const xml = `<definitions ${NS}><process id="p"><startEvent id="s"/>
      <sequenceFlow id="a" sourceRef="s" targetRef="sign"/><sequenceFlow id="b" sourceRef="s" targetRef="fixed"/><sequenceFlow id="c" sourceRef="s" targetRef="group"/><sequenceFlow id="d" sourceRef="s" targetRef="expr"/>
      <userTask id="sign" name="会签" flowable:assignee="\${signer}"><multiInstanceLoopCharacteristics flowable:collection="\${signers}" flowable:elementVariable="signer"/></userTask>
      <userTask id="fixed" name="固定" flowable:assignee="1001"/><userTask id="group" name="组" flowable:candidateGroups="manager"/>
      <userTask id="expr" name="表达式" flowable:assignee="\${days > 3 ? a : b}"/></process></definitions>`;
    expect(nextApproverChoices(xml)).toEqual([{ variable: 'signers', taskName: '会签', multiple: true }]);
  });

  it('reads nothing from bad XML or a bad form design', () => {
    expect(nextApproverChoices('<not xml')).toEqual([]);
    expect(nextApproverChoices('')).toEqual([]);
    expect(formColumns('{oops')).toEqual([]);
    expect(formColumns(null)).toEqual([]);
    expect(formColumns('[{"columnName":"reason","columnDescribe":"事由"}]')).toMatchObject([{ columnName: 'reason', isRequired: 1 }]);
  });
});
