/**
 * A diagram (BPMN DI) for a document that has none — Flowable's test models often carry no DI and bpmn-js
 * shows only what has one. The first process is laid out left to right in layers (longest path from its
 * starts; back flows go over the top), sub-processes expanded around their own layout, boundary events on
 * their host's bottom edge. The DI is added before the document's closing tag; the rest of the text is
 * left exactly as it was.
 */
const BPMN = 'http://www.omg.org/spec/BPMN/20100524/MODEL';
const NS =
  'xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"';
const GAP_X = 60;
const GAP_Y = 50;
const PAD = 30;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const NOT_NODES = new Set([
  'sequenceFlow',
  'boundaryEvent',
  'dataObject',
  'dataObjectReference',
  'dataStoreReference',
  'textAnnotation',
  'association',
  'extensionElements',
  'documentation',
  'laneSet',
  'multiInstanceLoopCharacteristics',
  'standardLoopCharacteristics',
  'ioSpecification',
  'property',
]);

function sizeOf(el: Element): { w: number; h: number } {
  const n = el.localName;
  if (n.endsWith('Event')) return { w: 36, h: 36 };
  if (n.endsWith('Gateway')) return { w: 50, h: 50 };
  return { w: 100, h: 80 };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Lays out the flow nodes of a process or sub-process; answers its size and appends shapes and edges to `out`. */
function layoutContainer(container: Element, originX: number, originY: number, out: string[], boxes: Map<string, Box>): { w: number; h: number } {
  const children = Array.from(container.children).filter((c) => c.namespaceURI === BPMN);
  const nodes = children.filter((c) => !NOT_NODES.has(c.localName) && c.getAttribute('id'));
  const flows = children.filter((c) => c.localName === 'sequenceFlow');
  const boundaries = children.filter((c) => c.localName === 'boundaryEvent');
  const ids = new Set(nodes.map((n) => n.getAttribute('id')!));
  // A boundary event's flows count as its host's for the layers.
  const hostOf = new Map(boundaries.map((b) => [b.getAttribute('id')!, b.getAttribute('attachedToRef') ?? '']));
  const from = (f: Element) => hostOf.get(f.getAttribute('sourceRef') ?? '') ?? f.getAttribute('sourceRef') ?? '';
  const edges = flows.map((f) => ({ s: from(f), t: f.getAttribute('targetRef') ?? '' })).filter((e) => ids.has(e.s) && ids.has(e.t));

  // Back edges (those closing a cycle in a depth-first walk from the starts) do not count for the layers.
  const out_ = new Map<string, string[]>(nodes.map((n) => [n.getAttribute('id')!, []]));
  for (const e of edges) out_.get(e.s)!.push(e.t);
  const incoming = new Set(edges.map((e) => e.t));
  const roots = [...ids].filter((id) => !incoming.has(id));
  const state = new Map<string, 1 | 2>();
  const forward: { s: string; t: string }[] = [];
  const visit = (id: string) => {
    state.set(id, 1);
    for (const t of out_.get(id)!) {
      if (state.get(t) === 1) continue; // a back edge
      forward.push({ s: id, t });
      if (!state.has(t)) visit(t);
    }
    state.set(id, 2);
  };
  for (const r of [...roots, ...ids]) if (!state.has(r)) visit(r);
  const layer = new Map<string, number>([...ids].map((id) => [id, 0]));
  for (let i = 0; i < ids.size; i++) {
    let changed = false;
    for (const e of forward)
      if (layer.get(e.t)! < layer.get(e.s)! + 1) {
        layer.set(e.t, layer.get(e.s)! + 1);
        changed = true;
      }
    if (!changed) break;
  }

  // Sub-processes first (their size), then columns by layer and rows by order within a layer.
  const inner = new Map<string, string[]>();
  const sizes = new Map<string, { w: number; h: number }>();
  for (const n of nodes) {
    const id = n.getAttribute('id')!;
    if (n.localName === 'subProcess' || n.localName === 'transaction' || n.localName === 'adHocSubProcess') {
      const part: string[] = [];
      const s = layoutContainer(n, 0, 0, part, boxes);
      inner.set(id, part);
      sizes.set(id, { w: Math.max(s.w + 2 * PAD, 200), h: Math.max(s.h + 2 * PAD, 120) });
    } else sizes.set(id, sizeOf(n));
  }
  const columns: string[][] = [];
  for (const n of nodes) (columns[layer.get(n.getAttribute('id')!)!] ??= []).push(n.getAttribute('id')!);
  const colW = columns.map((c) => Math.max(...c.map((id) => sizes.get(id)!.w)));
  const rowH: number[] = [];
  columns.forEach((c) => c.forEach((id, row) => (rowH[row] = Math.max(rowH[row] ?? 0, sizes.get(id)!.h))));
  const colX = colW.map((_, i) => colW.slice(0, i).reduce((a, w) => a + w + GAP_X, 0));
  const rowY = rowH.map((_, i) => rowH.slice(0, i).reduce((a, h) => a + h + GAP_Y, 0));

  const local = new Map<string, Box>();
  columns.forEach((c, ci) =>
    c.forEach((id, row) => {
      const s = sizes.get(id)!;
      const box = { x: originX + colX[ci]! + (colW[ci]! - s.w) / 2, y: originY + rowY[row]! + (rowH[row]! - s.h) / 2, ...s };
      local.set(id, box);
      boxes.set(id, box);
    }),
  );
  for (const [id, box] of local) {
    const sub = inner.has(id);
    out.push(
      `<bpmndi:BPMNShape id="${esc(id)}_di" bpmnElement="${esc(id)}"${sub ? ' isExpanded="true"' : ''}><dc:Bounds x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" /></bpmndi:BPMNShape>`,
    );
    // A sub-process's own content, moved inside it.
    if (sub) for (const line of inner.get(id)!) out.push(shift(line, box.x + PAD, box.y + PAD));
  }
  const hostCount = new Map<string, number>();
  for (const b of boundaries) {
    const id = b.getAttribute('id')!;
    const host = local.get(hostOf.get(id)!);
    if (!host) continue;
    const i = hostCount.get(hostOf.get(id)!) ?? 0;
    hostCount.set(hostOf.get(id)!, i + 1);
    const box = { x: host.x + host.w - 46 - i * 40, y: host.y + host.h - 18, w: 36, h: 36 };
    boxes.set(id, box);
    out.push(`<bpmndi:BPMNShape id="${esc(id)}_di" bpmnElement="${esc(id)}"><dc:Bounds x="${box.x}" y="${box.y}" width="36" height="36" /></bpmndi:BPMNShape>`);
  }
  for (const f of flows) {
    const id = f.getAttribute('id');
    const s = boxes.get(f.getAttribute('sourceRef') ?? '');
    const t = boxes.get(f.getAttribute('targetRef') ?? '');
    if (!id || !s || !t) continue;
    out.push(
      `<bpmndi:BPMNEdge id="${esc(id)}_di" bpmnElement="${esc(id)}">${waypoints(s, t)
        .map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`)
        .join('')}</bpmndi:BPMNEdge>`,
    );
  }
  const w = Math.max(0, ...[...local.values()].map((b) => b.x + b.w - originX));
  const h = Math.max(0, ...[...local.values()].map((b) => b.y + b.h - originY));
  return { w, h };
}

/** Moves the coordinates of a line of DI laid out at 0,0 by dx, dy. */
function shift(line: string, dx: number, dy: number): string {
  return line.replace(/ (x|y)="(-?[\d.]+)"/g, (_, axis: string, v: string) => ` ${axis}="${Number(v) + (axis === 'x' ? dx : dy)}"`);
}

function waypoints(s: Box, t: Box): [number, number][] {
  const sy = s.y + s.h / 2;
  const ty = t.y + t.h / 2;
  if (t.x >= s.x + s.w) {
    const sx = s.x + s.w;
    if (sy === ty)
      return [
        [sx, sy],
        [t.x, ty],
      ];
    const mid = sx + (t.x - sx) / 2;
    return [
      [sx, sy],
      [mid, sy],
      [mid, ty],
      [t.x, ty],
    ];
  }
  // Backwards: over the top of both.
  const top = Math.min(s.y, t.y) - 30;
  return [
    [s.x + s.w / 2, s.y],
    [s.x + s.w / 2, top],
    [t.x + t.w / 2, top],
    [t.x + t.w / 2, t.y],
  ];
}

/** The document with a diagram of its first process added (unchanged when it has no process). */
export function addDiagram(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) throw new Error('XML格式不正确');
  const process = Array.from(doc.documentElement.children).find((c) => c.namespaceURI === BPMN && c.localName === 'process');
  const collaboration = Array.from(doc.documentElement.children).find((c) => c.namespaceURI === BPMN && c.localName === 'collaboration');
  if (!process || collaboration) return xml;
  const shapes: string[] = [];
  layoutContainer(process, 100, 100, shapes, new Map());
  const pid = esc(process.getAttribute('id') ?? '');
  const diagram = `  <bpmndi:BPMNDiagram ${NS} id="BPMNDiagram_${pid}">\n    <bpmndi:BPMNPlane id="BPMNPlane_${pid}" bpmnElement="${pid}">\n${shapes.map((s) => `      ${s}\n`).join('')}    </bpmndi:BPMNPlane>\n  </bpmndi:BPMNDiagram>\n`;
  const end = xml.lastIndexOf('</');
  return `${xml.slice(0, end)}${diagram}${xml.slice(end)}`;
}
