import {
  isPassword, passwordsMatch, isNickname, isSignature, hasSpecialChars, stripSpecialChars, SPECIAL_CHARS,
} from '../../../src/shared/validators';

describe('password: longer than six characters', () => {
  test('7 characters pass, 6 fail', () => {
    expect(isPassword('1234567')).toBe(true);
    expect(isPassword('123456')).toBe(false);
    expect(isPassword('')).toBe(false);
    expect(isPassword('abc def!')).toBe(true);
    expect(isPassword('密码密码密码密')).toBe(true);
    expect(isPassword('😀😀😀😀😀😀')).toBe(false); // 6 code points, 12 UTF-16 units
  });
  test('passwords match exactly', () => {
    expect(passwordsMatch('secret123', 'secret123')).toBe(true);
    expect(passwordsMatch('secret123', 'Secret123')).toBe(false);
    expect(passwordsMatch('secret123', 'secret123 ')).toBe(false);
    expect(passwordsMatch('', '')).toBe(true);
    expect(passwordsMatch(undefined as unknown as string, undefined as unknown as string)).toBe(false);
  });
});

describe('nickname: 2-10 Chinese, English letters or digits', () => {
  test.each(['ab', 'Tom', '张三', '小明123', 'abcdefghij', '中文中文中文中文中文', 'a1', '12'])('accepts %s', (v) => {
    expect(isNickname(v)).toBe(true);
  });
  test.each(['', 'a', '张', 'abcdefghijk', '中文中文中文中文中文中', 'a b', 'tom_1', 'tom!', 'émile', '😀😀', 'ab\n'])(
    'rejects %j', (v) => expect(isNickname(v)).toBe(false),
  );
});

describe('signature: 2-30 characters', () => {
  test('bounds', () => {
    expect(isSignature('hi')).toBe(true);
    expect(isSignature('h')).toBe(false);
    expect(isSignature('x'.repeat(30))).toBe(true);
    expect(isSignature('x'.repeat(31))).toBe(false);
    expect(isSignature('你好')).toBe(true);
    expect(isSignature('Hello, world! :)')).toBe(true);
    expect(isSignature('😀'.repeat(30))).toBe(true);
  });
  test('whitespace-only is rejected', () => {
    expect(isSignature('   ')).toBe(false);
    expect(isSignature('')).toBe(false);
  });
});

describe('special characters', () => {
  test('each symbol of the set is detected', () => {
    expect([...SPECIAL_CHARS]).toEqual([...'`~!#$^&*()=|{}:;,[]<>/?']);
    for (const c of SPECIAL_CHARS) {
      expect(hasSpecialChars(`ab${c}cd`)).toBe(true);
      expect(stripSpecialChars(`ab${c}cd`)).toBe('abcd');
    }
  });
  test('other symbols and text are allowed', () => {
    for (const v of ['', 'hello world', '中文', 'a@b.com', '50%', 'a+b-c_d.e', "it's", '"quoted"', '\\', '。，！']) {
      expect(hasSpecialChars(v)).toBe(false);
      expect(stripSpecialChars(v)).toBe(v);
    }
  });
  test('stripping removes all of them', () => {
    expect(stripSpecialChars('<script>alert(1)</script>')).toBe('scriptalert1script');
    expect(stripSpecialChars(SPECIAL_CHARS)).toBe('');
    expect(stripSpecialChars('a[b]c{d}e')).toBe('abcde');
    expect(stripSpecialChars(undefined as unknown as string)).toBe('');
    expect(hasSpecialChars(undefined as unknown as string)).toBe(false);
  });
});
