import { flowableDescriptor, hjlDescriptor } from '@hjl/core/bpmn-descriptors';
import { BpmnModdle } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { keepUnresolvedReferences, type ImportWarning } from './modeler';
import {
  assigneeElements,
  buttonElements,
  completionExpression,
  fieldElements,
  hasDiagram,
  parseCompletion,
  readAssignees,
  readButtons,
  readFields,
  replaceExtensions,
  type ElementFactory,
  type ModdleElement,
} from './bpmnEdits';

const moddle = new BpmnModdle({ flowable: flowableDescriptor, hjl: hjlDescriptor });
const factory = moddle as unknown as ElementFactory;

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" xmlns:hjl="http://hjl.example/schema/bpmn" targetNamespace="t">
  <process id="p" isExecutable="true">
    <startEvent id="start" />
    <userTask id="t1" name="审批">
      <extensionElements>
        <flowable:taskListener event="create" class="a.B" />
        <hjl:assignee type="role" value="1,2" />
        <hjl:button code="wf_pass" name="同意" />
      </extensionElements>
    </userTask>
  </process>
</definitions>`;

async function task(): Promise<{ root: ModdleElement; t1: ModdleElement }> {
  const { rootElement } = await moddle.fromXML(XML);
  const root = rootElement as unknown as ModdleElement;
  const process = (root.rootElements as ModdleElement[])[0]!;
  return { root, t1: (process.flowElements as ModdleElement[]).find((e) => e.id === 't1')! };
}

describe('designer XML edits', () => {
  it('reads the hjl rules and buttons of a node', async () => {
    const { t1 } = await task();
    expect(readAssignees(t1)).toEqual([{ type: 'role', value: '1,2' }]);
    expect(readButtons(t1)).toEqual([{ code: 'wf_pass', name: '同意' }]);
    expect(readFields(t1)).toEqual([]);
  });

  it('writes exactly the elements the engine reads, keeping other extension content in place', async () => {
    const { root, t1 } = await task();
    const ext = t1.extensionElements as { values: ModdleElement[] };
    ext.values = replaceExtensions(
      t1,
      'hjl:Assignee',
      assigneeElements(factory, [
        { type: 'user', value: '7, 8' },
        { type: 'starter', value: '' },
        { type: 'dept', value: '' },
      ]),
    );
    ext.values = replaceExtensions(
      t1,
      'hjl:Field',
      fieldElements(factory, [
        { name: 'amount', readable: true, writable: true, required: true },
        { name: 'remark', readable: false, writable: true, required: true },
      ]),
    );
    ext.values = replaceExtensions(
      t1,
      'hjl:Button',
      buttonElements(factory, [
        { code: 'wf_reject', name: '驳回' },
        { code: '', name: 'x' },
      ]),
    );
    const { xml } = await moddle.toXML(root as never);
    const order = ext.values.map((v) => v.$type);
    expect(order).toEqual(['flowable:TaskListener', 'hjl:Assignee', 'hjl:Assignee', 'hjl:Button', 'hjl:Field', 'hjl:Field']);
    expect(xml).toContain('<hjl:assignee type="user" value="7, 8" />');
    expect(xml).toContain('<hjl:assignee type="starter" />');
    expect(xml).not.toContain('type="dept"');
    expect(xml).toContain('<hjl:field name="amount" readable="true" writable="true" required="true" />');
    // Not readable: neither writable nor required.
    expect(xml).toContain('<hjl:field name="remark" readable="false" writable="false" required="false" />');
    expect(xml).toContain('<hjl:button code="wf_reject" name="驳回" />');
    expect(xml).toContain('<flowable:taskListener event="create" class="a.B" />');

    // And it reads back the same.
    const { t1: again } = await (async () => {
      const { rootElement } = await moddle.fromXML(xml);
      const p = ((rootElement as unknown as ModdleElement).rootElements as ModdleElement[])[0]!;
      return { t1: (p.flowElements as ModdleElement[]).find((e) => e.id === 't1')! };
    })();
    expect(readFields(again)).toEqual([
      { name: 'amount', readable: true, writable: true, required: true },
      { name: 'remark', readable: false, writable: false, required: false },
    ]);
  });

  it('turns completion choices into conditions and back', () => {
    expect(completionExpression({ kind: 'all' })).toBeUndefined();
    expect(completionExpression({ kind: 'any' })).toBe('${nrOfCompletedInstances >= 1}');
    expect(completionExpression({ kind: 'ratio', ratio: 0.5 })).toBe('${nrOfCompletedInstances/nrOfInstances >= 0.5}');
    expect(parseCompletion('${nrOfCompletedInstances/nrOfInstances >= 0.6 }')).toEqual({ kind: 'ratio', ratio: 0.6 });
    expect(parseCompletion(' ${nrOfCompletedInstances>=1}')).toEqual({ kind: 'any' });
    expect(parseCompletion('')).toEqual({ kind: 'all' });
    expect(parseCompletion('${pass == false}')).toEqual({ kind: 'custom', expression: '${pass == false}' });
  });

  it('tells a document with a diagram from one without', () => {
    expect(hasDiagram(XML)).toBe(false);
    expect(hasDiagram('<bpmndi:BPMNDiagram id="d">')).toBe(true);
    expect(hasDiagram('<BPMNDiagram>')).toBe(true);
  });

  it('keeps a reference to an id the document does not hold (Flowable names a variable by loopDataInputRef)', async () => {
    const xml = XML.replace(
      '<userTask id="t1" name="审批">',
      '<userTask id="t1" name="审批"><multiInstanceLoopCharacteristics isSequential="true"><loopDataInputRef>assigneeList</loopDataInputRef></multiInstanceLoopCharacteristics>',
    );
    const { rootElement, warnings } = await moddle.fromXML(xml);
    expect((await moddle.toXML(rootElement)).xml).not.toContain('assigneeList');
    keepUnresolvedReferences(factory, warnings as ImportWarning[]);
    expect((await moddle.toXML(rootElement)).xml).toContain('<loopDataInputRef>assigneeList</loopDataInputRef>');
  });
});
