/**
 * A JUEL subset: a tokenizer, a Pratt parser producing an AST, and an interpreter with EL coercion rules.
 * Nothing here reaches `eval` or `new Function`; calls go only to registered helpers and a short whitelist of
 * methods on strings, lists and the `execution` object.
 */

export class ExpressionError extends Error {}

export type Node =
  | { kind: 'lit'; value: unknown }
  | { kind: 'id'; name: string }
  | { kind: 'member'; object: Node; property: Node; computed: boolean }
  | { kind: 'call'; callee: Node; args: Node[] }
  | { kind: 'unary'; op: '-' | '!' | 'empty'; arg: Node }
  | { kind: 'binary'; op: BinaryOp; left: Node; right: Node }
  | { kind: 'cond'; test: Node; then: Node; else: Node };

/** The nodes directly below a node, in source order (a call's callee first). */
export function childrenOf(node: Node): Node[] {
  switch (node.kind) {
    case 'lit':
    case 'id':
      return [];
    case 'member':
      return [node.object, node.property];
    case 'call':
      return [node.callee, ...node.args];
    case 'unary':
      return [node.arg];
    case 'binary':
      return [node.left, node.right];
    case 'cond':
      return [node.test, node.then, node.else];
  }
}

type BinaryOp = '==' | '!=' | '<' | '>' | '<=' | '>=' | '+' | '-' | '*' | '/' | '%' | '&&' | '||';

type Tok = { t: 'num'; v: number } | { t: 'str'; v: string } | { t: 'id'; v: string } | { t: 'op'; v: string } | { t: 'eof' };

const WORD_OPS: Record<string, string> = {
  and: '&&',
  or: '||',
  not: '!',
  eq: '==',
  ne: '!=',
  lt: '<',
  gt: '>',
  le: '<=',
  ge: '>=',
  div: '/',
  mod: '%',
  empty: 'empty',
};
const SYMBOLS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '+', '-', '*', '/', '%', '!', '?', ':', '.', '[', ']', '(', ')', ','];

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const digits = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(src.slice(i))?.[0];
      if (digits === undefined) throw new ExpressionError(`无法识别的数字: ${src}`);
      out.push({ t: 'num', v: Number(digits) });
      i += digits.length;
      continue;
    }
    if (c === "'" || c === '"') {
      let s = '';
      let j = i + 1;
      for (; j < src.length && src[j] !== c; j++) {
        if (src[j] === '\\' && j + 1 < src.length) j++;
        s += src[j];
      }
      if (j >= src.length) throw new ExpressionError(`字符串未结束: ${src}`);
      out.push({ t: 'str', v: s });
      i = j + 1;
      continue;
    }
    const word = /^[\p{L}_$][\p{L}\p{N}_$]*/u.exec(src.slice(i));
    if (word) {
      const w = word[0];
      const op = w in WORD_OPS ? WORD_OPS[w] : undefined;
      if (op !== undefined) out.push({ t: 'op', v: op });
      else out.push({ t: 'id', v: w });
      i += w.length;
      continue;
    }
    const sym = SYMBOLS.find((s) => src.startsWith(s, i));
    if (!sym) throw new ExpressionError(`无法识别的字符 '${c}'`);
    out.push({ t: 'op', v: sym });
    i += sym.length;
  }
  out.push({ t: 'eof' });
  return out;
}

const BINARY_POWER: Record<string, number> = {
  '||': 2,
  '&&': 3,
  '==': 4,
  '!=': 4,
  '<': 5,
  '>': 5,
  '<=': 5,
  '>=': 5,
  '+': 6,
  '-': 6,
  '*': 7,
  '/': 7,
  '%': 7,
};

