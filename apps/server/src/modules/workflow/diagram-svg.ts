/**
 * The process diagram as an image for BladeX clients (`/api/blade-flow/process/diagram-view`, `resource-view` with
 * resourceType=image; Flowable draws a PNG, we answer SVG, which an <img> shows alike): the shapes and edges of the
 * BPMN's diagram interchange — or, for a model without one, a left-to-right layout of the first process — with
 * each element's state coloured as the web's flow chart does (model-view's `flow`).
 */
import { BpmnModdle } from 'bpmn-moddle';

const moddle = new BpmnModdle();

interface El {
  $type: string;
  id?: string;
  name?: string;
  flowElements?: El[];
  rootElements?: El[];
  sourceRef?: El;
  targetRef?: El;
  bpmnElement?: El;
  bounds?: { x: number; y: number; width: number; height: number };
  waypoint?: { x: number; y: number }[];
  diagrams?: { plane?: { planeElement?: El[] } }[];
  isMarkerVisible?: boolean;
}

/** A node's state colour (model-view statuses): finished green, current blue, reassigned orange, sent back red. */
const COLORS: Record<string, string> = {
  nodeSuccess: '#52c41a',
  nodePrimary: '#1890ff',
  nodeWarn: '#fa8c16',
  nodeError: '#f5222d',
  lineWarn: '#fa8c16',
};
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => XML_ENTITIES[c] ?? c);

type Box = { x: number; y: number; width: number; height: number };
interface Shape {
  id: string;
  type: string;
  name: string;
  box: Box;
}
interface Edge {
  id: string;
  name: string;
  points: { x: number; y: number }[];
}

const kind = (t: string) =>
  /Event$/.test(t) ? 'event' : /Gateway$/.test(t) ? 'gateway' : t === 'bpmn:SubProcess' ? 'subprocess' : t === 'bpmn:SequenceFlow' ? 'flow' : 'task';
const TASK_SIZE: [number, number] = [100, 80];
const SIZE: Record<string, [number, number]> = { event: [36, 36], gateway: [50, 50], task: TASK_SIZE, subprocess: [300, 180] };

/** Shapes and edges of the first plane (the diagram interchange), or a layout of the first process without one. */
function geometry(defs: El): { shapes: Shape[]; edges: Edge[] } {
  const plane = defs.diagrams?.[0]?.plane?.planeElement ?? [];
  const shapes: Shape[] = [];
  const edges: Edge[] = [];
  for (const p of plane) {
    const e = p.bpmnElement;
    if (!e?.id) continue;
    if (p.bounds) shapes.push({ id: e.id, type: e.$type, name: e.name ?? '', box: p.bounds });
    else if (p.waypoint?.length) edges.push({ id: e.id, name: e.name ?? '', points: p.waypoint.map((w) => ({ x: w.x, y: w.y })) });
  }
  if (shapes.length) return { shapes, edges };
  // No diagram interchange: columns by the longest path from the start, rows in document order.
  const proc = (defs.rootElements ?? []).find((r) => r.$type === 'bpmn:Process');
  // Every element of a parsed model has an id (the moddle reads none without).
  const elements = (proc?.flowElements ?? []).filter(
    (e): e is El & { id: string } => e.$type !== 'bpmn:SequenceFlow' && e.$type !== 'bpmn:BoundaryEvent' && e.id !== undefined,
  );
  const flows = (proc?.flowElements ?? []).filter((e) => e.$type === 'bpmn:SequenceFlow');
  const level = new Map<string, number>();
  for (const e of elements) if (e.$type === 'bpmn:StartEvent') level.set(e.id, 0);
  for (let round = 0; round < elements.length; round++) {
    let changed = false;
    for (const f of flows) {
      const from = level.get(f.sourceRef?.id ?? '');
      const to = f.targetRef?.id;
      if (from === undefined || !to) continue;
      if ((level.get(to) ?? -1) < from + 1 && from + 1 <= elements.length) {
        level.set(to, from + 1);
        changed = true;
      }
    }
    if (!changed) break;
  }
  const rows = new Map<number, number>();
  for (const e of elements) {
    const col = level.get(e.id) ?? 0;
    const row = rows.get(col) ?? 0;
    rows.set(col, row + 1);
    const [w, h] = SIZE[kind(e.$type)] ?? TASK_SIZE;
    shapes.push({
      id: e.id,
      type: e.$type,
      name: e.name ?? '',
      box: { x: 40 + col * 160 + (100 - w) / 2, y: 40 + row * 120 + (80 - h) / 2, width: w, height: h },
    });
  }
  const byId = new Map(shapes.map((s) => [s.id, s.box]));
  const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  for (const f of flows) {
    const a = byId.get(f.sourceRef?.id ?? '');
    const b = byId.get(f.targetRef?.id ?? '');
    if (a && b && f.id) edges.push({ id: f.id, name: f.name ?? '', points: [centre(a), centre(b)] });
  }
  return { shapes, edges };
}

