import { describe, expect, it } from 'vitest';
import { activitiAsFlowable, FLOWABLE_URI } from './bpmn-descriptors.ts';

describe('activitiAsFlowable', () => {
  it('rewrites the activiti namespace URI and nothing that only starts like it', () => {
    const xml = `<definitions xmlns:activiti="http://activiti.org/bpmn" xmlns:a2='http://activiti.org/bpmn' targetNamespace="http://activiti.org/bpmn20">`;
    expect(activitiAsFlowable(xml)).toBe(
      `<definitions xmlns:activiti="${FLOWABLE_URI}" xmlns:a2='${FLOWABLE_URI}' targetNamespace="http://activiti.org/bpmn20">`,
    );
  });
});
