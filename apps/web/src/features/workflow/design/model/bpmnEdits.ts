/**
 * What the model designer writes into a BPMN element, as pure functions over moddle elements (the business
 * objects of bpmn-js): our `hjl:` extension elements (assignee rules, buttons, field permissions), multi-instance
 * completion conditions and the document preparation before import. The properties panel turns their answers
 * into `modeling` commands (so undo / redo work); the names are exactly those the engine reads
 * (`packages/core/src/bpmn-descriptors.ts`, `apps/server/src/modules/workflow/engine/compile.ts`).
 */

/** A moddle element as the designer reads it. */
export interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  $parent?: ModdleElement;
  $attrs?: Record<string, string>;
  get?(name: string): unknown;
  [key: string]: unknown;
}

/** What the designer needs of a moddle instance: creating elements. */
export interface ElementFactory {
  create(type: string, attrs?: Record<string, unknown>): ModdleElement;
}

export const ASSIGNEE_TYPES = ['user', 'role', 'dept', 'post', 'starter', 'operator', 'starterLeader', 'formField'] as const;
export type AssigneeType = (typeof ASSIGNEE_TYPES)[number];

/** `<hjl:assignee type value>`: value is a comma list of ids (users, roles, depts, posts) or field names. */
export interface AssigneeRule {
  type: AssigneeType;
  value: string;
}

/** `<hjl:button code name>`. */
export interface NodeButton {
  code: string;
  name: string;
}

/** `<hjl:field name readable writable required>`. */
export interface FieldPermission {
  name: string;
  readable: boolean;
  writable: boolean;
  required: boolean;
}

/** The extension elements of an element (empty when it has none). */
export function extensionValues(bo: ModdleElement): ModdleElement[] {
  const ext = bo.extensionElements as { values?: ModdleElement[] } | undefined;
  return ext?.values ?? [];
}

const ofType = (bo: ModdleElement, type: string) => extensionValues(bo).filter((x) => x.$type === type);

export function readAssignees(bo: ModdleElement): AssigneeRule[] {
  return ofType(bo, 'hjl:Assignee').map((x) => ({ type: String(x.type ?? 'user') as AssigneeType, value: String(x.value ?? '').trim() }));
}

export function readButtons(bo: ModdleElement): NodeButton[] {
  return ofType(bo, 'hjl:Button').map((x) => ({ code: String(x.code ?? ''), name: String(x.name ?? '') }));
}

export function readFields(bo: ModdleElement): FieldPermission[] {
  // Absent attributes mean what the engine reads them as: readable unless false, writable / required only when true.
  return ofType(bo, 'hjl:Field').map((x) => ({
    name: String(x.name ?? ''),
    readable: x.readable !== false,
    writable: x.writable === true,
    required: x.required === true,
  }));
}

/**
 * The new extension values of `bo` with every element of `type` replaced by `items` (in place of the first
 * one, so the order of the other extension content is kept).
 */
export function replaceExtensions(bo: ModdleElement, type: string, items: ModdleElement[]): ModdleElement[] {
  const values = extensionValues(bo);
  const first = values.findIndex((x) => x.$type === type);
  const others = values.filter((x) => x.$type !== type);
  const at = first < 0 ? others.length : values.slice(0, first).filter((x) => x.$type !== type).length;
  return [...others.slice(0, at), ...items, ...others.slice(at)];
}

/** Rule types that name nobody: the engine finds the people from the instance. */
const NEEDS_NO_VALUE: readonly AssigneeType[] = ['starter', 'operator', 'starterLeader'];

/** The rules as they are written: trimmed, and without those still waiting for a value. */
export function writtenRules(rules: AssigneeRule[]): AssigneeRule[] {
  return rules.map((r) => ({ type: r.type, value: r.value.trim() })).filter((r) => NEEDS_NO_VALUE.includes(r.type) || r.value !== '');
}

export function assigneeElements(factory: ElementFactory, rules: AssigneeRule[]): ModdleElement[] {
  return writtenRules(rules).map((r) => factory.create('hjl:Assignee', { type: r.type, ...(r.value ? { value: r.value } : {}) }));
}

export function buttonElements(factory: ElementFactory, buttons: NodeButton[]): ModdleElement[] {
  return buttons.filter((b) => b.code).map((b) => factory.create('hjl:Button', { code: b.code, ...(b.name ? { name: b.name } : {}) }));
}

export function fieldElements(factory: ElementFactory, fields: FieldPermission[]): ModdleElement[] {
  // Writable needs readable; a required field must be writable.
  return fields.map((f) => {
    const writable = f.readable && f.writable;
    return factory.create('hjl:Field', { name: f.name, readable: f.readable, writable, required: writable && f.required });
  });
}

/** How a multi-instance node completes. */
export type Completion = { kind: 'all' } | { kind: 'any' } | { kind: 'ratio'; ratio: number } | { kind: 'custom'; expression: string };

const ANY_ONE = '${nrOfCompletedInstances >= 1}';
const RATIO = /^\$\{\s*nrOfCompletedInstances\s*\/\s*nrOfInstances\s*>=\s*([0-9.]+)\s*\}$/;

/** The completion condition text of a choice (none for "all": every instance completes). */
export function completionExpression(c: Completion): string | undefined {
  switch (c.kind) {
    case 'all':
      return undefined;
    case 'any':
      return ANY_ONE;
    case 'ratio':
      return `\${nrOfCompletedInstances/nrOfInstances >= ${c.ratio}}`;
    case 'custom':
      return c.expression.trim() || undefined;
  }
}

/** Reads a completion condition back into the choice the panel shows. */
export function parseCompletion(text: string | undefined): Completion {
  const t = (text ?? '').trim();
  if (!t) return { kind: 'all' };
  if (t.replace(/\s+/g, '') === ANY_ONE.replace(/\s+/g, '')) return { kind: 'any' };
  const m = RATIO.exec(t);
  if (m) return { kind: 'ratio', ratio: Number(m[1]) };
  return { kind: 'custom', expression: t };
}

/** The text of a `bpmn:FormalExpression`-like child (`conditionExpression`, `loopCardinality`, …). */
export function bodyText(expr: unknown): string {
  if (!expr || typeof expr !== 'object') return '';
  const e = expr as { body?: unknown };
  return typeof e.body === 'string' ? e.body : '';
}

/** True when a document carries a diagram (bpmn-js needs one to display it). */
export function hasDiagram(xml: string): boolean {
  return /<([A-Za-z_][\w.-]*:)?BPMNDiagram[\s>]/.test(xml);
}
