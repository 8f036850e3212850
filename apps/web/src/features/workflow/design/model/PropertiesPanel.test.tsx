import { flowableDescriptor, hjlDescriptor } from '@hjl/core/bpmn-descriptors';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BpmnModdle } from 'bpmn-moddle';
import { useEffect, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../../app/i18n';
import { Providers } from '../../../../app/providers';
import { saveAccess, saveTokens } from '../../../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../../../test/http';
import type { ModdleElement } from './bpmnEdits';
import type { BpmnDiagram, DiagramElement } from './modeler';
import { appendIds, PropertiesPanel } from './PropertiesPanel';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="p" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="t1" />
    <userTask id="t1" name="审批" flowable:formKey="expense" />
    <sequenceFlow id="f2" sourceRef="t1" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

const moddle = new BpmnModdle({ flowable: flowableDescriptor, hjl: hjlDescriptor });
type Bo = ModdleElement & { set(name: string, value: unknown): void };

/**
 * A stand-in for bpmn-js around real moddle elements: `modeling` sets the properties as bpmn-js's commands do
 * and counts the commands (each one is an undo step in the real designer).
 */
async function fakeDiagram(onCommand: () => void) {
  const { rootElement } = await moddle.fromXML(XML);
  const process = ((rootElement as unknown as ModdleElement).rootElements as Bo[])[0]!;
  const elements: DiagramElement[] = [process, ...(process.flowElements as Bo[])].map((bo) => ({ id: bo.id!, type: bo.$type, businessObject: bo }));
  const set = (bo: ModdleElement, props: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(props)) (bo as Bo).set(k, v);
    onCommand();
  };
  const diagram = {
    get: (name: string) =>
      ({
        modeling: {
          updateProperties: (el: DiagramElement, props: Record<string, unknown>) => set(el.businessObject, props),
          updateModdleProperties: (_el: DiagramElement, target: ModdleElement, props: Record<string, unknown>) => set(target, props),
        },
        moddle,
        canvas: { getRootElement: () => elements[0]! },
        elementRegistry: { filter: (fn: (e: DiagramElement) => boolean) => elements.filter(fn), get: (id: string) => elements.find((e) => e.id === id) },
      })[name],
  } as unknown as BpmnDiagram;
  return { diagram, element: (id: string) => elements.find((e) => e.id === id)!, xml: async () => (await moddle.toXML(rootElement)).xml };
}

/** Renders the panel again after each command, as the designer page does. */
const listeners = new Set<() => void>();
function Harness({ diagram, element }: { diagram: BpmnDiagram; element: DiagramElement }) {
  const [, setRevision] = useState(0);
  useEffect(() => {
    const bump = () => setRevision((r) => r + 1);
    listeners.add(bump);
    return () => void listeners.delete(bump);
  }, []);
  return <PropertiesPanel diagram={diagram} element={element} model={{ formKey: 'expense' }} onModelChange={() => undefined} />;
}

async function setup(elementId: string) {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], []);
  mockFetch((call) => {
    if (call.path === '/api/blade-workflow/design/button/list')
      return ok({
        records: [
          { buttonKey: 'wf_pass', name: '同意', status: 1 },
          { buttonKey: 'wf_reject', name: '驳回', status: 1 },
          { buttonKey: 'wf_print', name: '打印', status: 2 },
        ],
        total: 3,
      });
    if (call.path === '/api/blade-workflow/design/form/listType') return ok([{ id: '9', formKey: 'expense', name: '报销单' }]);
    if (call.path === '/api/blade-workflow/design/form/detail') {
      return ok({ content: JSON.stringify([{ columnName: 'amount', columnDescribe: '金额', columnType: 1, isRequired: 1, isShowList: 1, isCondition: 0 }]) });
    }
    if (call.path === '/api/blade-workflow/design/condition/listType') return ok([{ id: 'c1', name: '超过三天', expression: '${days > 3}' }]);
    if (call.path === '/api/blade-system/dict/dictionary') return ok([]);
    return undefined;
  });
  let commands = 0;
  const fake = await fakeDiagram(() => {
    commands++;
    for (const bump of listeners) bump();
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness diagram={fake.diagram} element={fake.element(elementId)} />
    </Providers>,
  );
  return { ...fake, commands: () => commands };
}

describe('PropertiesPanel', () => {
  beforeEach(() => localStorage.clear());

  it('writes buttons, field permissions and a multi-instance ratio of a user task as commands', async () => {
    const { xml, commands } = await setup('t1');
    fireEvent.click(await screen.findByText('同意'));
    await waitFor(() => expect(commands()).toBe(1));
    expect(screen.queryByText('打印')).toBeNull(); // a disabled button is not offered
    fireEvent.click(await screen.findByTestId('panel-field-amount-writable'));
    await waitFor(() => expect(commands()).toBe(2));
    fireEvent.click(screen.getByText('并行'));
    fireEvent.click(await screen.findByText('按比例'));
    await waitFor(() => expect(commands()).toBe(4));
    const out = await xml();
    expect(out).toContain('<hjl:button code="wf_pass" name="同意" />');
    expect(out).toContain('<hjl:field name="amount" readable="true" writable="false" required="false" />');
    expect(out).toMatch(
      /<multiInstanceLoopCharacteristics>\s*<completionCondition xsi:type="tFormalExpression">\$\{nrOfCompletedInstances\/nrOfInstances &gt;= 0.5\}<\/completionCondition>/,
    );
  });

  it('adds ids to a comma list, each once', () => {
    expect(appendIds('', ['1'])).toBe('1');
    expect(appendIds('manager, 2', ['2', '3'])).toBe('manager,2,3');
  });

  it('writes the assignee text on blur, once', async () => {
    const { xml, commands } = await setup('t1');
    const input = await screen.findByTestId('panel-assignee');
    fireEvent.change(input, { target: { value: '${approver}' } });
    expect(commands()).toBe(0);
    fireEvent.blur(input);
    await waitFor(() => expect(commands()).toBe(1));
    expect(await xml()).toContain('flowable:assignee="${approver}"');
  });

  it('writes the node time limit in working hours as hjl:timeLimit, and removes it when cleared', async () => {
    const { xml } = await setup('t1');
    const input = (await screen.findByTestId('panel-task-time-limit')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '16' } });
    fireEvent.blur(input);
    await waitFor(async () => expect(await xml()).toContain('hjl:timeLimit="16"'));
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    await waitFor(async () => expect(await xml()).not.toContain('hjl:timeLimit'));
  });

  it('takes a flow condition from the condition library', async () => {
    const { xml } = await setup('f2');
    fireEvent.mouseDown(await screen.findByRole('combobox'));
    fireEvent.click(await screen.findByTitle('超过三天: ${days > 3}'));
    await waitFor(async () => expect(await xml()).toContain('<conditionExpression xsi:type="tFormalExpression">${days &gt; 3}</conditionExpression>'));
  });
});
