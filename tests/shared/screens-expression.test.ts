import { evaluate, ExpressionError, parseBinding, parseExpression, readPath, test as check, testKnown, tokenize } from '../../src/shared/screens/expression';

const scope = {
  user: { nickname: 'amy', vip_level: 2, real_state: '2', tags: ['a'] },
  data: { total: '12.50', list: [{ title: 'first' }], zero: '0', empty: '', none: null },
  query: { id: '7' },
  item: null,
};
const run = (src: string) => evaluate(parseExpression(src), scope);

describe('expression language', () => {
  it('evaluates literals and paths', () => {
    expect(run('1')).toBe(1);
    expect(run('2.5')).toBe(2.5);
    expect(run('-2.5')).toBe(-2.5);
    expect(run('data.total > -1')).toBe(true);
    expect(() => parseExpression('data.total - 1')).toThrow(ExpressionError);
    expect(run("'it\\'s'")).toBe("it's");
    expect(run('"x"')).toBe('x');
    expect(run('true')).toBe(true);
    expect(run('null')).toBeNull();
    expect(run('user.nickname')).toBe('amy');
    expect(run('data.list.0.title')).toBe('first');
    expect(run('user.tags.length')).toBe(1);
    expect(run('missing.deep.path')).toBeUndefined();
  });

  it('supports ! && || == != < <= > >= with precedence and parentheses', () => {
    expect(run('!user')).toBe(false);
    expect(run('!!user')).toBe(true);
    expect(run('user && user.nickname')).toBe('amy');
    expect(run('item || "fallback"')).toBe('fallback');
    expect(run('user.vip_level == 2')).toBe(true);
    expect(run("user.real_state == 2")).toBe(true); // numeric strings compare as numbers
    expect(run('user.vip_level != 3')).toBe(true);
    expect(run('data.total > 12')).toBe(true);
    expect(run('data.total >= 12.5 && data.total <= 12.5')).toBe(true);
    expect(run('data.total < 2')).toBe(false); // decimal strings are numbers, not lexical
    expect(run("'b' > 'a'")).toBe(true);
    expect(run('false || true && false')).toBe(false);
    expect(run('(false || true) && true')).toBe(true);
    expect(run('user == null')).toBe(false);
    expect(run('item == null')).toBe(true);
  });

  it('compares number literals exactly, never through a float', () => {
    const money = { data: { big: '12345678901234567890.12', dust: '0.30000000000000001' } };
    expect(check('data.big > 12345678901234567890.11', money)).toBe(true);
    expect(check('data.big == 12345678901234567890.12', money)).toBe(true);
    expect(check('data.dust > 0.3', money)).toBe(true);
    expect(check('data.dust == 0.3', money)).toBe(false);
    expect(check('0.1 < 0.10000000000000001', money)).toBe(true);
  });

  it('supports the conditional operator, right-associative', () => {
    expect(run("user ? 'in' : 'out'")).toBe('in');
    expect(run("item ? 'a' : data.zero ? 'b' : 'c'")).toBe('c');
  });

  it('treats "", "0", empty arrays, null and undefined as false', () => {
    expect(check('data.zero', scope)).toBe(false);
    expect(check('data.empty', scope)).toBe(false);
    expect(check('data.none', scope)).toBe(false);
    expect(check('query.id', scope)).toBe(true);
    expect(check(undefined, scope)).toBe(true);
  });

  it('reads own properties only', () => {
    expect(readPath({}, ['toString'])).toBeUndefined();
    expect(readPath({ a: 1 }, ['a', 'constructor'])).toBeUndefined();
    expect(readPath(Object.create({ inherited: 1 }), ['inherited'])).toBeUndefined();
    expect(run('user.nickname.length')).toBe(3);
  });

  describe('malicious input', () => {
    const evil = [
      'constructor.constructor("return process")()',
      'user.__proto__',
      'user.constructor',
      'user["nickname"]',
      'alert(1)',
      'process.exit(1)',
      'x = 1',
      'user; data',
      '`${1}`',
      'new Function("return 1")',
      'a => a',
      'user.prototype',
      "'unterminated",
      '((((1)',
      '1 +',
      '',
    ];
    it.each(evil)('refuses %j', (src) => {
      expect(() => parseExpression(src)).toThrow(ExpressionError);
      expect(check(src === '' ? 'x x' : src, scope)).toBe(false);
    });

    it('refuses overlong and deeply nested input without blowing the stack', () => {
      expect(() => parseExpression('1 == '.repeat(200) + '1')).toThrow(/too long/);
      expect(() => parseExpression(`${'('.repeat(100)}1${')'.repeat(100)}`)).toThrow(/nested too deeply/);
      expect(() => parseExpression('!'.repeat(100) + 'x')).toThrow(/nested too deeply/);
    });

    it('has no special names: `this`/`window`/`globalThis` are plain (absent) scope paths', () => {
      expect(run('this')).toBeUndefined();
      expect(run('window')).toBeUndefined();
      expect(run('globalThis.process')).toBeUndefined();
    });

    it('never calls functions found in the scope', () => {
      const fn = jest.fn(() => 'called');
      const s = { data: { fn } };
      expect(evaluate(parseExpression('data.fn'), s)).toBeUndefined();
      expect(() => parseExpression('data.fn()')).toThrow(ExpressionError);
      expect(fn).not.toHaveBeenCalled();
    });

    it('does not use eval or Function', () => {
      const evalSpy = jest.spyOn(globalThis, 'eval');
      run('user && data.total > 1 ? "a" : "b"');
      expect(evalSpy).not.toHaveBeenCalled();
      evalSpy.mockRestore();
    });
  });

  it('tokenizes operators greedily and tells || from a pipe', () => {
    expect(tokenize('a||b|c').map((t) => ('v' in t ? t.v : t.t))).toEqual(['a', '||', 'b', '|', 'c', 'eof']);
    expect(tokenize('a<=b').map((t) => ('v' in t ? t.v : t.t))).toEqual(['a', '<=', 'b', 'eof']);
  });

  it('parses bindings with pipes and arguments', () => {
    const ast = parseBinding("data.total | amount:2 | default:'-'");
    expect(ast.pipes.map((p) => p.name)).toEqual(['amount', 'default']);
    expect(ast.pipes[0].args).toEqual([{ kind: 'lit', value: 2, exact: '2' }]);
    expect(() => parseBinding('data.total | ')).toThrow(ExpressionError);
    expect(() => parseBinding('data.total | a.b')).toThrow(ExpressionError);
  });
});

