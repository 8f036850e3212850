import { describe, expect, it } from 'vitest';
import { FORMATS, fileExtension, fileKind, formatError, isEmpty, isIdCard, isPhone, opensDirectly, type FormatName } from './validators.ts';

const table: Record<FormatName, { good: string[]; bad: string[] }> = {
  mobile: { good: ['13800138000', '19912345678'], bad: ['12800138000', '1380013800', '138001380001', '2380013800a'] },
  landline: { good: ['010-88886666', '0571-8888666', '88886666', '021-66668888-123'], bad: ['010-888', '1234567', 'abc-12345678'] },
  idCard: {
    good: ['11010519491231002X', '110105194912310029'.slice(0, 17) + '2'.replace('2', 'X'), '440524188001010014'],
    bad: ['110105194912310021', '11010519491331002X', '110105194902300020', '11010519491231002'],
  },
  password: { good: ['abc123', 'A_12345678901234567'.slice(0, 18)], bad: ['1abcde', 'ab12', 'abc 123', 'a1234567890123456789'] },
  postalCode: { good: ['100000', '310012'], bad: ['010000', '12345', '1234567'] },
  qq: { good: ['10000', '123456789012'.slice(0, 11)], bad: ['0123456', '1234', '123456789012'] },
  email: { good: ['a@b.cn', 'li.hong+x@hjl-tech.com.cn'], bad: ['a@b', '@b.cn', 'a b@c.cn', 'a@b.c'] },
  money: { good: ['0', '12', '12.3', '12.34'], bad: ['12.345', '01', '-1', '1.', 'abc'] },
  url: { good: ['http://a.cn', 'https://x.y.com/p?q=1'], bad: ['ftp://a.cn', 'www.a.cn', 'http://'] },
  ip: { good: ['127.0.0.1', '255.255.255.255', '10.0.0.10'], bad: ['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5'] },
  date: { good: ['2024-02-29', '2023-12-31'], bad: ['2023-02-29', '2023-13-01', '2023/01/01'] },
  plateNumber: { good: ['京A12345', '粤B1234学', '沪AD12345', '浙A12345F'], bad: ['京I12345', 'A12345', '京A1234', '京A123456789'] },
  english: { good: ['Abc'], bad: ['ab1', '中文', ''] },
  chinese: { good: ['中文'], bad: ['中a', 'abc'] },
  lower: { good: ['abc'], bad: ['aBc', 'a1'] },
  upper: { good: ['ABC'], bad: ['AbC', 'A1'] },
};

describe('FORMATS', () => {
  for (const [name, { good, bad }] of Object.entries(table) as [FormatName, { good: string[]; bad: string[] }][]) {
    it(`${name}: accepts ${good.join(', ')}`, () => {
      for (const s of good) expect(FORMATS[name].test(s), s).toBe(true);
    });
    it(`${name}: refuses ${bad.join(', ')}`, () => {
      for (const s of bad) expect(FORMATS[name].test(s), s).toBe(false);
    });
  }
  it('covers every format of spec 1 section 5', () => {
    expect(Object.keys(FORMATS).sort()).toEqual(Object.keys(table).sort());
  });
  it('formatError: the message of a wrong value, nothing for a right or empty one', () => {
    expect(formatError('mobile', '123')).toBe('请输入正确的手机号码');
    expect(formatError('mobile', ' 13800138000 ')).toBeUndefined();
    expect(formatError('email', '')).toBeUndefined();
    expect(formatError('idCard', '110105194912310021')).toBe('请输入正确的身份证号码');
  });
});

describe('isIdCard', () => {
  it('checks the check character (GB 11643) and the birth date', () => {
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('11010519491231002x')).toBe(true);
    // every other check character is refused
    for (const c of '0123456789') expect(isIdCard(`1101051949123100${'2'}${c}`)).toBe(false);
    expect(isIdCard('110105194902290027')).toBe(false); // 1949 is no leap year
  });
});

describe('isPhone', () => {
  it('a mobile or a landline', () => {
    expect(isPhone('13800138000')).toBe(true);
    expect(isPhone('010-88886666')).toBe(true);
    expect(isPhone('12345')).toBe(false);
  });
});

describe('isEmpty', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    [[], true],
    [{}, true],
    [0, false],
    [' ', false],
    [[0], false],
    [{ a: 1 }, false],
    [false, false],
    [new Date(0), false],
  ])('%j → %s', (value, empty) => expect(isEmpty(value)).toBe(empty));
});

describe('fileKind', () => {
  it.each([
    ['a.PNG', 'image'],
    ['x/y/photo.webp', 'image'],
    ['scan.tif', 'image'],
    ['plan.dxf', 'image'],
    ['doc.pdf', 'pdf'],
    ['a.doc', 'word'],
    ['a.DOCX', 'word'],
    ['b.xls', 'excel'],
    ['b.xlsx', 'excel'],
    ['notes.txt', 'file'],
    ['archive.tar.gz', 'file'],
    ['folder', 'folder'],
    ['.hidden', 'folder'],
  ])('%s → %s', (name, kind) => expect(fileKind(name)).toBe(kind));
  it('reads the extension of a link without its query', () => {
    expect(fileExtension('/api/file/local/20240101/abc.JPG?blade-auth=x')).toBe('jpg');
    expect(fileExtension('noext')).toBe('');
  });
  it('images and videos open directly, documents go to the preview service', () => {
    expect(opensDirectly('a.jpg')).toBe(true);
    expect(opensDirectly('a.mp4')).toBe(true);
    expect(opensDirectly('a.docx')).toBe(false);
    expect(opensDirectly('a.pdf')).toBe(false);
  });
});
