import { describe, expect, it } from 'vitest';
import { labourBody, previewShares } from './LabourPage';

describe('劳务费 form: the persons preview and the body', () => {
  it('previews gross, tax and net as the server computes them once the ratios add up to 100', () => {
    expect(previewShares('17654.33', [{ shareRatio: '60' }, { shareRatio: '40' }])).toEqual([
      { amount: '10592.60', taxAmount: '1694.82', netAmount: '8897.78' },
      { amount: '7061.73', taxAmount: '1129.88', netAmount: '5931.85' },
    ]);
    expect(previewShares('17654.33', [{ shareRatio: '60' }, { shareRatio: '30' }])).toBeNull();
    expect(previewShares('17654.33', [{ shareRatio: 'x' }])).toBeNull();
    expect(previewShares('', [{ shareRatio: '100' }])).toBeNull();
    expect(previewShares('0', [{ shareRatio: '100' }])).toBeNull();
  });

  it('sends staff by user and outside persons by name and bank account', () => {
    expect(
      labourBody({
        projectId: '1',
        periodStart: '2031-01-01',
        periodEnd: '2031-01-31',
        labourRatio: ' 30 ',
        actualAmount: '',
        persons: [
          { kind: 'staff', userId: '7', shareRatio: '50', personName: 'x' },
          { kind: 'outside', personName: ' 王专家 ', bankName: '', bankAccount: ' 6228 ', shareRatio: '50' },
        ],
      }),
    ).toEqual({
      projectId: '1',
      periodStart: '2031-01-01',
      periodEnd: '2031-01-31',
      labourRatio: '30',
      actualAmount: null,
      accountInfoId: null,
      remark: null,
      persons: [
        { userId: '7', shareRatio: '50' },
        { personName: '王专家', bankName: null, bankAccount: '6228', shareRatio: '50' },
      ],
    });
  });
});
