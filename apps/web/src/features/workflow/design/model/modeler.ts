/**
 * bpmn-js for the designer and the version viewer, loaded on demand (dynamic imports): the login page and the
 * other pages never load it. The moddle extensions are the engine's own (`@hjl/core` bpmn-descriptors), so the
 * designer reads and writes exactly what the engine understands; other extension content is kept as is by
 * moddle's lax parsing.
 */
import { activitiAsFlowable, flowableDescriptor, hjlDescriptor } from '@hjl/core/bpmn-descriptors';
import { hasDiagram, type ElementFactory, type ModdleElement } from './bpmnEdits';
import { addDiagram } from './layout';

export const moddleExtensions = { flowable: flowableDescriptor, hjl: hjlDescriptor };

/** A diagram shape or connection of bpmn-js. */
export interface DiagramElement {
  id: string;
  type: string;
  businessObject: ModdleElement;
}

/** The bpmn-js services the designer uses. */
export interface Modeling {
  updateProperties(element: DiagramElement, props: Record<string, unknown>): void;
  updateModdleProperties(element: DiagramElement, target: ModdleElement, props: Record<string, unknown>): void;
}
export interface CommandStack {
  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;
}
export interface Canvas {
  zoom(level?: number | 'fit-viewport', center?: 'auto'): number;
  viewbox(box?: { x: number; y: number; width: number; height: number }): { x: number; y: number; width: number; height: number; scale: number };
  getRootElement(): DiagramElement;
}
export interface ElementRegistry {
  get(id: string): DiagramElement | undefined;
  filter(fn: (e: DiagramElement) => boolean): DiagramElement[];
}

/** A warning of the import; moddle's unresolved references name the element, property and id. */
export interface ImportWarning {
  message: string;
  element?: ModdleElement;
  property?: string;
  value?: string;
}

/** The part of a bpmn-js Viewer / Modeler the pages use. */
export interface BpmnDiagram {
  importXML(xml: string): Promise<{ warnings: ImportWarning[] }>;
  saveXML(opts?: { format?: boolean }): Promise<{ xml?: string }>;
  saveSVG(): Promise<{ svg: string }>;
  get(name: 'modeling'): Modeling;
  get(name: 'commandStack'): CommandStack;
  get(name: 'canvas'): Canvas;
  get(name: 'elementRegistry'): ElementRegistry;
  get(name: 'moddle'): ElementFactory;
  on(event: string, fn: (e: { newSelection?: DiagramElement[]; element?: DiagramElement }) => void): void;
  destroy(): void;
}

/** A modeler (palette, editing) in `container`. */
export async function createModeler(container: HTMLElement): Promise<BpmnDiagram> {
  const { default: Modeler } = await import('bpmn-js/lib/Modeler');
  return new Modeler({ container, moddleExtensions, keyboard: { bindTo: container } }) as unknown as BpmnDiagram;
}

/** A read-only viewer (history versions). */
export async function createViewer(container: HTMLElement): Promise<BpmnDiagram> {
  const { default: Viewer } = await import('bpmn-js/lib/NavigatedViewer');
  return new Viewer({ container, moddleExtensions }) as unknown as BpmnDiagram;
}

/**
 * The XML as the designer opens it: `activiti:` read as `flowable:` (the engine's equivalence), and a diagram
 * laid out (layout.ts) when the file has none. Nothing is removed.
 */
export function prepareXml(xml: string): string {
  const text = activitiAsFlowable(xml);
  return hasDiagram(text) ? text : addDiagram(text);
}

/**
 * References to ids the document does not hold are dropped by moddle on save. Flowable relies on one:
 * `<loopDataInputRef>assigneeList</loopDataInputRef>` names a process variable. Each is put back as a
 * reference to a detached element of that id, which saves as the same text.
 */
export function keepUnresolvedReferences(factory: ElementFactory, warnings: ImportWarning[]) {
  for (const w of warnings) {
    if (!w.element || !w.property || !w.value || !w.message.startsWith('unresolved reference')) continue;
    const name = w.property.replace(/^bpmn:/, '');
    const placeholder = factory.create('bpmn:DataInput', { id: w.value });
    const current = w.element.get ? w.element.get(name) : w.element[name];
    if (Array.isArray(current)) current.push(placeholder);
    else if (current === undefined || current === null) w.element[name] = placeholder;
  }
}

/** Room the modeler's palette takes on the left of the canvas. */
const PALETTE_WIDTH = 110;

/** Opens `xml` in a diagram and fits it to the view (beside the palette, for the modeler). */
export async function openXml(diagram: BpmnDiagram, xml: string, opts: { palette?: boolean } = {}) {
  const { warnings } = await diagram.importXML(prepareXml(xml));
  keepUnresolvedReferences(diagram.get('moddle'), warnings);
  fit(diagram.get('canvas'), opts.palette);
}

/** Fits the diagram to the view; beside the palette, the view is widened on the left so that nothing lies under it. */
export function fit(canvas: Canvas, palette = false) {
  canvas.zoom('fit-viewport', 'auto');
  if (!palette) return;
  const box = canvas.viewbox();
  const extra = PALETTE_WIDTH / box.scale;
  canvas.viewbox({ x: box.x - extra, y: box.y, width: box.width + extra, height: box.height });
}
