/** bpmn-moddle (used by the tests of the designer's XML edits) ships no types for its entry point. */
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(xml: string): Promise<{ rootElement: unknown; warnings: { message: string }[] }>;
    toXML(element: unknown, opts?: { format?: boolean }): Promise<{ xml: string }>;
  }
}
