/**
 * The salary rule on fixtures, each figure worked out by hand in the comment above its expectation.
 */
import { describe, expect, it } from 'vitest';
import { ATTENDANCE_KIND, computePayroll, cumulativeIit, employedMonths, type PayrollInput } from './payroll.ts';

const none = { months: 0, income: '0', social: '0', special: '0', tax: '0' };
const base: PayrollInput = {
  basePay: '8000',
  postPay: '2000',
  performancePay: '0',
  allowance: '500',
  items: [],
  socialPersonal: '1050.00',
  specialDeduction: '1000',
  prior: none,
};

describe('computePayroll', () => {
  it('a first month in the lowest bracket', () => {
    const r = computePayroll(base);
    // standard 8000 + 2000 + 0 + 500 = 10500.00
    expect(r.standardPay).toBe('10500.00');
    expect(r.grossPay).toBe('10500.00');
    // taxable 10500 − 5000 − 1050 − 1000 = 3450.00; tax 3450 × 3 % = 103.50
    expect(r.cumulativeTaxable).toBe('3450.00');
    expect(r.taxRate).toBe('0.03');
    expect(r.incomeTax).toBe('103.50');
    // net 10500 − 1050 − 103.50 = 9346.50
    expect(r.netPay).toBe('9346.50');
    expect(r.steps.at(-1)).toEqual({ label: '实发工资', formula: '应发工资 10500.00 − 个人社保公积金 1050.00 − 个人所得税 103.50', value: '9346.50' });
  });

  it('a person crossing from 3 % to 10 % in the second month of the year, withheld cumulatively', () => {
    const p: PayrollInput = { ...base, basePay: '25000', postPay: '5000', allowance: '0', socialPersonal: '2000', specialDeduction: '2000' };
    // month 1: taxable 30000 − 5000 − 2000 − 2000 = 21000; tax 21000 × 3 % = 630.00
    const jan = computePayroll(p);
    expect([jan.cumulativeTaxable, jan.taxRate, jan.incomeTax, jan.netPay]).toEqual(['21000.00', '0.03', '630.00', '27370.00']);
    // month 2: cumulative taxable 42000 (> 36000): 42000 × 10 % − 2520 = 1680.00; minus 630 withheld = 1050.00
    const feb = computePayroll({ ...p, prior: { months: 1, income: jan.grossPay, social: '2000', special: '2000', tax: jan.incomeTax } });
    expect([feb.taxMonths, feb.cumulativeThreshold, feb.cumulativeTaxable, feb.taxRate, feb.quickDeduction, feb.cumulativeTax, feb.incomeTax]).toEqual([
      2,
      '10000.00',
      '42000.00',
      '0.10',
      '2520.00',
      '1680.00',
      '1050.00',
    ]);
    // net 30000 − 2000 − 1050 = 26950.00
    expect(feb.netPay).toBe('26950.00');
    // month 3: 63000 × 10 % − 2520 = 3780.00; minus 1680 = 2100.00
    const mar = computePayroll({ ...p, prior: { months: 2, income: '60000', social: '4000', special: '4000', tax: '1680.00' } });
    expect([mar.cumulativeTaxable, mar.cumulativeTax, mar.incomeTax, mar.netPay]).toEqual(['63000.00', '3780.00', '2100.00', '25900.00']);
  });

  it('attendance items: payable and deduction amounts, deductions larger than the payable items', () => {
    const r = computePayroll({
      ...base,
      items: [
        { code: 'overtime', name: '加班', unit: '小时', kind: ATTENDANCE_KIND.payable, unitAmount: '50', value: '2.5' },
        { code: 'absence', name: '事假', unit: '天', kind: ATTENDANCE_KIND.deduction, unitAmount: '300', value: '3' },
        { code: 'late', name: '迟到', unit: '次', kind: ATTENDANCE_KIND.deduction, unitAmount: '33.33', value: '1.5' },
        { code: 'days', name: '出勤天数', unit: '天', kind: ATTENDANCE_KIND.none, unitAmount: '0', value: '19' },
      ],
    });
    // payable 2.5 × 50 = 125.00; deductions 3 × 300 + 1.5 × 33.33 = 900 + 49.995 → 49.99|5 half up 50.00 = 950.00
    expect(r.items.map((i) => i.amount)).toEqual(['125.00', '900.00', '50.00', '0.00']);
    expect(r.payableAmount).toBe('125.00');
    expect(r.deductionAmount).toBe('950.00');
    // gross 10500 + 125 − 950 = 9675.00; taxable 9675 − 5000 − 1050 − 1000 = 2625; tax 78.75
    expect(r.grossPay).toBe('9675.00');
    expect(r.incomeTax).toBe('78.75');
    // net 9675 − 1050 − 78.75 = 8546.25
    expect(r.netPay).toBe('8546.25');
  });

  it('deductions beyond everything payable: gross stops at zero, no tax, the person owes the social security', () => {
    const r = computePayroll({
      ...base,
      basePay: '3000',
      postPay: '0',
      allowance: '0',
      socialPersonal: '315.00',
      items: [{ code: 'absence', name: '事假', unit: '天', kind: ATTENDANCE_KIND.deduction, unitAmount: '200', value: '22' }],
    });
    // 3000 − 22 × 200 = −1400 → gross 0.00, 1400.00 not covered
    expect([r.deductionAmount, r.grossPay, r.uncoveredDeduction, r.cumulativeTaxable, r.incomeTax, r.netPay]).toEqual([
      '4400.00',
      '0.00',
      '1400.00',
      '0.00',
      '0.00',
      '-315.00',
    ]);
  });

  it('a month whose cumulative tax is below what was withheld withholds nothing (no refund through payroll)', () => {
    // earlier: 1 month, income 20000, tax 420 withheld; now gross 0 (unpaid leave): cumulative 20000 − 10000 − 0 − 0 = 10000 → 300 < 420
    const r = computePayroll({
      ...base,
      basePay: '0',
      postPay: '0',
      allowance: '0',
      socialPersonal: '0',
      specialDeduction: '0',
      prior: { months: 1, income: '20000', social: '0', special: '0', tax: '420' },
    });
    expect([r.cumulativeTaxable, r.cumulativeTax, r.incomeTax, r.netPay]).toEqual(['10000.00', '300.00', '0.00', '0.00']);
  });

  it('the annual brackets at their edges', () => {
    expect(cumulativeIit('36000.00')).toEqual({ rate: '0.03', quick: '0.00', tax: '1080.00' });
    // 36000.01 × 10 % = 3600.001 → 3600.00 − 2520 = 1080.00
    expect(cumulativeIit('36000.01').tax).toBe('1080.00');
    expect(cumulativeIit('144000.00').tax).toBe('11880.00');
    expect(cumulativeIit('300000.00').tax).toBe('43080.00');
    // 1,000,000 × 45 % − 181920 = 268080.00
    expect(cumulativeIit('1000000.00')).toEqual({ rate: '0.45', quick: '181920.00', tax: '268080.00' });
    expect(cumulativeIit('-5').tax).toBe('0.00');
  });
});

