import { describe, expect, it } from 'vitest';
import { decodeProcessParams, encodeProcessParams, processPath } from './processRoute';

describe('process routes', () => {
  it('round-trips the params, Chinese included', () => {
    const params = { processId: 'leave:3:9', taskId: '42', processInsId: '7', processDefKey: '请假', type: 'detail' as const };
    expect(decodeProcessParams(encodeProcessParams(params))).toEqual(params);
  });

  it('answers undefined for an address that is not a payload', () => {
    expect(decodeProcessParams('%%%')).toBeUndefined();
    expect(decodeProcessParams(btoa('[1,2]'))).toBeUndefined();
    expect(decodeProcessParams(btoa('not json'))).toBeUndefined();
  });

  it('drops unknown keys and values of the wrong type', () => {
    expect(decodeProcessParams(btoa(JSON.stringify({ taskId: 5, processInsId: 'x', type: 'other', extra: 'y' })))).toEqual({ processInsId: 'x' });
  });

  it('builds screen and external-form addresses whose payload survives the path', () => {
    const path = processPath('start', { processId: 'a:1:2' });
    expect(path).toMatch(/^\/workflow\/process\/start\/[^/]+$/);
    expect(decodeProcessParams(path.split('/').pop()!)).toEqual({ processId: 'a:1:2', type: 'start' });
    const external = processPath('detail', { processInsId: '9' }, 'wf_ex_contract');
    expect(external).toMatch(/^\/workflow\/process\/external\/contract\/detail\?p=/);
    expect(decodeProcessParams(external.split('?p=')[1]!)).toEqual({ processInsId: '9', type: 'detail' });
  });
});

describe('form urls (S1 L33)', () => {
  it('a form key that is not wf_ex_ but a form url opens that url with ?p=', () => {
    const start = processPath('start', { processId: 'makePayment:1:5', processDefKey: 'makePayment' }, '/workflow/makePayment');
    expect(start).toMatch(/^\/workflow\/makePayment\?p=/);
    expect(decodeProcessParams(decodeURIComponent(start.split('?p=')[1]!))).toEqual({
      processId: 'makePayment:1:5',
      processDefKey: 'makePayment',
      type: 'start',
    });
    expect(processPath('detail', { taskId: '3' }, '/workflow/applyPayment/finalStep')).toMatch(/^\/workflow\/applyPayment\/finalStep\?p=/);
  });

  it('a formUrl given beside the key wins; a form design key stays on the generic screen', () => {
    expect(processPath('start', { processId: 'x' }, 'expense_form', '/workflow/payTheDeposit/1')).toMatch(/^\/workflow\/payTheDeposit\/1\?p=/);
    expect(processPath('start', { processId: 'x' }, 'expense_form')).toMatch(/^\/workflow\/process\/start\//);
    expect(processPath('start', { processId: 'x' }, 'http://evil.example/x')).toMatch(/^\/workflow\/process\/start\//);
    expect(processPath('start', { processId: 'x' }, '//evil.example/x')).toMatch(/^\/workflow\/process\/start\//);
  });
});