/** Parses the inside of `${...}` into an AST. */
export function parseExpression(src: string): Node {
  const toks = tokenize(src);
  let pos = 0;
  // tokenize ends the list with eof; reading past it reads eof again.
  const EOF: Tok = { t: 'eof' };
  const peek = () => toks[pos] ?? EOF;
  const isOp = (v: string) => {
    const t = peek();
    return t.t === 'op' && t.v === v;
  };
  const expect = (v: string) => {
    if (!isOp(v)) throw new ExpressionError(`表达式 '${src}' 缺少 '${v}'`);
    pos++;
  };

  const prefix = (): Node => {
    const t = toks[pos++] ?? EOF;
    switch (t.t) {
      case 'num':
        return { kind: 'lit', value: t.v };
      case 'str':
        return { kind: 'lit', value: t.v };
      case 'id':
        if (t.v === 'true') return { kind: 'lit', value: true };
        if (t.v === 'false') return { kind: 'lit', value: false };
        if (t.v === 'null') return { kind: 'lit', value: null };
        return { kind: 'id', name: t.v };
      case 'op':
        if (t.v === '(') {
          const e = expr(0);
          expect(')');
          return e;
        }
        if (t.v === '-' || t.v === '!' || t.v === 'empty') return { kind: 'unary', op: t.v, arg: expr(8) };
        throw new ExpressionError(`表达式 '${src}' 在 '${t.v}' 处有误`);
      case 'eof':
        throw new ExpressionError(`表达式 '${src}' 不完整`);
    }
  };

  const expr = (minPower: number): Node => {
    let left = prefix();
    for (;;) {
      const t = peek();
      if (t.t !== 'op') {
        if (t.t === 'eof') break;
        throw new ExpressionError(`表达式 '${src}' 在 '${String(t.v)}' 处有误`);
      }
      if (t.v === '.') {
        pos++;
        const name = toks[pos++] ?? EOF;
        if (name.t !== 'id') throw new ExpressionError(`表达式 '${src}' 的 '.' 后缺少名称`);
        left = { kind: 'member', object: left, property: { kind: 'lit', value: name.v }, computed: false };
        continue;
      }
      if (t.v === '[') {
        pos++;
        const property = expr(0);
        expect(']');
        left = { kind: 'member', object: left, property, computed: true };
        continue;
      }
      if (t.v === '(') {
        pos++;
        const args: Node[] = [];
        if (!isOp(')')) {
          do args.push(expr(0));
          while (isOp(',') && ++pos);
        }
        expect(')');
        left = { kind: 'call', callee: left, args };
        continue;
      }
      const after = toks[pos + 2];
      if (t.v === ':' && left.kind === 'id' && toks[pos + 1]?.t === 'id' && after?.t === 'op' && after.v === '(') {
        // A namespaced function `ns:fn(...)`: the name becomes `ns:fn`.
        pos++;
        const fn = toks[pos++] as { v: string };
        left = { kind: 'id', name: `${left.name}:${fn.v}` };
        continue;
      }
      if (t.v === '?') {
        if (minPower > 1) break;
        pos++;
        const then = expr(0);
        expect(':');
        const otherwise = expr(1);
        left = { kind: 'cond', test: left, then, else: otherwise };
        continue;
      }
      const power = BINARY_POWER[t.v];
      if (power === undefined || power <= minPower) break;
      pos++;
      left = { kind: 'binary', op: t.v as BinaryOp, left, right: expr(power) };
    }
    return left;
  };

  const node = expr(0);
  if (peek().t !== 'eof') throw new ExpressionError(`表达式 '${src}' 有多余内容`);
  return node;
}

/** A text with `${...}` / `#{...}` parts. A text that is exactly one expression yields its value untouched. */
export type Template = { parts: (string | { src: string; node: Node })[] };

export function parseTemplate(text: string): Template {
  const parts: Template['parts'] = [];
  let i = 0;
  let lit = '';
  while (i < text.length) {
    if ((text[i] === '$' || text[i] === '#') && text[i + 1] === '{') {
      // Find the closing brace outside string literals.
      let j = i + 2;
      let quote = '';
      for (; j < text.length; j++) {
        const c = text.charAt(j);
        if (quote) {
          if (c === '\\') j++;
          else if (c === quote) quote = '';
        } else if (c === "'" || c === '"') quote = c;
        else if (c === '}') break;
      }
      if (j >= text.length) throw new ExpressionError(`表达式 '${text}' 缺少 '}'`);
      if (lit) {
        parts.push(lit);
        lit = '';
      }
      const src = text.slice(i + 2, j);
      parts.push({ src, node: parseExpression(src) });
      i = j + 1;
    } else {
      lit += text[i++];
    }
  }
  if (lit) parts.push(lit);
  return { parts };
}

