/**
 * What the designer's side needs to know of a BPMN document before it is stored or deployed: that it is
 * well-formed BPMN 2.0 with exactly one process carrying an id (the model key), and which forms it names.
 * The engine validates the process itself (element types, flows, expressions) when it deploys.
 */
import { BpmnModdle } from 'bpmn-moddle';
import { fail } from '../../platform/http/errors.ts';

export interface BpmnInfo {
  /** Id of the process: the model key. */
  processId: string;
  processName: string | undefined;
  /** Form keys named by the start event and user tasks (`flowable:formKey` / `activiti:formKey`), in document order. */
  formKeys: string[];
}

const MAX_XML = 2 * 1024 * 1024;
const moddle = new BpmnModdle();

interface Element {
  $type: string;
  id?: string;
  name?: string;
  isExecutable?: boolean;
  $attrs?: Record<string, string>;
  flowElements?: Element[];
  rootElements?: Element[];
}

/** The first line of a parser message ("unparsable content <x> detected\n\tline: …"). */
const firstLine = (m: string) => (m.split('\n', 1)[0] ?? '').trim();

/**
 * Reads a model's XML or answers 400 with what is wrong. Unknown extension attributes and elements in
 * foreign namespaces (flowable:, activiti:, our own) are kept by the parser and are no mistake.
 */
export async function readBpmn(xml: string): Promise<BpmnInfo> {
  if (!xml.trim()) throw fail('请先设计流程(XML为空)');
  if (xml.length > MAX_XML) throw fail('流程XML过大(最多2MB)');
  let parsed: Awaited<ReturnType<typeof moddle.fromXML>>;
  try {
    parsed = await moddle.fromXML(xml);
  } catch (e) {
    throw fail(`流程XML不是有效的BPMN: ${firstLine(e instanceof Error ? e.message : String(e))}`);
  }
  // Unresolved references are no mistake: Flowable's loopDataInputRef names a variable, not an element.
  const problem = parsed.warnings.find((w) => /unparsable content|illegal/i.test(w.message));
  if (problem) throw fail(`流程XML不是有效的BPMN: ${firstLine(problem.message)}`);
  // The moddle types a parsed element as a bag of unknowns (engine/bpmn-moddle.d.ts); Element is the part read here.
  const root = parsed.rootElement as unknown as Element;
  if (root.$type !== 'bpmn:Definitions') throw fail('流程XML的根元素应为bpmn:definitions');
  const processes = (root.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  if (!processes.length) throw fail('流程XML中没有流程(process)定义');
  // A collaboration may draw pools that are not executed; the executable one is the model.
  const executable = processes.filter((p) => p.isExecutable !== false);
  const [p] = executable;
  if (!p || executable.length !== 1) throw fail(`一个模型只能包含一个可执行流程,发现${executable.length}个`);
  if (!p.id) throw fail('流程(process)缺少标识(id)');
  if (p.id.length > 64) throw fail('流程标识(process id)最多64个字符');
  if (!(p.flowElements ?? []).some((e) => e.$type === 'bpmn:StartEvent')) throw fail('流程缺少开始节点');

  const formKeys: string[] = [];
  const walk = (elements: Element[]) => {
    for (const el of elements) {
      if (el.$type === 'bpmn:StartEvent' || el.$type === 'bpmn:UserTask') {
        for (const [name, value] of Object.entries(el.$attrs ?? {})) {
          if (name.split(':').pop() === 'formKey' && value.trim() && !formKeys.includes(value.trim())) formKeys.push(value.trim());
        }
      }
      if (el.flowElements) walk(el.flowElements);
    }
  };
  walk(p.flowElements ?? []);
  return { processId: p.id, processName: p.name, formKeys };
}

const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => XML_ENTITIES[c] ?? c);

/** The XML of a new, empty model: one process with a start event, for the designer to open. */
export function blankBpmn(key: string, name: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_${escapeXml(key)}" targetNamespace="http://flowable.org/bpmn">
  <process id="${escapeXml(key)}" name="${escapeXml(name)}" isExecutable="true">
    <startEvent id="start" name="开始" />
  </process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_${escapeXml(key)}">
    <bpmndi:BPMNPlane id="BPMNPlane_${escapeXml(key)}" bpmnElement="${escapeXml(key)}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
}
