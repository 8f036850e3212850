/**
 * The BPMN of a demo business process (APPROVAL_PROCESSES in @hjl/core): start (form key = the business form url,
 * S1 L33) → one user task per step, each approved by a post or role of the tenant (the designer's
 * `<hjl:assignee type="post|role" value="<id>">`) → above the threshold (`${money > 50000}`) 总经理审批 → for two-step
 * forms the cashier's `finalStep` (出纳付款) → end; with a diagram (left to right, the threshold branch above) so the
 * designer, the flow chart and the node diagram show it.
 */
import { APPROVERS, approvalFormUrl, type ApprovalProcess, type ApproverKind } from '@hjl/core';
import { HJL_URI } from '@hjl/core/bpmn-descriptors';

/** The id of each approver kind's post or role in the tenant. */
export type ApproverIds = Record<ApproverKind, { type: 'post' | 'role'; id: string }>;

interface Shape {
  id: string;
  kind: 'start' | 'task' | 'gateway' | 'end';
  name: string;
  x: number;
  y: number;
  xml: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const SIZE = { start: [36, 36], end: [36, 36], task: [100, 80], gateway: [50, 50] } as const;
const MID_Y = 200;
const UP_Y = 60;

function task(id: string, kind: ApproverKind, ids: ApproverIds, opts: { first: boolean; formKey?: string }): string {
  const a = ids[kind];
  const buttons = [
    ['wf_pass', '同意'],
    ['wf_reject', '驳回'],
    ...(opts.first ? [] : [['wf_rollback', '回退']]),
    ['wf_transfer', '转办'],
    ['wf_delegate', '委托'],
    ['wf_terminate', '终止'],
  ];
  return `<userTask id="${id}" name="${esc(APPROVERS[kind].name)}"${opts.formKey ? ` flowable:formKey="${esc(opts.formKey)}"` : ''}>
      <extensionElements>
        <hjl:assignee type="${a.type}" value="${a.id}"/>
${buttons.map(([code, name]) => `        <hjl:button code="${code}" name="${name}"/>`).join('\n')}
      </extensionElements>
    </userTask>`;
}

export function processBpmn(proc: ApprovalProcess, ids: ApproverIds): string {
  const shapes: Shape[] = [];
  const flows: { id: string; from: string; to: string; name?: string; condition?: string }[] = [];
  let x = 100;
  const place = (s: Omit<Shape, 'x' | 'y'>, y = MID_Y) => {
    const [w] = SIZE[s.kind];
    const shape = { ...s, x, y: y - SIZE[s.kind][1] / 2 };
    shapes.push(shape);
    x += w + 60;
    return shape;
  };
  const flow = (from: string, to: string, more: { name?: string; condition?: string } = {}) => flows.push({ id: `flow_${from}_${to}`, from, to, ...more });

  place({
    id: 'start',
    kind: 'start',
    name: '发起',
    xml: `<startEvent id="start" name="发起" flowable:formKey="${esc(approvalFormUrl(proc, 'startStep'))}"/>`,
  });
  let last = 'start';
  proc.steps.forEach((kind, i) => {
    const id = `${kind}Task`;
    place({ id, kind: 'task', name: APPROVERS[kind].name, xml: task(id, kind, ids, { first: i === 0 }) });
    flow(last, id);
    last = id;
  });
  // Above the threshold also 总经理审批 (when the chain does not end with it already).
  let gateway: string | undefined;
  let gmBranch: string | undefined;
  if (proc.threshold && !proc.steps.includes('gm')) {
    gateway = 'moneyGateway';
    place({ id: gateway, kind: 'gateway', name: '金额', xml: '' });
    flow(last, gateway);
    gmBranch = 'gmTask';
    const gmX = x;
    shapes.push({ id: gmBranch, kind: 'task', name: APPROVERS.gm.name, x: gmX, y: UP_Y - 40, xml: task(gmBranch, 'gm', ids, { first: false }) });
    x += 160;
    last = gateway;
  }
  const next = proc.twoStep ? 'cashierTask' : 'end';
  if (proc.twoStep) {
    place({
      id: 'cashierTask',
      kind: 'task',
      name: APPROVERS.cashier.name,
      xml: task('cashierTask', 'cashier', ids, { first: false, formKey: approvalFormUrl(proc, 'finalStep') }),
    });
  }
  place({ id: 'end', kind: 'end', name: '结束', xml: '<endEvent id="end" name="结束"/>' });
  if (gateway && gmBranch) {
    const amount = Number(proc.threshold).toLocaleString('en-US');
    flow(gateway, gmBranch, { name: `超过${amount}元`, condition: `\${money > ${Number(proc.threshold)}}` });
    flow(gateway, next, { name: `${amount}元以内` });
    flow(gmBranch, next);
  } else flow(last, next);
  if (proc.twoStep) flow('cashierTask', 'end');

  const byId = new Map(shapes.map((s) => [s.id, s]));
  const shape = (id: string) => {
    const s = byId.get(id);
    if (!s) throw new Error(`flow names no shape ${id}`);
    return s;
  };
  const nodeXml = shapes.map((s) => (s.kind === 'gateway' ? `<exclusiveGateway id="${s.id}" name="${s.name}" default="flow_${s.id}_${next}"/>` : s.xml));
  const flowXml = flows.map((f) => {
    const attrs = `id="${f.id}"${f.name ? ` name="${esc(f.name)}"` : ''} sourceRef="${f.from}" targetRef="${f.to}"`;
    return f.condition
      ? `<sequenceFlow ${attrs}><conditionExpression xsi:type="tFormalExpression">${esc(f.condition)}</conditionExpression></sequenceFlow>`
      : `<sequenceFlow ${attrs}/>`;
  });
  const bounds = (s: Shape) => ({ w: SIZE[s.kind][0], h: SIZE[s.kind][1] });
  const shapeDi = shapes.map((s) => {
    const { w, h } = bounds(s);
    return `<bpmndi:BPMNShape id="${s.id}_di" bpmnElement="${s.id}"${s.kind === 'gateway' ? ' isMarkerVisible="true"' : ''}><dc:Bounds x="${s.x}" y="${s.y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`;
  });
  const edgeDi = flows.map((f) => {
    const a = shape(f.from);
    const b = shape(f.to);
    const ab = bounds(a);
    const bb = bounds(b);
    const pts: [number, number][] =
      b.y < a.y - 20
        ? [
            [a.x + ab.w / 2, a.y],
            [a.x + ab.w / 2, b.y + bb.h / 2],
            [b.x, b.y + bb.h / 2],
          ]
        : a.y < b.y - 20
          ? [
              [a.x + ab.w, a.y + ab.h / 2],
              [b.x + bb.w / 2, a.y + ab.h / 2],
              [b.x + bb.w / 2, b.y],
            ]
          : [
              [a.x + ab.w, a.y + ab.h / 2],
              [b.x, b.y + bb.h / 2],
            ];
    return `<bpmndi:BPMNEdge id="${f.id}_di" bpmnElement="${f.id}">${pts.map(([px, py]) => `<di:waypoint x="${px}" y="${py}"/>`).join('')}</bpmndi:BPMNEdge>`;
  });
  const chain = [
    ...proc.steps.map((k) => APPROVERS[k].name.replace(/审批$/, '')),
    ...(gmBranch ? [`超过${proc.threshold}元总经理`] : []),
    ...(proc.twoStep ? ['出纳付款'] : []),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:hjl="${HJL_URI}"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  targetNamespace="http://hjl.example/process/${proc.key}">
  <process id="${proc.key}" name="${esc(proc.name)}" isExecutable="true">
    <documentation>${esc(`${proc.name}: ${chain.join(' → ')}`)}</documentation>
    ${[...nodeXml, ...flowXml].join('\n    ')}
  </process>
  <bpmndi:BPMNDiagram id="diagram_${proc.key}">
    <bpmndi:BPMNPlane id="plane_${proc.key}" bpmnElement="${proc.key}">
      ${[...shapeDi, ...edgeDi].join('\n      ')}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
}
