import { describe, expect, it } from 'vitest';
import { addDiagram } from './layout';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="Examples">
  <process id="p">
    <startEvent id="s" />
    <sequenceFlow id="f1" sourceRef="s" targetRef="sub" />
    <subProcess id="sub">
      <startEvent id="s2" />
      <sequenceFlow id="f2" sourceRef="s2" targetRef="t2" />
      <userTask id="t2" activiti:assignee="kermit" />
      <sequenceFlow id="f3" sourceRef="t2" targetRef="e2" />
      <endEvent id="e2" />
    </subProcess>
    <boundaryEvent id="timer" attachedToRef="sub"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
    <sequenceFlow id="f4" sourceRef="sub" targetRef="gw" />
    <exclusiveGateway id="gw" />
    <sequenceFlow id="back" sourceRef="gw" targetRef="sub"><conditionExpression>\${again}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f5" sourceRef="gw" targetRef="e" />
    <sequenceFlow id="f6" sourceRef="timer" targetRef="e" />
    <endEvent id="e" />
  </process>
</definitions>
`;

const boundsOf = (doc: Document, id: string) => {
  const shape = Array.from(doc.getElementsByTagName('bpmndi:BPMNShape')).find((s) => s.getAttribute('bpmnElement') === id)!;
  const b = shape.getElementsByTagName('dc:Bounds')[0]!;
  return { x: Number(b.getAttribute('x')), y: Number(b.getAttribute('y')), w: Number(b.getAttribute('width')), h: Number(b.getAttribute('height')) };
};

describe('addDiagram', () => {
  it('gives every node a shape and every flow an edge, leaving the process text as it was', () => {
    const out = addDiagram(XML);
    expect(out.startsWith(XML.slice(0, XML.lastIndexOf('</definitions>')))).toBe(true);
    const doc = new DOMParser().parseFromString(out, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const shapes = Array.from(doc.getElementsByTagName('bpmndi:BPMNShape')).map((s) => s.getAttribute('bpmnElement'));
    expect(shapes.sort()).toEqual(['e', 'e2', 'gw', 's', 's2', 'sub', 't2', 'timer']);
    const edges = Array.from(doc.getElementsByTagName('bpmndi:BPMNEdge')).map((s) => s.getAttribute('bpmnElement'));
    expect(edges.sort()).toEqual(['back', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6']);
    // Left to right; the sub-process holds its content; the boundary event sits on its host's bottom edge.
    const [s, sub, gw, e, t2, timer] = ['s', 'sub', 'gw', 'e', 't2', 'timer'].map((id) => boundsOf(doc, id));
    expect(s!.x < sub!.x && sub!.x + sub!.w < gw!.x && gw!.x < e!.x).toBe(true);
    expect(t2!.x > sub!.x && t2!.x + t2!.w < sub!.x + sub!.w && t2!.y > sub!.y && t2!.y + t2!.h < sub!.y + sub!.h).toBe(true);
    expect(timer!.y + timer!.h / 2).toBe(sub!.y + sub!.h);
  });

  it('leaves a collaboration as it is', () => {
    const xml = XML.replace('<process id="p">', '<collaboration id="c" /><process id="p">');
    expect(addDiagram(xml)).toBe(xml);
  });
});
