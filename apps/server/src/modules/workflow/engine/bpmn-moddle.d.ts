/** bpmn-moddle 10 ships element types (`bpmn-moddle/types`) but none for its entry point: the part we call. */
declare module 'bpmn-moddle' {
  /** An element of the parsed model: its type, its id and name when it has them (strings), and its other properties. */
  export interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    [k: string]: unknown;
  }
  export interface ParseResult {
    rootElement: ModdleElement;
    references: { element: ModdleElement; property: string; id: string }[];
    warnings: { message: string }[];
  }
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<ParseResult>;
  }
}