describe('fuzzing', () => {
  const fc = require('fast-check') as typeof import('fast-check');
  const alphabet = fc.constantFrom(...'ab.01 ()!&|=<>?:\'"_$\\[]{};,+-*/`'.split(''), 'user', 'data', '__proto__', 'constructor', 'true', 'null');

  it('any input either parses or throws ExpressionError, and evaluation never throws', () => {
    fc.assert(fc.property(fc.array(alphabet, { maxLength: 40 }).map((a) => a.join('')), (src) => {
      let node;
      try {
        node = parseExpression(src);
      } catch (err) {
        expect(err).toBeInstanceOf(ExpressionError);
        return;
      }
      expect(() => evaluate(node, scope)).not.toThrow();
    }), { numRuns: 2000 });
  });

  it('never reaches Object.prototype', () => {
    fc.assert(fc.property(fc.constantFrom('toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__lookupGetter__'), (name) => {
      // refused at parse time (ExpressionError) or read as absent, never the inherited function
      expect(check(`user.${name}`, scope)).toBe(false);
      expect(check(`data.list.${name}`, scope)).toBe(false);
      if (!name.startsWith('__')) expect(run(`user.${name}`)).toBeUndefined();
    }));
  });
});

test('testKnown decides a condition only on the roots it is given', () => {
  expect(testKnown('user', { user: null })).toBe(false);
  expect(testKnown('!user', { user: null })).toBe(true);
  expect(testKnown('user.email && user.real_level == 0', { user: { email: 'a@b.c', real_level: 0 } })).toBe(true);
  expect(testKnown('user && data.x', { user: null })).toBeUndefined(); // reads data, which is not known
  expect(testKnown('user', {})).toBeUndefined();
  expect(testKnown('user ==', { user: null })).toBeUndefined(); // not an expression: left to the config lint
});
