/** The JUEL subset: parsing, EL coercion, templates, and what is refused. */
import { describe, expect, it } from 'vitest';
import { evaluateTemplate, ExpressionError, parseTemplate, type EvalContext } from './expression.ts';

const ctx = (vars: Record<string, unknown>, functions: EvalContext['functions'] = {}): EvalContext => ({
  resolve: (n) => (Object.hasOwn(vars, n) ? vars[n] : undefined),
  functions,
});
const ev = (text: string, vars: Record<string, unknown> = {}, functions?: EvalContext['functions']) =>
  evaluateTemplate(parseTemplate(text), ctx(vars, functions));

describe('expressions', () => {
  it.each([
    ['${days > 3}', { days: 5 }, true],
    ['${days > 3}', { days: '5' }, true],
    ['${"5" > 3}', {}, true],
    ['${!pass}', { pass: false }, true],
    ['${!pass}', { pass: 'true' }, false],
    ["${outcome=='通过'}", { outcome: '通过' }, true],
    ['${a eq b}', { a: 1, b: '1' }, true],
    ['${a ne b}', { a: 'x', b: 'y' }, true],
    ["${flag == 'true'}", { flag: true }, true],
    ["${flag == 'true'}", { flag: false }, false],
    ['${a > 1 and b < 2 or not c}', { a: 2, b: 1, c: true }, true],
    ['${a > 1 && (b > 2 || c)}', { a: 2, b: 1, c: false }, false],
    ['${empty list}', { list: [] }, true],
    ['${empty s}', { s: '' }, true],
    ['${not empty s}', { s: 'x' }, true],
    ['${empty n}', { n: null }, true],
    ['${1 + 2 * 3 - 4 / 2}', {}, 5],
    ['${"5" + 3}', {}, 8],
    ['${7 mod 4} ${7 div 2}', {}, '3 3.5'],
    ['${nrOfCompletedInstances/nrOfInstances >= 0.5}', { nrOfCompletedInstances: 2, nrOfInstances: 4 }, true],
    ['${nrOfCompletedInstances/nrOfInstances >= 0.6 }', { nrOfCompletedInstances: 1, nrOfInstances: 2 }, false],
    ['kermit_${loopCounter}', { loopCounter: 2 }, 'kermit_2'],
    ['${x}', { x: [1, 2] }, [1, 2]],
    ['${m.a.b}', { m: { a: { b: 'deep' } } }, 'deep'],
    ["${m['a']['b']}", { m: { a: { b: 'deep' } } }, 'deep'],
    ['${list[1]}', { list: ['a', 'b'] }, 'b'],
    ['${list.size() > 1}', { list: ['a', 'b'] }, true],
    ["${s.contains('b')}", { s: 'abc' }, true],
    ['${a > 1 ? "big" : "small"}', { a: 0 }, 'small'],
    ['${-a}', { a: 3 }, -3],
    ['${a == null}', { a: null }, true],
    ['${a < 3}', { a: null }, false],
    ['plain text', {}, 'plain text'],
    ['#{a}', { a: 1 }, 1],
  ])('%s with %j is %j', (text, vars, expected) => {
    expect(ev(text, vars)).toEqual(expected);
  });

  it('calls registered helpers only, including namespaced ones', () => {
    expect(ev('${upper(a)}', { a: 'x' }, { upper: (s) => String(s).toUpperCase() })).toBe('X');
    expect(ev('${fn:len(a)}', { a: 'abc' }, { 'fn:len': (s) => String(s).length })).toBe(3);
    expect(() => ev('${exit(1)}')).toThrow('不允许调用函数: exit');
    expect(() => ev('${a.constructor("x")}', { a: 'x' })).toThrow(ExpressionError);
    expect(() => ev('${toString()}', {}, {})).toThrow(ExpressionError);
  });

  it('refuses unknown identifiers, bad syntax and numbers that are not numbers', () => {
    expect(() => ev('${money > 500}')).toThrow('未知变量: money');
    expect(() => ev('${a >}', { a: 1 })).toThrow(ExpressionError);
    expect(() => ev('${a b}', { a: 1, b: 2 })).toThrow(ExpressionError);
    expect(() => ev('${a', { a: 1 })).toThrow(ExpressionError);
    expect(() => ev("${'abc' > 3}")).toThrow(ExpressionError);
    expect(() => ev('${1/0}')).toThrow('除数为零');
  });

  it('keeps braces inside string literals', () => {
    expect(ev("${a == '}'}", { a: '}' })).toBe(true);
  });
});
