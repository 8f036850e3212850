/** The itemised special additional deductions with the 2023 amounts and caps (BUSINESS.md §1 "Salary"). */
import { describe, expect, it } from 'vitest';
import { SPECIAL_DEDUCTION_MSG as MSG, specialDeductionMessages, specialDeductionOf } from './special-deduction.ts';

describe('specialDeductionOf', () => {
  it.each([
    [{}, '0.00'],
    [{ childrenCount: 2 }, '4000.00'],
    [{ infantCount: 1 }, '2000.00'],
    [{ degreeEducation: 1 }, '400.00'],
    [{ housingLoan: 1 }, '1000.00'],
    [{ housingRent: 1 }, '1500.00'],
    [{ housingRent: 2 }, '1100.00'],
    [{ housingRent: 3 }, '800.00'],
    [{ elderlySupport: 1 }, '3000.00'],
    [{ elderlySupport: 2, elderlyShare: '1500.00' }, '1500.00'],
    // 子女教育 2 × 2,000 + 住房贷款利息 1,000 + 赡养老人 3,000 = 8,000.00
    [{ childrenCount: 2, housingLoan: 1, elderlySupport: 1 }, '8000.00'],
    // 大病医疗 is deducted in the annual settlement, not by the monthly withholding.
    [{ seriousIllness: '50000.00' }, '0.00'],
  ])('%j deducts %s a month', (items, total) => {
    expect(specialDeductionMessages(items)).toEqual([]);
    expect(specialDeductionOf(items, '2027-05').total).toBe(total);
  });

  it('the certificate’s 3,600 comes in its month only', () => {
    const items = { certificateMonth: '2027-05', housingLoan: 1 };
    expect(specialDeductionOf(items, '2027-05')).toEqual({
      total: '4600.00',
      lines: [
        { label: '继续教育(职业资格证书)', amount: '3600.00' },
        { label: '住房贷款利息', amount: '1000.00' },
      ],
    });
    expect(specialDeductionOf(items, '2027-06').total).toBe('1000.00');
    expect(specialDeductionOf(items).total).toBe('1000.00');
  });

  it('refuses what is over the caps or not a rule, in Chinese', () => {
    expect(specialDeductionMessages({ elderlySupport: 2, elderlyShare: '1500.01' })).toEqual([MSG.elderlyShareMax]);
    expect(specialDeductionMessages({ elderlySupport: 2 })).toEqual([MSG.elderlyShare]);
    expect(specialDeductionMessages({ housingLoan: 1, housingRent: 2 })).toEqual([MSG.housingBoth]);
    expect(specialDeductionMessages({ seriousIllness: '80000.01' })).toEqual([MSG.seriousIllnessMax]);
    expect(specialDeductionMessages({ childrenCount: 10 })).toEqual([MSG.children]);
    expect(specialDeductionMessages({ housingRent: 4 })).toEqual([MSG.housingRent]);
    expect(specialDeductionMessages({ certificateMonth: '2027-13' })).toEqual([MSG.certificateMonth]);
    expect(specialDeductionMessages({ elderlySupport: 2, elderlyShare: '1.234' })).toEqual([MSG.amountFormat]);
  });
});
