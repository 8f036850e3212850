/** bpmn-moddle 10 ships element types (`bpmn-moddle/types`) but none for its entry point: the part we call. */
declare module 'bpmn-moddle' {
  export interface ParseResult {
    rootElement: { $type: string; [k: string]: unknown };
    references: { element: { $type: string; [k: string]: unknown }; property: string; id: string }[];
    warnings: { message: string }[];
  }
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<ParseResult>;
  }
}