export const isExpressionText = (text: string) => /[$#]\{/.test(text);

/** Where identifiers, helper functions and `execution` come from. */
export interface EvalContext {
  /** Answers the value, or `undefined` when the name is unknown (an error, as in Flowable). */
  resolve(name: string): unknown;
  functions?: Record<string, (...args: unknown[]) => unknown>;
}

/** Objects evaluated expressions may call methods on (e.g. `execution.getVariable('x')`). */
export interface ExpressionObject {
  readonly __methods: Record<string, (...args: unknown[]) => unknown>;
  /** Its properties (`execution.processInstanceId`). */
  readonly [property: string]: unknown;
}

const isExprObject = (v: unknown): v is ExpressionObject => typeof v === 'object' && v !== null && '__methods' in v;

export function evaluateTemplate(t: Template, ctx: EvalContext): unknown {
  const [only] = t.parts;
  if (t.parts.length === 1 && only !== undefined && typeof only !== 'string') return evaluate(only.node, ctx);
  return t.parts.map((p) => (typeof p === 'string' ? p : coerceToString(evaluate(p.node, ctx)))).join('');
}

export function evaluate(node: Node, ctx: EvalContext): unknown {
  switch (node.kind) {
    case 'lit':
      return node.value;
    case 'id': {
      const v = ctx.resolve(node.name);
      if (v === undefined) throw new ExpressionError(`未知变量: ${node.name}`);
      return v;
    }
    case 'member': {
      const obj = evaluate(node.object, ctx);
      const key = evaluate(node.property, ctx);
      if (obj === null || obj === undefined) return null;
      if (Array.isArray(obj)) return obj[coerceToNumber(key)] ?? null;
      if (isExprObject(obj)) {
        const k = coerceToString(key);
        return k !== '__methods' && Object.hasOwn(obj, k) ? (obj[k] ?? null) : null;
      }
      if (typeof obj === 'object') {
        const k = coerceToString(key);
        return Object.prototype.hasOwnProperty.call(obj, k) ? (obj as Record<string, unknown>)[k] : null;
      }
      if (typeof obj === 'string' && coerceToString(key) === 'length') return obj.length;
      return null;
    }
    case 'call':
      return call(node, ctx);
    case 'unary': {
      if (node.op === 'empty') return isEmpty(evaluate(node.arg, ctx));
      const v = evaluate(node.arg, ctx);
      return node.op === '!' ? !coerceToBoolean(v) : -coerceToNumber(v);
    }
    case 'cond':
      return coerceToBoolean(evaluate(node.test, ctx)) ? evaluate(node.then, ctx) : evaluate(node.else, ctx);
    case 'binary': {
      if (node.op === '&&') return coerceToBoolean(evaluate(node.left, ctx)) && coerceToBoolean(evaluate(node.right, ctx));
      if (node.op === '||') return coerceToBoolean(evaluate(node.left, ctx)) || coerceToBoolean(evaluate(node.right, ctx));
      const a = evaluate(node.left, ctx);
      const b = evaluate(node.right, ctx);
      switch (node.op) {
        case '==':
          return equals(a, b);
        case '!=':
          return !equals(a, b);
        case '<':
          return order(a, b, (c) => c < 0);
        case '>':
          return order(a, b, (c) => c > 0);
        case '<=':
          return order(a, b, (c) => c <= 0);
        case '>=':
          return order(a, b, (c) => c >= 0);
        case '+':
          return coerceToNumber(a) + coerceToNumber(b);
        case '-':
          return coerceToNumber(a) - coerceToNumber(b);
        case '*':
          return coerceToNumber(a) * coerceToNumber(b);
        case '/': {
          const d = coerceToNumber(b);
          if (d === 0) throw new ExpressionError('除数为零');
          return coerceToNumber(a) / d;
        }
        case '%':
          return coerceToNumber(a) % coerceToNumber(b);
      }
    }
  }
}

function call(node: Extract<Node, { kind: 'call' }>, ctx: EvalContext): unknown {
  const args = () => node.args.map((a) => evaluate(a, ctx));
  if (node.callee.kind === 'id') {
    const fns = ctx.functions ?? {};
    const fn = Object.hasOwn(fns, node.callee.name) ? fns[node.callee.name] : undefined;
    if (!fn) throw new ExpressionError(`不允许调用函数: ${node.callee.name}`);
    return fn(...args());
  }
  if (node.callee.kind === 'member' && !node.callee.computed) {
    const target = evaluate(node.callee.object, ctx);
    const name = coerceToString(evaluate(node.callee.property, ctx));
    const a = args();
    if (isExprObject(target)) {
      const m = Object.hasOwn(target.__methods, name) ? target.__methods[name] : undefined;
      if (m) return m(...a);
    }
    const method = Object.hasOwn(METHODS, name) ? METHODS[name] : undefined;
    if (method) return method(target, a);
    throw new ExpressionError(`不允许调用方法: ${name}`);
  }
  throw new ExpressionError('不允许的调用');
}

/** The few Java-style methods models use on strings, lists and maps. */
const METHODS: Record<string, (target: unknown, args: unknown[]) => unknown> = {
  size: (t) => (Array.isArray(t) ? t.length : typeof t === 'string' ? t.length : t && typeof t === 'object' ? Object.keys(t).length : 0),
  length: (t) => (typeof t === 'string' || Array.isArray(t) ? t.length : 0),
  isEmpty: (t) => isEmpty(t),
  contains: (t, [x]) => (Array.isArray(t) ? t.some((e) => equals(e, x)) : typeof t === 'string' ? t.includes(coerceToString(x)) : false),
  containsKey: (t, [x]) => !!t && typeof t === 'object' && Object.prototype.hasOwnProperty.call(t, coerceToString(x)),
  get: (t, [x]) =>
    Array.isArray(t) ? (t[coerceToNumber(x)] ?? null) : t && typeof t === 'object' ? ((t as Record<string, unknown>)[coerceToString(x)] ?? null) : null,
  startsWith: (t, [x]) => coerceToString(t).startsWith(coerceToString(x)),
  endsWith: (t, [x]) => coerceToString(t).endsWith(coerceToString(x)),
  equals: (t, [x]) => equals(t, x),
  indexOf: (t, [x]) => (Array.isArray(t) ? t.findIndex((e) => equals(e, x)) : coerceToString(t).indexOf(coerceToString(x))),
  toString: (t: unknown) => coerceToString(t),
  trim: (t) => coerceToString(t).trim(),
};

export function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

export function coerceToBoolean(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (v === null || v === undefined || v === '') return false;
  if (typeof v === 'string') return v.toLowerCase() === 'true';
  throw new ExpressionError(`无法把 ${JSON.stringify(v)} 当作布尔值`);
}

export function coerceToNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v === null || v === undefined || v === '') return 0;
  if (typeof v === 'boolean') throw new ExpressionError('无法把布尔值当作数字');
  if (typeof v === 'string') {
    const n = Number(v.trim());
    if (Number.isNaN(n)) throw new ExpressionError(`无法把 '${v}' 当作数字`);
    return n;
  }
  throw new ExpressionError(`无法把 ${JSON.stringify(v)} 当作数字`);
}

export function coerceToString(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(coerceToString).join(', ')}]`;
  return JSON.stringify(v);
}

/** EL `==`: numbers if either side is a number, booleans if either is a boolean, else strings. */
function equals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (typeof a === 'number' || typeof b === 'number') return coerceToNumber(a) === coerceToNumber(b);
  if (typeof a === 'boolean' || typeof b === 'boolean') return coerceToBoolean(a) === coerceToBoolean(b);
  if (typeof a === 'string' || typeof b === 'string') return coerceToString(a) === coerceToString(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** EL ordering: false against null, numeric if either side is a number, else string order. */
function order(a: unknown, b: unknown, test: (c: number) => boolean): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (typeof a === 'number' || typeof b === 'number') return test(coerceToNumber(a) - coerceToNumber(b));
  if (typeof a === 'string' && typeof b === 'string') return test(a < b ? -1 : a > b ? 1 : 0);
  throw new ExpressionError(`无法比较 ${JSON.stringify(a)} 与 ${JSON.stringify(b)}`);
}
