import { describe, expect, it } from 'vitest';
import {
  addWorkingMinutes,
  DEFAULT_WORKING_HOURS,
  isWorkingDay,
  minutesPerWorkingDay,
  parseWorkingHours,
  percentile,
  workingMinutesBetween,
  type BusinessCalendar,
  type WorkPeriod,
} from './working-hours.ts';

const periods = parseWorkingHours(DEFAULT_WORKING_HOURS) as WorkPeriod[];
/** 2025-03-07 is a Friday, 03-08 a Saturday, 03-10 a Monday. */
const calendar = (holidays: string[] = [], makeUpDays: string[] = []): BusinessCalendar => ({
  periods,
  holidays: new Set(holidays),
  makeUpDays: new Set(makeUpDays),
});
const hours = (cal: BusinessCalendar, from: string, to: string) => workingMinutesBetween(cal, from, to) / 60;

describe('parseWorkingHours', () => {
  it('reads the default as two periods of 8 hours in all', () => {
    expect(periods).toEqual([
      { start: 540, end: 720 },
      { start: 780, end: 1080 },
    ]);
    expect(minutesPerWorkingDay(periods)).toBe(480);
  });

  it('accepts a full-width comma and spaces, and 24:00 as an end', () => {
    expect(parseWorkingHours(' 08:30-12:00， 13:00-24:00 ')).toEqual([
      { start: 510, end: 720 },
      { start: 780, end: 1440 },
    ]);
  });

  it.each([
    ['', '工作时间不能为空,格式如 09:00-12:00,13:00-18:00'],
    ['9:00-12:00', '工作时间段格式不正确: 9:00-12:00,应为 HH:mm-HH:mm'],
    ['12:00-09:00', '工作时间段的结束须晚于开始: 12:00-09:00'],
    ['09:00-12:00,11:00-13:00', '工作时间段须按时间先后且不重叠: 11:00-13:00'],
    ['09:00-12:60', '工作时间段格式不正确: 09:00-12:60,应为 HH:mm-HH:mm'],
  ])('refuses %j with a Chinese message', (text, message) => {
    expect(parseWorkingHours(text)).toBe(message);
  });
});

describe('isWorkingDay', () => {
  it('weekdays work, weekends rest, a holiday rests and a make-up day (调休) works', () => {
    const cal = calendar(['2025-03-10'], ['2025-03-08']);
    expect(isWorkingDay(cal, '2025-03-07')).toBe(true);
    expect(isWorkingDay(cal, '2025-03-08')).toBe(true);
    expect(isWorkingDay(cal, '2025-03-09')).toBe(false);
    expect(isWorkingDay(cal, '2025-03-10')).toBe(false);
    expect(isWorkingDay(calendar(), '2025-03-08')).toBe(false);
  });
});

