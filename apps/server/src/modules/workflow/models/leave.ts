/**
 * The leave process (key `Leave`, as BladeX names it), deployed for the demo tenant: start → 审批人审批 (the approver chosen on the
 * form, `${approver}`) → more than three days: 总经理审批 (candidate group `manager`, the role alias of 公司领导)
 * → end. A rejection at the first node goes back to the start and ends the process (status reject); the
 * applicant may then resubmit the record, which starts a new instance. The start form is the external leave page
 * (`wf_ex_leave`: the web app's /workflow/process/external/leave/…), not a form design.
 */
export const LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:hjl="http://hjl.example/schema/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  targetNamespace="http://hjl.example/process/leave">
  <process id="Leave" name="请假流程" isExecutable="true">
    <documentation>员工请假: 审批人审批, 超过3天再由总经理审批</documentation>
    <startEvent id="start" name="开始" flowable:formKey="wf_ex_leave"/>
    <sequenceFlow id="flow_start" sourceRef="start" targetRef="approverTask"/>
    <userTask id="approverTask" name="审批人审批" flowable:assignee="\${approver}">
      <extensionElements>
        <hjl:button code="wf_pass" name="同意"/>
        <hjl:button code="wf_reject" name="驳回"/>
        <hjl:button code="wf_transfer" name="转办"/>
        <hjl:button code="wf_delegate" name="委托"/>
        <hjl:button code="wf_terminate" name="终止"/>
        <hjl:field name="leaveType" readable="true" writable="false"/>
        <hjl:field name="startTime" readable="true" writable="false"/>
        <hjl:field name="endTime" readable="true" writable="false"/>
        <hjl:field name="days" readable="true" writable="false"/>
        <hjl:field name="reason" readable="true" writable="false"/>
        <hjl:field name="approver" readable="true" writable="false"/>
      </extensionElements>
    </userTask>
    <sequenceFlow id="flow_approved" sourceRef="approverTask" targetRef="daysGateway"/>
    <exclusiveGateway id="daysGateway" name="请假天数" default="flow_short"/>
    <sequenceFlow id="flow_long" name="超过3天" sourceRef="daysGateway" targetRef="managerTask">
      <conditionExpression xsi:type="tFormalExpression">\${days > 3}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flow_short" name="3天以内" sourceRef="daysGateway" targetRef="end"/>
    <userTask id="managerTask" name="总经理审批" flowable:candidateGroups="manager">
      <extensionElements>
        <hjl:button code="wf_pass" name="同意"/>
        <hjl:button code="wf_reject" name="驳回"/>
        <hjl:button code="wf_rollback" name="回退"/>
        <hjl:button code="wf_terminate" name="终止"/>
        <hjl:field name="days" readable="true" writable="false"/>
        <hjl:field name="reason" readable="true" writable="false"/>
        <hjl:field name="approver" readable="true" writable="false"/>
      </extensionElements>
    </userTask>
    <sequenceFlow id="flow_manager" sourceRef="managerTask" targetRef="end"/>
    <endEvent id="end" name="结束"/>
  </process>
  <bpmndi:BPMNDiagram id="diagram_leave">
    <bpmndi:BPMNPlane id="plane_leave" bpmnElement="leave">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="182" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approverTask_di" bpmnElement="approverTask"><dc:Bounds x="190" y="160" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="daysGateway_di" bpmnElement="daysGateway" isMarkerVisible="true"><dc:Bounds x="345" y="175" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerTask_di" bpmnElement="managerTask"><dc:Bounds x="450" y="60" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="612" y="182" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flow_start_di" bpmnElement="flow_start"><di:waypoint x="136" y="200"/><di:waypoint x="190" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow_approved_di" bpmnElement="flow_approved"><di:waypoint x="290" y="200"/><di:waypoint x="345" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow_long_di" bpmnElement="flow_long"><di:waypoint x="370" y="175"/><di:waypoint x="370" y="100"/><di:waypoint x="450" y="100"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow_short_di" bpmnElement="flow_short"><di:waypoint x="395" y="200"/><di:waypoint x="612" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow_manager_di" bpmnElement="flow_manager"><di:waypoint x="550" y="100"/><di:waypoint x="630" y="100"/><di:waypoint x="630" y="182"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
