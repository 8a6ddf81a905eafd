import fs from 'node:fs';
import path from 'node:path';
import { CURRENT_FORM_VERSION, CURRENT_SCHEMA_VERSION, MigrationError, SCREEN_FORMAT, migrateForm, migrateScreen } from '../../src/shared/screens/migrate';

const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'screens', name), 'utf8')) as unknown;

describe('screen migrations', () => {
  it('leaves a current file unchanged', () => {
    const screen = { schemaVersion: CURRENT_SCHEMA_VERSION, route: '/pages/a/b', sections: [{ type: 'empty', text: 'a.b' }] };
    expect(migrateScreen(screen)).toEqual(screen);
  });

  it('upgrades a version 0 file (blocks/row) to sections/item, also inside tabs', () => {
    const old = {
      route: '/pages/a/b',
      blocks: [
        { type: 'list', source: { endpoint: 'GET /faq' }, row: { title: '{{item.question}}' } },
        { type: 'tabs', tabs: [{ label: 'a.b', blocks: [{ type: 'list', source: { endpoint: 'GET /faq' }, row: { title: 'x.y' } }] }] },
      ],
    };
    const next = migrateScreen(old) as { schemaVersion: number; sections: unknown[] };
    expect(next.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(next).not.toHaveProperty('blocks');
    expect(next.sections[0]).toEqual({ type: 'list', source: { endpoint: 'GET /faq' }, item: { title: '{{item.question}}' } });
    expect((next.sections[1] as { tabs: { sections: unknown[] }[] }).tabs[0].sections[0]).toEqual({ type: 'list', source: { endpoint: 'GET /faq' }, item: { title: 'x.y' } });
  });

  it('turns the version 1 "requires" (query parameters a screen needs) into a redirect', () => {
    const screen = (extra: object) => ({ schemaVersion: 1, route: '/pages/a/b', ...extra, sections: [] });
    expect(migrateScreen(screen({ requires: { query: ['currency', 'chain'], to: '/pages/fund/select' } })))
      .toEqual({ ...screen({ redirect: { when: '!query.currency || !query.chain', to: '/pages/fund/select' } }), schemaVersion: CURRENT_SCHEMA_VERSION });
    // Both: nothing is dropped silently; the meta-schema reports "requires".
    const both = screen({ requires: { query: ['a'], to: '/pages/x/y' }, redirect: { when: '!query.b', to: '/pages/x/z' } });
    expect(migrateScreen(both)).toEqual({ ...both, schemaVersion: CURRENT_SCHEMA_VERSION });
  });

  it('loads a version 1 file (tests/fixtures/screens) as its rewrite at the current version', () => {
    expect(migrateScreen(fixture('withdraw.v1.json'))).toEqual(migrateScreen(fixture('withdraw.current.json')));
    expect((migrateScreen(fixture('withdraw.v1.json')) as { schemaVersion: number }).schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
  });

  it('makes a version 2 list a quotes table (live quotes, a header, an order, stars, a search, a login), records (scope rows, a cut, toggles, a mask, rows with fields, buttons, a countdown or from a fragment) or keeps it a list of plain rows', () => {
    const source = { endpoint: 'GET /currency/quotation_new', select: '0.quotation' };
    const plain = { type: 'list', source, item: { title: '{{item.symbol}}', body: '{{item.text}}', to: '/pages/a/b' } };
    const priced = { type: 'list', source, paging: 'none', item: { title: '{{item.symbol}}', price: '{{item.now_price}}', change: '{{item.change}}' } };
    const searched = { type: 'list', source, paging: 'none', search: { label: 'a.b', fields: ['symbol'] }, item: { title: '{{item.symbol}}' } };
    const starred = { type: 'list', source, follow: {}, login: { text: 'a.b' }, item: { title: '{{item.symbol}}' } };
    const fields = { type: 'list', source, item: { title: '{{item.symbol}}', fields: [{ label: 'a.b', value: '{{item.volume}}' }] } };
    const bound = { type: 'list', rows: '{{data.balances}}', mask: 'assets.hide', item: { title: '{{item.coin}}' } };
    const cut = { type: 'list', source, max: 3, item: { title: '{{item.symbol}}' } };
    const shared = { type: 'list', source, item: { $ref: 'fragments/spot-order-row.json' } };
    const old = { schemaVersion: 2, route: '/pages/a/b', sections: [plain, { type: 'tabs', tabs: [{ sections: [priced, searched, starred, fields, bound, cut, shared] }] }] };
    const quotes = (s: object) => ({ ...s, type: 'quotes' });
    const records = (s: object) => ({ ...s, type: 'records' });
    expect(migrateScreen(old)).toEqual({
      schemaVersion: 3, route: '/pages/a/b',
      sections: [plain, { type: 'tabs', tabs: [{ sections: [quotes(priced), quotes(searched), quotes(starred), records(fields), records(bound), records(cut), records(shared)] }] }],
    });
  });

  it('loads every screen of screens/ written at version 2 (its quotes tables and records as lists) as the file of today', () => {
    const dir = path.join(__dirname, '..', '..', 'screens');
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json') && !f.startsWith('fragments') && !f.endsWith('schema.json') && f !== 'app.json');
    const quotes = files.filter((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes('"type": "quotes"'));
    expect(quotes.sort()).toEqual(['index/index.json', 'market/market.json', 'market/search.json']);
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      // Records with a search box (the coin pickers) came after version 2, where a list that searched was a
      // quotes table: they stay records in the version-2 copy.
      const v2 = JSON.parse(text.replace('"schemaVersion": 3,', '"schemaVersion": 2,'), (_key, value: unknown) => {
        const section = value as { type?: unknown; search?: unknown } | null;
        const narrowed = section && typeof section === 'object' && (section.type === 'quotes' || (section.type === 'records' && section.search === undefined));
        return narrowed ? { ...section, type: 'list' } : value;
      });
      expect([file, migrateScreen(v2)]).toEqual([file, JSON.parse(text)]);
    }
  });

  it('runs each step: the screen\'s own, then each section type\'s on its sections, nested ones included', () => {
    const format = {
      version: 3,
      kind: 'screen', unversioned: 0,
      steps: { 1: (s: Record<string, unknown>) => ({ ...s, a: true }) },
      sections: [{ type: 'gauge', migrations: { 2: (s: Record<string, unknown> & { type: string }) => ({ ...s, max: 100 }) } }],
    };
    const screen = { schemaVersion: 1, route: '/x/y', sections: [{ type: 'gauge' }, { type: 'tabs', tabs: [{ sections: [{ type: 'gauge' }, { type: 'empty' }] }] }] };
    expect(migrateScreen(screen, format)).toEqual({
      schemaVersion: 3, route: '/x/y', a: true,
      sections: [{ type: 'gauge', max: 100 }, { type: 'tabs', tabs: [{ sections: [{ type: 'gauge', max: 100 }, { type: 'empty' }] }] }],
    });
  });

  it('refuses files newer than the app and non-objects', () => {
    expect(() => migrateScreen({ schemaVersion: 9, sections: [] })).toThrow(/newer/);
    expect(() => migrateScreen({ schemaVersion: 3 }, { ...SCREEN_FORMAT, version: 2 })).toThrow(/newer/);
    expect(() => migrateScreen([])).toThrow(MigrationError);
    expect(() => migrateScreen({ schemaVersion: '1' })).toThrow(/integer/);
  });
});

describe('form migrations', () => {
  const form = { schema: { type: 'object' }, submit: { endpoint: 'POST /user/login' } };

  it('reads a form without schemaVersion as version 1 and refuses a newer one than the current', () => {
    expect(migrateForm(form)).toEqual({ ...form, schemaVersion: CURRENT_FORM_VERSION });
    expect(migrateForm({ ...form, schemaVersion: CURRENT_FORM_VERSION })).toEqual({ ...form, schemaVersion: CURRENT_FORM_VERSION });
    expect(() => migrateForm({ ...form, schemaVersion: CURRENT_FORM_VERSION + 1 }))
      .toThrow(`newer than this app understands (${CURRENT_FORM_VERSION})`);
    expect(() => migrateForm([])).toThrow('a form must be a JSON object');
  });

  it('1 -> 2: the figures lists become figures sections, in order, keeping where they are placed', () => {
    const top = { items: [{ label: 'withdraw.currency', value: '{{data.name}}' }], note: 'withdraw.note' };
    const after = { after: 'number', items: [{ label: 'withdraw.fee', value: '{{data.fee}}', id: 'withdraw-fee', emphasis: true }] };
    expect(migrateForm({ ...form, schemaVersion: 1, figures: [top, after] })).toEqual({
      ...form, schemaVersion: 2, sections: [{ type: 'figures', ...top }, { type: 'figures', ...after }],
    });
  });

  it('1 -> 2: the gates become gate sections, first, their condition as visibleIf', () => {
    const gate = { if: '!user.has_pay_password', text: 'withdraw.need_pay_password', button: 'withdraw.go_pay_password', to: '/pages/setting/payPassword' };
    const figures = { items: [{ label: 'withdraw.fee', value: '{{data.fee}}' }] };
    expect(migrateForm({ ...form, gates: [gate, { if: 'data.level < 1', text: 'api.withdraw.verify_first' }], figures: [figures] })).toEqual({
      ...form, schemaVersion: 2, sections: [
        { type: 'gate', visibleIf: '!user.has_pay_password', text: 'withdraw.need_pay_password', button: 'withdraw.go_pay_password', to: '/pages/setting/payPassword' },
        { type: 'gate', visibleIf: 'data.level < 1', text: 'api.withdraw.verify_first' },
        { type: 'figures', ...figures },
      ],
    });
  });

  it('1 -> 2 leaves a file that already has sections as it is, for the form schema to report', () => {
    const both = { ...form, schemaVersion: 1, figures: [{ items: [] }], gates: [], sections: [] };
    expect(migrateForm(both)).toEqual({ ...both, schemaVersion: 2 });
  });
});