describe('workingMinutesBetween', () => {
  it('Friday 17:00 → Monday 10:00 over a plain weekend is two hours', () => {
    expect(hours(calendar(), '2025-03-07 17:00:00', '2025-03-10 10:00:00')).toBe(2);
  });

  it('a make-up Saturday (调休) counts its eight hours', () => {
    expect(hours(calendar([], ['2025-03-08']), '2025-03-07 17:00:00', '2025-03-10 10:00:00')).toBe(10);
  });

  it('Friday 17:00 → Monday 10:00 across a holiday Monday counts nothing of Monday', () => {
    expect(hours(calendar(['2025-03-10']), '2025-03-07 17:00:00', '2025-03-10 10:00:00')).toBe(1);
    expect(hours(calendar(['2025-03-10']), '2025-03-07 17:00:00', '2025-03-11 10:00:00')).toBe(2);
  });

  it('a holiday Friday and a make-up Saturday: Thursday 17:00 → Monday 10:00 is 1 + 0 + 8 + 1 hours', () => {
    expect(hours(calendar(['2025-03-07'], ['2025-03-08']), '2025-03-06 17:00:00', '2025-03-10 10:00:00')).toBe(10);
  });

  it('a holiday on a Saturday stays a day off, a make-up day named also a holiday works', () => {
    expect(hours(calendar(['2025-03-08']), '2025-03-07 17:00:00', '2025-03-10 10:00:00')).toBe(2);
    expect(hours(calendar(['2025-03-08'], ['2025-03-08']), '2025-03-07 17:00:00', '2025-03-10 10:00:00')).toBe(10);
  });

  it('skips the lunch break and the time outside working hours', () => {
    const cal = calendar();
    expect(hours(cal, '2025-03-07 11:30:00', '2025-03-07 13:30:00')).toBe(1);
    expect(hours(cal, '2025-03-07 07:00:00', '2025-03-07 20:00:00')).toBe(8);
    expect(hours(cal, '2025-03-07 12:10:00', '2025-03-07 12:50:00')).toBe(0);
    expect(hours(cal, '2025-03-07 18:30:00', '2025-03-10 08:59:00')).toBe(0);
  });

  it('counts seconds as fractions of a minute', () => {
    expect(workingMinutesBetween(calendar(), '2025-03-07 09:00:00', '2025-03-07 09:00:30')).toBe(0.5);
  });

  it('answers 0 for an end not after the start', () => {
    expect(workingMinutesBetween(calendar(), '2025-03-07 10:00:00', '2025-03-07 10:00:00')).toBe(0);
    expect(workingMinutesBetween(calendar(), '2025-03-10 10:00:00', '2025-03-07 10:00:00')).toBe(0);
  });

  it('a whole week of the real 2025 National Day (10-01…10-08 off, 09-28 and 10-11 worked) is two working days', () => {
    const holidays = ['2025-10-01', '2025-10-02', '2025-10-03', '2025-10-04', '2025-10-05', '2025-10-06', '2025-10-07', '2025-10-08'];
    const cal = calendar(holidays, ['2025-09-28', '2025-10-11']);
    // Sat 09-27 off, Sun 09-28 worked, Mon 09-29 and Tue 09-30 worked, then off to Wed 10-08; Thu 10-09 09:00.
    expect(hours(cal, '2025-09-27 09:00:00', '2025-10-09 09:00:00')).toBe(24);
  });

  it('reads date-times with a T and without seconds', () => {
    expect(hours(calendar(), '2025-03-07T17:00', '2025-03-10T10:00')).toBe(2);
  });
});

describe('addWorkingMinutes', () => {
  it('a limit of 4 hours from Friday 16:00 falls on Monday 11:00, or on the make-up Saturday', () => {
    expect(addWorkingMinutes(calendar(), '2025-03-07 16:00:00', 240)).toBe('2025-03-10 11:00:00');
    expect(addWorkingMinutes(calendar([], ['2025-03-08']), '2025-03-07 16:00:00', 240)).toBe('2025-03-08 11:00:00');
  });

  it('jumps the lunch break, a holiday and a start before hours', () => {
    expect(addWorkingMinutes(calendar(), '2025-03-07 11:00:00', 120)).toBe('2025-03-07 14:00:00');
    expect(addWorkingMinutes(calendar(['2025-03-10']), '2025-03-07 18:00:00', 60)).toBe('2025-03-11 10:00:00');
    expect(addWorkingMinutes(calendar(), '2025-03-07 06:00:00', 30)).toBe('2025-03-07 09:30:00');
  });

  it('is the inverse of workingMinutesBetween', () => {
    const cal = calendar(['2025-03-10'], ['2025-03-08']);
    const due = addWorkingMinutes(cal, '2025-03-06 15:20:00', 1000);
    expect(due).toBeDefined();
    expect(workingMinutesBetween(cal, '2025-03-06 15:20:00', due ?? '')).toBe(1000);
  });

  it('answers the start for 0 and undefined for a calendar without working time', () => {
    expect(addWorkingMinutes(calendar(), '2025-03-07 20:00:00', 0)).toBe('2025-03-07 20:00:00');
    expect(addWorkingMinutes({ periods: [], holidays: new Set(), makeUpDays: new Set() }, '2025-03-07 09:00:00', 60)).toBeUndefined();
  });
});

describe('percentile', () => {
  it('interpolates between ranks: the median and the 90th percentile', () => {
    expect(percentile([4, 1, 3, 2], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBeCloseTo(9.1);
    expect(percentile([7], 90)).toBe(7);
    expect(percentile([], 50)).toBeUndefined();
  });
});