/** The SVG of a BPMN document; `states` colours elements by id (model-view statuses). */
export async function diagramSvg(xml: string, states: ReadonlyMap<string, string> = new Map()): Promise<string> {
  const { rootElement } = await moddle.fromXML(xml);
  // The moddle types a parsed element as a bag of unknowns (engine/bpmn-moddle.d.ts); El is the part drawn here.
  const { shapes, edges } = geometry(rootElement as unknown as El);
  const all = [...shapes.map((s) => s.box), ...edges.flatMap((e) => e.points.map((p) => ({ x: p.x, y: p.y, width: 0, height: 0 })))];
  const minX = Math.min(0, ...all.map((b) => b.x)) - 20;
  const minY = Math.min(0, ...all.map((b) => b.y)) - 20;
  const maxX = Math.max(100, ...all.map((b) => b.x + b.width)) + 20;
  const maxY = Math.max(100, ...all.map((b) => b.y + b.height)) + 40;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${maxX - minX}" height="${maxY - minY}" viewBox="${minX} ${minY} ${maxX - minX} ${maxY - minY}" font-family="sans-serif" font-size="12">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>',
  ];
  for (const s of shapes.filter((x) => kind(x.type) === 'subprocess'))
    out.push(
      `<rect data-element-id="${esc(s.id)}" x="${s.box.x}" y="${s.box.y}" width="${s.box.width}" height="${s.box.height}" rx="10" fill="none" stroke="${COLORS[states.get(s.id) ?? ''] ?? '#333'}" stroke-width="1.5"/>`,
    );
  for (const e of edges) {
    const color = COLORS[states.get(e.id) ?? ''] ?? '#666';
    const pts = e.points.map((p) => `${p.x},${p.y}`).join(' ');
    out.push(
      `<polyline data-element-id="${esc(e.id)}" points="${pts}" fill="none" stroke="${color}" stroke-width="${states.has(e.id) ? 2 : 1.2}" marker-end="url(#arrow)"/>`,
    );
    const mid = e.points[Math.floor((e.points.length - 1) / 2)];
    if (e.name && mid) {
      out.push(`<text x="${mid.x + 4}" y="${mid.y - 4}" fill="#555">${esc(e.name)}</text>`);
    }
  }
  for (const s of shapes) {
    const k = kind(s.type);
    if (k === 'subprocess') continue;
    const color = COLORS[states.get(s.id) ?? ''] ?? '#333';
    const width = states.has(s.id) ? 2.5 : 1.5;
    const { x, y, width: w, height: h } = s.box;
    const id = `data-element-id="${esc(s.id)}"`;
    if (k === 'event') {
      const end = s.type === 'bpmn:EndEvent';
      out.push(`<circle ${id} cx="${x + w / 2}" cy="${y + h / 2}" r="${w / 2}" fill="#fff" stroke="${color}" stroke-width="${end ? width + 2 : width}"/>`);
      if (s.name) out.push(`<text x="${x + w / 2}" y="${y + h + 16}" text-anchor="middle">${esc(s.name)}</text>`);
    } else if (k === 'gateway') {
      out.push(
        `<polygon ${id} points="${x + w / 2},${y} ${x + w},${y + h / 2} ${x + w / 2},${y + h} ${x},${y + h / 2}" fill="#fff" stroke="${color}" stroke-width="${width}"/>`,
      );
      const mark = s.type === 'bpmn:ParallelGateway' ? '+' : s.type === 'bpmn:InclusiveGateway' ? 'o' : '×';
      out.push(`<text x="${x + w / 2}" y="${y + h / 2 + 6}" text-anchor="middle" font-size="18">${mark}</text>`);
      if (s.name) out.push(`<text x="${x + w / 2}" y="${y + h + 16}" text-anchor="middle">${esc(s.name)}</text>`);
    } else {
      out.push(`<rect ${id} x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="#fff" stroke="${color}" stroke-width="${width}"/>`);
      if (s.name) out.push(`<text x="${x + w / 2}" y="${y + h / 2 + 4}" text-anchor="middle">${esc(s.name)}</text>`);
    }
  }
  out.push('</svg>');
  return out.join('\n');
}
