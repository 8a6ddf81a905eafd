import {
  isEmail, isMobile, isUrl, isDate, isDateISO, isCalendarDate, isNumber, isDigits, isCode, isCode6,
  isChinese, isLetters, isAlnum, contains, isLandline, charLength,
} from '../../../src/shared/validators';

describe('isEmail', () => {
  test.each([
    'a@b.co', 'user.name+tag@example.com', 'x_y-z@sub.domain.org', "o'brien@example.ie", 'UPPER@EXAMPLE.COM',
    '123@163.com', 'a@b-c.com', 'a@example.xn--fiqs8s',
  ])('accepts %s', (v) => expect(isEmail(v)).toBe(true));
  test.each([
    '', 'plain', '@example.com', 'a@', 'a@b', 'a@b.c', 'a@.com', 'a@b..com', '.a@b.com', 'a.@b.com', 'a..b@c.com',
    'a b@c.com', 'a@b c.com', 'a@-b.com', 'a@b-.com', 'a@b.c0m', 'a@@b.com', 'a@b.com ', '用户@例子.com',
    `${'a'.repeat(65)}@b.com`, `a@${'b'.repeat(250)}.com`,
  ])('rejects %j', (v) => expect(isEmail(v)).toBe(false));
  test('non-strings are rejected', () => {
    expect(isEmail(undefined as unknown as string)).toBe(false);
    expect(isEmail(42 as unknown as string)).toBe(false);
  });
});

describe('isMobile', () => {
  test.each(['13012345678', '13912345678', '15000000000', '19999999999', '14700000000'])('accepts %s', (v) => expect(isMobile(v)).toBe(true));
  test.each([
    '', '12012345678', '10012345678', '23012345678', '1301234567', '130123456789', '+8613012345678',
    '130 1234 5678', '130-1234-5678', '1301234567a', ' 13012345678',
  ])('rejects %j', (v) => expect(isMobile(v)).toBe(false));
});

describe('isUrl', () => {
  test.each([
    'http://example.com', 'https://example.com/', 'https://www.example.co.uk/path/to?q=1&x=y#frag',
    'https://sub.example.com:8080/a', 'http://localhost:3000', 'http://127.0.0.1/x', 'https://user:pw@example.com',
    'HTTPS://EXAMPLE.COM',
  ])('accepts %s', (v) => expect(isUrl(v)).toBe(true));
  test.each([
    '', 'example.com', 'www.example.com', 'ftp://example.com', 'javascript:alert(1)', 'http://', 'http://example',
    'http://exa mple.com', 'http://example.com/a b', 'http:example.com', 'http://256.1.1.1', 'http://example.com:99999',
    'http://-example.com', 'http://example.123', '//example.com', 'mailto:a@b.com',
  ])('rejects %j', (v) => expect(isUrl(v)).toBe(false));
});

describe('dates', () => {
  test('isCalendarDate knows month lengths and leap years', () => {
    expect(isCalendarDate(2024, 2, 29)).toBe(true);
    expect(isCalendarDate(2023, 2, 29)).toBe(false);
    expect(isCalendarDate(2000, 2, 29)).toBe(true);
    expect(isCalendarDate(1900, 2, 29)).toBe(false);
    expect(isCalendarDate(2024, 4, 31)).toBe(false);
    expect(isCalendarDate(2024, 12, 31)).toBe(true);
    expect(isCalendarDate(2024, 13, 1)).toBe(false);
    expect(isCalendarDate(2024, 0, 1)).toBe(false);
    expect(isCalendarDate(2024, 1, 0)).toBe(false);
    expect(isCalendarDate(2024, 1.5, 1)).toBe(false);
  });
  test.each(['2024-01-31', '2024/01/31', '2024-02-29', '2000-02-29', '1999-12-31', '0001-01-01'])('isDateISO accepts %s', (v) => {
    expect(isDateISO(v)).toBe(true);
    expect(isDate(v)).toBe(true);
  });
  test.each([
    '', '2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '2024-1-5', '24-01-05',
    '2024-01/05', '2024.01.05', '20240105', '2024-01-05 ', 'abcd-ef-gh',
  ])('isDateISO rejects %j', (v) => expect(isDateISO(v)).toBe(false));
  test.each([
    '2024-01-05 10:20', '2024-01-05 10:20:30', '2024/01/05 23:59:59', '2024-01-05T10:20:30', '2024-01-05T10:20:30.123Z',
    '2024-01-05T10:20:30+08:00', '2024-01-05T00:00:00-0500',
  ])('isDate accepts date-time %s', (v) => expect(isDate(v)).toBe(true));
  test.each([
    '2024-01-05 24:00', '2024-01-05 10:60', '2024-01-05 10:20:60', '2024-02-30 10:00', '2024-01-05 1:00', '2024-01-05T',
    'tomorrow', '2024-01-05 10:20:30 PM',
  ])('isDate rejects %j', (v) => expect(isDate(v)).toBe(false));
  test('isDateISO does not accept times (the `date` format is date only)', () => {
    expect(isDateISO('2024-01-05 10:20')).toBe(false);
  });
});

