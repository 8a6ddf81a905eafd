import { PIPE_NAMES, resolveParts, resolveTemplate, resolveText, resolveValue, type PipeContext } from '../../../src/client/runtime/bindings';

const ctx: PipeContext = {
  t: (key, values) => (values ? `T(${key},${JSON.stringify(values)})` : `T(${key})`),
  locale: 'en',
  fiat: { code: 'USD', rate: '1' },
};
const scope = {
  params: {},
  query: { id: '5', code: 'AB12' },
  user: { nickname: 'amy' },
  config: { site_name: 'X' },
  data: { total: '1234567.891', change: '1.234', ratio: '0.5', seconds: 3725, title: 'Hello & <b>', when: 1700000000, key: 'mine.menu.faq' },
  item: { id: 42, name: 'a b/c', balance: '0.000000000001' },
};

describe('bindings', () => {
  it('a string that is exactly one binding yields the raw value', () => {
    expect(resolveValue('{{item.id}}', scope, ctx)).toBe(42);
    expect(resolveValue('{{user}}', scope, ctx)).toEqual({ nickname: 'amy' });
    expect(resolveValue('{{missing}}', scope, ctx)).toBeUndefined();
  });

  it('interpolates bindings inside text', () => {
    expect(resolveValue('id={{item.id}} by {{user.nickname}}', scope, ctx)).toBe('id=42 by amy');
    expect(resolveValue('x{{missing}}y', scope, ctx)).toBe('xy');
  });

  it('resolves objects recursively (source params)', () => {
    expect(resolveValue({ id: '{{query.id}}', c_id: 4, nested: ['{{item.id}}'] }, scope, ctx)).toEqual({ id: '5', c_id: 4, nested: [42] });
  });

  it('applies the shared formatters as pipes', () => {
    expect(resolveValue('{{data.total | amount}}', scope, ctx)).toBe('1,234,567.891');
    expect(resolveValue('{{data.total | amount:1}}', scope, ctx)).toBe('1,234,567.8');
    expect(resolveValue('{{item.balance | amount}}', scope, ctx)).toBe('0.000000000001');
    expect(resolveValue('{{data.total | compact}}', scope, ctx)).toBe('1.23M');
    expect(resolveValue('{{data.change | percent}}', scope, ctx)).toBe('+1.23%');
    expect(resolveValue('{{data.total | group}}', scope, ctx)).toBe('1,234,567.891');
    expect(String(resolveValue('{{data.total | fiat}}', scope, ctx))).toContain('1,234,567');
    expect(typeof resolveValue('{{data.when | datetime}}', scope, ctx)).toBe('string');
    expect(resolveValue('{{data.when | date}}', scope, ctx)).toBe(String(resolveValue('{{data.when | datetime}}', scope, ctx)).slice(0, 10));
    expect(resolveValue('{{data.when | date}}', scope, ctx)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(resolveValue('{{data.seconds | countdown}}', scope, ctx)).toMatch(/01:02:05/);
    expect(resolveValue('{{data.key | t}}', scope, ctx)).toBe('T(mine.menu.faq)');
    expect(resolveValue("{{item.status | t:'record.status'}}", { ...scope, item: { status: 0 } }, ctx)).toBe('T(record.status.0)');
    expect(resolveValue("{{data.seconds | count:'unit.days'}}", scope, ctx)).toBe('T(unit.days,{"count":3725})');
    expect(resolveValue("{{data.nothing | count:'unit.days'}}", scope, ctx)).toBe('');
    expect(resolveValue("{{data.nothing | default:'-'}}", scope, ctx)).toBe('-');
    expect(resolveValue('{{data.nothing | amount}}', scope, ctx)).toBe('');
    expect(PIPE_NAMES).toEqual(expect.arrayContaining(['amount', 'compact', 'percent', 'fiat', 'datetime', 'countdown', 'group', 't']));
  });

  it('numbers are written as the reader\'s language writes them: en commas, ru no-break spaces, fa Persian digits', () => {
    const ru = { ...ctx, locale: 'ru' };
    const fa = { ...ctx, locale: 'fa' };
    expect(resolveValue('{{data.total | amount:2}}', scope, ru)).toBe('1\u00a0234\u00a0567,89');
    expect(resolveValue('{{data.total | group}}', scope, fa)).toBe('۱٬۲۳۴٬۵۶۷٫۸۹۱');
    expect(resolveValue('{{data.total | amount:item.decimals}}', { ...scope, item: { decimals: 2 } }, ctx)).toBe('1,234,567.89');
    expect(resolveValue('{{data.change | percent}}', scope, fa)).toBe('+۱٫۲۳%');
  });

  it('signed: a gain has +, a loss -, zero no sign', () => {
    expect(resolveValue('{{item.v | signed}}', { ...scope, item: { v: '1234.5' } }, ctx)).toBe('+1,234.5');
    expect(resolveValue('{{item.v | signed}}', { ...scope, item: { v: '-520' } }, ctx)).toBe('-520');
    expect(resolveValue('{{item.v | signed}}', { ...scope, item: { v: '0' } }, ctx)).toBe('0');
    expect(resolveValue('{{item.v | signed:2}}', { ...scope, item: { v: '0.004' } }, ctx)).toBe('0');
  });

  it('rate: a fraction as an unsigned percentage, uncoloured, in the reader\'s digits', () => {
    const at = (v: string) => ({ ...scope, item: { v } });
    expect(resolveValue('{{item.v | rate}}', at('0.0025'), ctx)).toBe('0.25%');
    expect(resolveValue('{{item.v | rate}}', at('1.4955'), { ...ctx, locale: 'fa' })).toBe('۱۴۹٫۵۵%');
    expect(resolveParts('{{item.v | rate}}', at('1.1'), ctx)).toEqual([{ num: '110%' }]);
  });

  it('pageLink: a page of this app as a link that works outside it, the value appended URL-encoded', () => {
    const here = `${window.location.origin}${window.location.pathname}`;
    const at = (v: string) => ({ ...scope, item: { v } });
    expect(resolveValue("{{item.v | pageLink:'/pages/common/register?code='}}", at('AB12'), ctx)).toBe(`${here}#/pages/common/register?code=AB12`);
    expect(resolveValue("{{item.v | pageLink:'/pages/common/register?code='}}", at('a b&c'), ctx)).toBe(`${here}#/pages/common/register?code=a%20b%26c`);
    expect(resolveValue("{{item.v | pageLink:'/pages/common/register?code='}}", at(''), ctx)).toBe('');
  });

  it('region: a country\'s ISO code as its name in the reader\'s language; an unknown code as it is', () => {
    const at = (v: string) => ({ ...scope, item: { v } });
    expect(resolveValue('{{item.v | region}}', at('US'), ctx)).toBe('United States');
    expect(resolveValue('{{item.v | region}}', at('US'), { ...ctx, locale: 'es' })).toBe('Estados Unidos');
    expect(resolveValue('{{item.v | region}}', at('NG'), { ...ctx, locale: 'zh-CN' })).toBe('尼日利亚');
    expect(resolveValue('{{item.v | region}}', at('QQ'), ctx)).toBe('QQ');
    expect(resolveValue('{{item.v | region}}', at(''), ctx)).toBe('');
  });

  it('resolveParts: numbers of numeric pipes become parts with their tone and exact value, the rest stays text', () => {
    expect(resolveParts('{{item.v | signed:2}} {{item.c}}', { ...scope, item: { v: '-1234.5678', c: 'USDT' } }, ctx))
      .toEqual([{ num: '-1,234.56', tone: 'down', exact: '-1,234.5678' }, ' ', 'USDT']);
    expect(resolveParts('{{item.v | signed}}', { ...scope, item: { v: '0' } }, ctx)).toEqual([{ num: '0', tone: 'zero' }]);
    expect(resolveParts('{{item.v | signed}}', { ...scope, item: { v: '5' } }, ctx)).toEqual([{ num: '+5', tone: 'up' }]);
    expect(resolveParts('≈ {{data.total | amount}}', scope, ctx)).toEqual(['≈ ', { num: '1,234,567.891' }]);
    expect(resolveParts("{{data.nothing | group | default:'--'}}", scope, ctx)).toEqual(['--']);
    expect(resolveParts('login.title', scope, ctx)).toEqual(['T(login.title)']);
  });

  it('an unknown pipe or broken binding resolves to nothing instead of throwing', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(resolveValue('{{item.id | nope}}', scope, ctx)).toBeUndefined();
    expect(resolveValue('{{item.id )}}', scope, ctx)).toBeUndefined();
    expect(resolveValue('{{constructor.constructor}}', scope, ctx)).toBeUndefined();
    warn.mockRestore();
  });

  it('texts: message keys are translated, bindings resolved', () => {
    expect(resolveText('login.title', scope, ctx)).toBe('T(login.title)');
    expect(resolveText('{{data.title}}', scope, ctx)).toBe('Hello & <b>');
    expect(resolveText(undefined, scope, ctx)).toBe('');
  });

  it('route templates URL-encode bound values', () => {
    expect(resolveTemplate('/pages/common/article?id={{item.id}}&n={{item.name}}', scope, ctx))
      .toBe('/pages/common/article?id=42&n=a%20b%2Fc');
    expect(resolveTemplate('{{config.site_name}}', scope, ctx)).toBe('X');
    expect(resolveTemplate('/pages/my/index', scope, ctx)).toBe('/pages/my/index');
  });
});
