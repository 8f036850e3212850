/**
 * moddle descriptors for the `flowable:` namespace (also `activiti:`, whose URI is rewritten before parsing)
 * and for our own `hjl:` extension elements (designer assignee rules, buttons, field permissions).
 * One copy for the server engine (compile.ts) and the web model designer, so that what the designer writes is
 * exactly what the engine reads. Only what the engine reads or must keep is described; other extension
 * content is kept generically by moddle's lax parsing. Imported as `@hjl/core/bpmn-descriptors` (not from the
 * package index) so that the web app's entry does not carry it: only the designer's chunks do.
 */
export const FLOWABLE_URI = 'http://flowable.org/bpmn';
export const ACTIVITI_URI = 'http://activiti.org/bpmn';
export const HJL_URI = 'http://hjl.example/schema/bpmn';

/**
 * `activiti:` is the same namespace as `flowable:` for the engine and the designer: the namespace URI is
 * rewritten before parsing (the prefix stays `activiti`, so a saved file names the flowable URI under that
 * prefix). Only the exact URI in quotes is: `targetNamespace="http://activiti.org/bpmn20"` stays as it is.
 */
export function activitiAsFlowable(xml: string): string {
  return xml.replace(/(["'])http:\/\/activiti\.org\/bpmn\1/g, `$1${FLOWABLE_URI}$1`);
}

const attr = (name: string, type = 'String') => ({ name, type, isAttr: true });
/** A `<flowable:x>text</flowable:x>` element. */
const textElement = (name: string) => ({ name, superClass: ['Element'], properties: [{ name: 'body', type: 'String', isBody: true }] });

export const flowableDescriptor = {
  name: 'Flowable',
  prefix: 'flowable',
  uri: FLOWABLE_URI,
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'ProcessAttrs',
      isAbstract: true,
      extends: ['bpmn:Process'],
      properties: [attr('candidateStarterUsers'), attr('candidateStarterGroups'), attr('versionTag')],
    },
    {
      name: 'StartEventAttrs',
      isAbstract: true,
      extends: ['bpmn:StartEvent'],
      properties: [attr('initiator'), attr('formKey')],
    },
    {
      name: 'UserTaskAttrs',
      isAbstract: true,
      extends: ['bpmn:UserTask'],
      properties: [
        attr('assignee'),
        attr('candidateUsers'),
        attr('candidateGroups'),
        attr('dueDate'),
        attr('formKey'),
        attr('priority'),
        attr('category'),
        attr('owner'),
        attr('skipExpression'),
      ],
    },
    {
      name: 'MultiInstanceAttrs',
      isAbstract: true,
      extends: ['bpmn:MultiInstanceLoopCharacteristics'],
      properties: [attr('collection'), attr('elementVariable')],
    },
    {
      name: 'SequenceFlowAttrs',
      isAbstract: true,
      extends: ['bpmn:SequenceFlow'],
      properties: [attr('skipExpression')],
    },
    {
      name: 'TaskListener',
      superClass: ['Element'],
      properties: [attr('event'), attr('class'), attr('expression'), attr('delegateExpression'), { name: 'fields', type: 'Field', isMany: true }],
    },
    {
      name: 'ExecutionListener',
      superClass: ['Element'],
      properties: [attr('event'), attr('class'), attr('expression'), attr('delegateExpression'), { name: 'fields', type: 'Field', isMany: true }],
    },
    {
      name: 'Field',
      superClass: ['Element'],
      properties: [
        attr('name'),
        attr('stringValue'),
        attr('expression'),
        // `<flowable:string>text</flowable:string>` as the value.
        { name: 'string', type: 'String' },
      ],
    },
    {
      name: 'FormProperty',
      superClass: ['Element'],
      properties: [
        attr('id'),
        attr('name'),
        attr('type'),
        attr('value'),
        attr('expression'),
        attr('variable'),
        attr('default'),
        attr('datePattern'),
        attr('required', 'Boolean'),
        attr('readable', 'Boolean'),
        attr('writable', 'Boolean'),
        { name: 'values', type: 'Value', isMany: true },
      ],
    },
    { name: 'Value', superClass: ['Element'], properties: [attr('id'), attr('name')] },
    // ruoyi (yudao) extension elements, kept so that their reject return node can serve as the default rollback node.
    textElement('CandidateStrategy'),
    textElement('CandidateParam'),
    textElement('ApproveMethod'),
    textElement('RejectHandlerType'),
    textElement('RejectReturnTaskId'),
  ],
  enumerations: [],
};

/**
 * Our own extension elements, written by the designer:
 * `<hjl:assignee type="user|role|dept|post|starter|operator|starterLeader|formField" value="id,id"/>`,
 * `<hjl:button code="approve" name="同意"/>`, `<hjl:field name="amount" readable writable required/>`,
 * and attributes `hjl:rollbackNode` (node or process default rollback target), `hjl:skipFirstNode` and
 * `hjl:timeLimit` (a user task's time limit in working hours, docs/workflow.md "Approval durations").
 */
export const hjlDescriptor = {
  name: 'Hjl',
  prefix: 'hjl',
  uri: HJL_URI,
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'ProcessOptions',
      isAbstract: true,
      extends: ['bpmn:Process'],
      properties: [attr('skipFirstNode', 'Boolean'), attr('rollbackNode')],
    },
    {
      name: 'UserTaskOptions',
      isAbstract: true,
      extends: ['bpmn:UserTask'],
      properties: [attr('rollbackNode'), attr('timeLimit')],
    },
    { name: 'Assignee', superClass: ['Element'], properties: [attr('type'), attr('value')] },
    { name: 'Button', superClass: ['Element'], properties: [attr('code'), attr('name'), attr('display', 'Boolean')] },
    {
      name: 'Field',
      superClass: ['Element'],
      properties: [attr('name'), attr('readable', 'Boolean'), attr('writable', 'Boolean'), attr('required', 'Boolean')],
    },
  ],
  enumerations: [],
};