describe('isNumber (thousands commas allowed)', () => {
  test.each(['0', '7', '-7', '+7', '123456', '1,234', '12,345,678', '1,234.56', '-1,234.5', '0.5', '3.14159', '007'])('accepts %s', (v) => {
    expect(isNumber(v)).toBe(true);
  });
  test.each(['', '-', '.5', '5.', '1e5', '12,34', '1,2345', ',123', '1,,234', '1,234,', '1 234', 'abc', '1.2.3', 'NaN', 'Infinity', '1,234.5,6'])(
    'rejects %j', (v) => expect(isNumber(v)).toBe(false),
  );
});

describe('isDigits and isCode', () => {
  test('digits', () => {
    expect(isDigits('0')).toBe(true);
    expect(isDigits('0123456789')).toBe(true);
    for (const v of ['', ' 1', '1.0', '-1', '１２', 'a1', '1e3']) expect(isDigits(v)).toBe(false);
  });
  test('code defaults to 6 digits', () => {
    expect(isCode('123456')).toBe(true);
    expect(isCode('000000')).toBe(true);
    expect(isCode('12345')).toBe(false);
    expect(isCode('1234567')).toBe(false);
    expect(isCode('12345a')).toBe(false);
    expect(isCode(' 12345')).toBe(false);
    expect(isCode('')).toBe(false);
    expect(isCode6('654321')).toBe(true);
    expect(isCode6('65432')).toBe(false);
  });
  test('code of another length', () => {
    expect(isCode('1234', 4)).toBe(true);
    expect(isCode('123456', 4)).toBe(false);
    expect(isCode('12345678', 8)).toBe(true);
  });
});

describe('character classes', () => {
  test('isChinese', () => {
    for (const v of ['中文', '张三', '龘', '𠀀']) expect(isChinese(v)).toBe(true);
    for (const v of ['', '中 文', '中文a', 'abc', '中文1', '中文。', 'カタカナ', '한국어']) expect(isChinese(v)).toBe(false);
  });
  test('isLetters', () => {
    for (const v of ['a', 'abc', 'ABCxyz']) expect(isLetters(v)).toBe(true);
    for (const v of ['', 'ab1', 'a b', 'é', 'ab-c', '中']) expect(isLetters(v)).toBe(false);
  });
  test('isAlnum', () => {
    for (const v of ['a', '1', 'abc123', 'ABC', '007']) expect(isAlnum(v)).toBe(true);
    for (const v of ['', 'ab_1', 'a b', 'é1', 'a-1', '中1']) expect(isAlnum(v)).toBe(false);
  });
  test('contains', () => {
    expect(contains('hello world', 'o w')).toBe(true);
    expect(contains('hello', 'H')).toBe(false);
    expect(contains('hello', '')).toBe(true);
    expect(contains('', 'a')).toBe(false);
    expect(contains(null as unknown as string, 'a')).toBe(false);
  });
});

describe('isLandline', () => {
  test.each(['010-12345678', '0755-1234567', '02112345678', '0571-87654321', '010-12345678-123', '0755-1234567-1'])('accepts %s', (v) => {
    expect(isLandline(v)).toBe(true);
  });
  test.each(['', '12345678', '10-12345678', '010-02345678', '010-123456', '010-123456789', '01-1234567', '00000-1234567', '010 12345678', '010-12345678-', '13012345678'])(
    'rejects %j', (v) => expect(isLandline(v)).toBe(false),
  );
});

test('charLength counts code points', () => {
  expect(charLength('')).toBe(0);
  expect(charLength('abc')).toBe(3);
  expect(charLength('中文')).toBe(2);
  expect(charLength('😀a')).toBe(2);
  expect('😀a'.length).toBe(3);
});
