import { collectKeyUses, messageKeyUsage, type UsageInput } from '../../../src/shared/i18n/usage';

const messages: Record<string, string> = {
  'shop.title': 'Shop',
  'shop.empty': 'Nothing here',
  'shop.status.0': 'Open',
  'shop.status.1': 'Closed',
  'shop.yes': 'Yes',
  'shop.no': 'No',
  'shop.rich': 'Read <b>this</b>',
  'order.amount.label': 'Amount',
  'order.amount.error.minimum': 'At least {minimum}',
  'order.note.placeholder': 'A note',
  'order.submit': 'Order',
  'order.done': 'Ordered',
  'order.size.small': 'Small',
  'order.size.large': 'Large',
  'load.error.timeout': 'Too slow',
  'load.error.missing': 'Not found',
  'api.sold_out': 'Sold out',
  'error.minimum': 'At least {limit}',
  'error.format.email': 'Not an email',
  'error.bid_too_low': 'Bid too low',
  'field.amount': 'Amount',
  'old.text': 'Nobody shows this',
};

const input = (over: Partial<UsageInput> = {}): UsageInput => ({
  screens: {
    'screens/shop/index.json': {
      route: '/pages/shop/index',
      title: 'shop.title',
      sections: [
        { type: 'list', id: 'orders', empty: 'shop.empty', item: { value: "{{item.status | t:'shop.status'}}", note: "{{item.ok ? 'shop.yes' : 'shop.no' | t}}" } },
        { type: 'html', message: 'shop.rich', values: { n: '{{data.n}}' } },
        { type: 'form', form: 'order' },
      ],
    },
  },
  forms: {
    'schemas/order.json': {
      schema: { type: 'object', properties: { amount: { type: 'string', minimum: 1 }, note: { type: 'string', pattern: 'x.y' }, size: { enum: ['small', 'large'] } } },
      ui: {
        amount: { 'ui:title': 'order.amount.label' },
        note: { 'ui:placeholder': 'order.note.placeholder' },
        size: { 'ui:enumNames': ['order.size.small', 'order.size.large'] },
      },
      submit: { endpoint: 'POST /order', success: { toast: 'order.done' } },
      submitLabel: 'order.submit',
    },
  },
  code: {
    'src/client/Load.tsx': [
      "import x from 'node.js';",
      '// a comment naming t(\'old.text\') is not a use',
      'export function Load({ type }: { type: string }) {',
      "  return <p title={t('shop.title')}>{t(`load.error.${type}`)}</p>;",
      '}',
    ].join('\n'),
    'src/server/shop.ts': [
      "if (none) throw new ApiError('api.sold_out');",
      "const key = `error.${keyword}`;",
      "const fmt = 'error.format.' + format;",
      "const label = t(`field.${name}`);",
      "post({ cause: 'shop.refund' });",
      "const map = { 'amount.minimum': 'order.amount.error.minimum' };",
    ].join('\n'),
  },
  ...over,
});

describe('messageKeyUsage', () => {
  test('collects texts of screens and forms, t pipes with a prefix, per-field keys and code literals and templates', () => {
    expect(messageKeyUsage(input(), messages)).toEqual({ missing: [], unused: ['error.bid_too_low', 'old.text'] });
  });

  test('the service menu\'s titles (content/menu.json) are uses: a row keeps its key, a misspelt one is missing', () => {
    const menu = { menu: [{ title: 'old.text', icon: 'help', url: '/pages/common/faq' }, { title: 'old.txt', icon: 'help', url: '/pages/common/faq' }] };
    expect(messageKeyUsage(input({ menu }), messages)).toEqual({
      missing: [{ key: 'old.txt', where: 'content/menu.json $.menu[1].title' }], unused: ['error.bid_too_low'],
    });
  });

  test('names where each key is used', () => {
    const uses = collectKeyUses(input(), messages);
    const where = (key: string) => uses.keys.filter((u) => u.key === key).map((u) => u.where);
    expect(where('shop.title')).toEqual(['screens/shop/index.json: $.title', 'src/client/Load.tsx:4']);
    expect(where('shop.yes')).toEqual(['screens/shop/index.json: $.sections[0].item.note']);
    expect(where('order.size.large')).toEqual(['schemas/order.json: $.ui.size["ui:enumNames"][1]']);
    expect(uses.patterns.map((p) => p.shown)).toEqual(expect.arrayContaining(['shop.status.*', 'order.amount.*', 'load.error.*', 'error.<keyword>', 'error.format.*', 'field.*']));
  });

  test('reports keys used where a text is expected but missing from the messages', () => {
    const screens = input().screens as Record<string, { sections: unknown[] }>;
    const screen = screens['screens/shop/index.json'];
    const result = messageKeyUsage(input({
      screens: { 'screens/shop/index.json': { ...screen, title: 'shop.heading', sections: [...screen.sections, { type: 'list', item: { value: "{{item.kind | t:'shop.kind'}}" } }] } },
      code: { ...input().code, 'src/client/Extra.tsx': "export const x = () => t('shop.missing_text');\nconst path = 'data.list'; const cause = { cause: 'shop.refund' };" },
    }), messages);
    expect(result.missing).toEqual([
      { key: 'shop.heading', where: 'screens/shop/index.json: $.title' },
      { key: 'shop.kind.*', where: 'screens/shop/index.json: $.sections[3].item.value' },
      { key: 'shop.missing_text', where: 'src/client/Extra.tsx:1' },
    ]);
    // 'data.list' is not a namespace of the messages, and a ledger cause is data: neither is reported
  });

  test('a key only the automatic per-field prefix reaches is unused once the field is gone', () => {
    const forms = input().forms as Record<string, { schema: { properties: Record<string, unknown> }; ui: Record<string, unknown> }>;
    const form = forms['schemas/order.json'];
    const code = { ...input().code, 'src/server/shop.ts': input().code['src/server/shop.ts'].replace(/^const map.*$/m, '') };
    expect(messageKeyUsage(input({ code }), messages).unused).toEqual(['error.bid_too_low', 'old.text']);
    const { amount: _field, ...properties } = form.schema.properties;
    const { amount: _ui, ...ui } = form.ui;
    void _field; void _ui;
    const result = messageKeyUsage(input({ code, forms: { 'schemas/order.json': { ...form, schema: { ...form.schema, properties }, ui } } }), messages);
    expect(result.unused).toEqual(['error.bid_too_low', 'old.text', 'order.amount.error.minimum', 'order.amount.label']);
  });
});