describe('months employed and labour fees (BUSINESS.md §1 "Salary", "Labour fee")', () => {
  it.each([
    [null, '2027-10', 10],
    ['2019-07-01', '2027-10', 10],
    ['2027-03-15', '2027-03', 1],
    ['2027-03-15', '2027-10', 8],
    ['2027-11-01', '2027-10', 0],
    ['2028-01-01', '2027-10', 0],
  ])('hired %s: %s is month %i employed this year', (entry, month, months) => {
    expect(employedMonths(entry, month)).toBe(months);
  });

  it('a person employed but unpaid in September: October deducts 10 months, not 9 (150.00 less withheld)', () => {
    // January–August 6,000 a month: taxable 1,000 each, 30.00 withheld each → 240.00; no September record.
    const p = { ...base, basePay: '6000', postPay: '0', allowance: '0', socialPersonal: '0', specialDeduction: '0' };
    const prior = { months: 8, income: '48000.00', social: '0', special: '0', tax: '240.00' };
    // October 12,000: 60,000 − 5,000 × 10 = 10,000 × 3 % = 300 − 240 = 60.00.
    const october = computePayroll({ ...p, basePay: '12000', prior, employedMonths: 10 });
    expect([october.taxMonths, october.cumulativeTaxable, october.incomeTax]).toEqual([10, '10000.00', '60.00']);
    // Counting records instead (8 + 1 = 9 months): 15,000 × 3 % = 450 − 240 = 210.00, 150.00 too much.
    expect(computePayroll({ ...p, basePay: '12000', prior }).incomeTax).toBe('210.00');
  });

  it('an employee’s labour fee joins the gross and the cumulative withholding', () => {
    const r = computePayroll({ ...base, labourPay: '10592.60', labourText: '某项目 10592.60' });
    // gross 10,500 + 10,592.60 = 21,092.60; taxable 21,092.60 − 5,000 − 1,050 − 1,000 = 14,042.60 × 3 % = 421.28
    expect([r.labourPay, r.grossPay, r.cumulativeTaxable, r.incomeTax]).toEqual(['10592.60', '21092.60', '14042.60', '421.28']);
    expect(r.steps.find((s) => s.label === '劳务费(并入工资薪金)')).toEqual({ label: '劳务费(并入工资薪金)', formula: '某项目 10592.60', value: '10592.60' });
  });
});
