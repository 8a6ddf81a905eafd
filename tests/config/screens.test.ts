/**
 * The screen files: the same checks as `npm run lint:config`, plus a deliberately broken fixture that
 * must produce the right file, JSON path and reason.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { formatProblem, isScreenFile, jsonPath, lintConfig, type Problem } from '../../scripts/lint-config';

const root = path.resolve(__dirname, '..', '..');
const meta = JSON.parse(fs.readFileSync(path.join(root, 'screens', 'screen.schema.json'), 'utf8'));
/** The texts the shell's app.json (copied into the fixtures) uses. */
const SHELL_MESSAGES = Object.fromEntries(['tab.home', 'tab.market', 'tab.trade', 'tab.assets', 'tab.mine', 'shell.customer_service'].map((k) => [k, k]));

function screenFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? screenFiles(full) : e.name.endsWith('.json') ? [full] : [];
  }).filter((f) => isScreenFile(path.relative(path.join(root, 'screens'), f).split(path.sep).join('/')));
}

describe('screens/', () => {
  it('the meta-schema is a valid draft-07 schema', () => {
    const ajv = new Ajv({ strict: false });
    expect(ajv.validateSchema(meta)).toBe(true);
  });

  it('has the screens of this issue', () => {
    const routes = screenFiles(path.join(root, 'screens')).map((f) => path.relative(path.join(root, 'screens'), f).replace(/\\/g, '/'));
    expect(routes).toEqual(expect.arrayContaining([
      'common/login.json', 'common/register.json', 'common/forget.json', 'common/area.json', 'index/index.json',
      'my/index.json', 'common/faq.json', 'common/aboutus.json', 'common/contactus.json',
      'setting/operational_compliance.json', 'common/article.json', 'common/webView.json',
    ]));
  });

  it('every screen and form passes the config lint', () => {
    const problems = lintConfig();
    expect(problems.map(formatProblem)).toEqual([]);
  });
});

describe('lint of a broken fixture', () => {
  let dir: string;
  let problems: Problem[];
  const messages = { ...SHELL_MESSAGES, 'x.title': 'Title', 'x.empty': 'Empty', 'x.label': 'Label', 'x.submit': 'Go', 'home.welcome': 'Welcome' };
  const endpoints = ['GET /faq', 'POST /user/login'];

  const write = (rel: string, content: unknown) => {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-config-'));
    write('screens/app.json', fs.readFileSync(path.join(root, 'screens', 'app.json'), 'utf8')); // the shell's config: not a route screen
    write('screens/good/page.json', { schemaVersion: 1, route: '/pages/good/page', title: 'x.title', sections: [] });
    write('screens/bad/endpoint.json', {
      schemaVersion: 1, route: '/pages/bad/endpoint',
      sections: [{ type: 'list', source: { endpoint: 'GET /nope' }, item: { title: '{{item.title}}' }, empty: 'x.empty' }],
    });
    write('screens/bad/prose.json', {
      schemaVersion: 1, route: '/pages/bad/prose', title: 'x.title',
      sections: [{ type: 'empty', text: 'Hello there' }],
    });
    write('screens/bad/key.json', {
      schemaVersion: 1, route: '/pages/bad/key',
      sections: [{ type: 'menu', items: [{ label: 'x.missing_key', to: '/pages/good/page' }] }],
    });
    write('screens/index/index.json', {
      schemaVersion: 1, route: '/pages/index/index',
      sections: [{ type: 'empty', text: 'home.welcome' }, { type: 'empty', text: 'x.empty' }],
    });
    write('screens/bad/route.json', { schemaVersion: 1, route: '/pages/bad/elsewhere', sections: [] });
    write('screens/bad/type.json', { schemaVersion: 1, route: '/pages/bad/type', sections: [{ type: 'carousel' }] });
    write('screens/bad/extra.json', { schemaVersion: 1, route: '/pages/bad/extra', sections: [{ type: 'empty', text: 'x.empty', colour: 'red' }] });
    write('screens/bad/expr.json', {
      schemaVersion: 1, route: '/pages/bad/expr',
      sections: [
        { type: 'empty', text: 'x.empty', visibleIf: 'user && (' },
        { type: 'empty', text: '{{data.total | nosuchpipe}}' },
        { type: 'actions', buttons: [{ label: 'x.label', action: { type: 'navigate', to: '/pages/nowhere/at_all' } }] },
        { type: 'form', form: 'missing' },
        { type: 'component', name: 'rocket' },
        { type: 'empty', text: 'x.empty', visibleIf: 'usr.name' },
        { type: 'empty', text: '{{dta.total}}' },
        { type: 'form', form: 'ok', initial: { a: '{{query.a}}', zz: 1 } },
        { type: 'menu', items: [{ label: 'x.label', to: 'action:selfDestruct' }, { label: 'x.label', to: 'action:setLanguage' }] },
        { type: 'empty', text: '{{user.extension_code | pageLink:\'https://elsewhere.example/\'}}' },
      ],
    });
    write('screens/bad/json.json', '{ "schemaVersion": 1, ');
    write('screens/bad/version.json', { schemaVersion: 7, route: '/pages/bad/version', sections: [] });
    write('schemas/ok.json', {
      schema: { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
      ui: { a: { 'ui:title': 'x.label' } },
      submit: { endpoint: 'POST /user/login' },
      submitLabel: 'x.submit',
    });
    write('schemas/broken.json', {
      schema: { type: 'object', required: ['a', 'ghost'], properties: { a: { type: 'strung' } } },
      ui: { b: { 'ui:title': 'x.label' }, a: { 'ui:placeholder': 'x.nope' }, 'ui:order': ['a', 'c'] },
      messages: { 'zz.const': 'x.label' },
      submit: { endpoint: 'POST /user/nothing', success: { toast: 'x.gone', navigate: '/pages/none/here' } },
    });
    write('schemas/broken-ui.json', {
      schema: { type: 'object', properties: { a: { type: 'string' } } },
      ui: { a: { 'ui:widget': 'telepathy', 'ui:options': { enableMarkdownInDescription: true } } },
      submit: { endpoint: 'POST /user/login' },
    });
    write('schemas/broken-figures.json', {
      schemaVersion: 2,
      schema: { type: 'object', properties: { a: { type: 'string' } } },
      submit: { endpoint: 'POST /user/login' },
      sections: [
        { type: 'figures', after: 'ghost', visibleIf: 'form.a && (', items: [{ label: 'x.nope', value: '{{form.a | nosuchpipe}}' }] },
        { type: 'gate', visibleIf: 'form.a', text: 'x.gone', button: 'x.label', to: '/pages/none/here' },
      ],
    });
    write('schemas/old-figures.json', { schemaVersion: 1, schema: { type: 'object', properties: {} }, submit: { endpoint: 'POST /user/login' }, figures: [{ items: [] }] });
    problems = lintConfig({ root: dir, messages, endpoints });
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const has = (file: string, p: string, reason: RegExp | string) => {
    const hit = problems.find((x) => x.file === file && x.path === p && (typeof reason === 'string' ? x.reason === reason : reason.test(x.reason)));
    if (!hit) throw new Error(`expected ${file}: ${p}: ${reason}\n got:\n${problems.map(formatProblem).join('\n')}`);
  };

  it('reports nothing for good files and app.json', () => {
    expect(problems.filter((p) => p.file.includes('good/') || p.file.endsWith('app.json') || p.file.endsWith('ok.json'))).toEqual([]);
  });

  it('reports an unknown endpoint with its JSON path', () => {
    has('screens/bad/endpoint.json', '$.sections[0].source.endpoint', 'unknown endpoint "GET /nope"');
  });

  it('reports prose instead of a message key', () => {
    has('screens/bad/prose.json', '$.sections[0].text', /message key or a \{\{binding\}\}/);
  });

  it('reports a message key missing from en.json', () => {
    has('screens/bad/key.json', '$.sections[0].items[0].label', 'message key "x.missing_key" is missing from i18n/en.json');
  });

  it('reports a text of the home screen outside the core part of the messages', () => {
    has('screens/index/index.json', '$.sections[1].text', /the home screen shows "x.empty" before the rest of the messages load/);
    expect(problems.filter((p) => p.file === 'screens/index/index.json')).toHaveLength(1);
  });

  it('reports a route that does not match the file path', () => {
    has('screens/bad/route.json', '$.route', /does not match the file path \(expected "\/pages\/bad\/route"\)/);
  });

  it('reports unknown section types and properties', () => {
    has('screens/bad/type.json', '$.sections[0].type', /must be one of "actions", .*"list"/);
    has('screens/bad/extra.json', '$.sections[0].colour', 'unknown property');
  });

  it('reports bad expressions, pipes, links, forms and components', () => {
    has('screens/bad/expr.json', '$.sections[0].visibleIf', /invalid expression/);
    has('screens/bad/expr.json', '$.sections[1].text', 'unknown pipe "nosuchpipe"');
    has('screens/bad/expr.json', '$.sections[9].text', /pageLink takes one page of the app/);
    has('screens/bad/expr.json', '$.sections[2].buttons[0].action.to', 'no screen for route "/pages/nowhere/at_all"');
    has('screens/bad/expr.json', '$.sections[3].form', 'no form schemas/missing.json');
    has('screens/bad/expr.json', '$.sections[4].name', /unknown component "rocket"/);
    has('screens/bad/expr.json', '$.sections[5].visibleIf', /"usr.name" must start with one of params, query, user/);
    has('screens/bad/expr.json', '$.sections[6].text', /"dta.total" must start with one of/);
    has('screens/bad/expr.json', '$.sections[7].initial.zz', 'no property "zz" in schemas/ok.json');
    expect(problems.some((p) => p.path === '$.sections[7].initial.a')).toBe(false);
    has('screens/bad/expr.json', '$.sections[8].items[0].to', /unknown link action "action:selfDestruct"/);
    expect(problems.some((p) => p.path === '$.sections[8].items[1].to')).toBe(false);
  });

  it('reports invalid JSON and unknown schema versions', () => {
    has('screens/bad/json.json', '1:23', /^invalid JSON: /);
    has('screens/bad/version.json', '$.schemaVersion', /newer than this app understands/);
  });

  it('reports broken form schemas', () => {
    const f = 'schemas/broken.json';
    has(f, '$.schema.properties.a.type', /invalid JSON Schema/);
    has(f, '$.schema.required', 'required property "ghost" is not defined');
    has(f, '$.ui.b', 'no property "b" in schema');
    has(f, '$.ui["ui:order"][1]', 'no property "c" in schema');
    has('schemas/broken-ui.json', '$.ui.a["ui:widget"]', /^must be one of "sendCode", /);
    has('schemas/broken-ui.json', '$.ui.a["ui:options"].enableMarkdownInDescription', 'unknown property');
    has(f, '$.ui.a["ui:placeholder"]', 'message key "x.nope" is missing from i18n/en.json');
    has(f, '$.messages["zz.const"]', 'no property "zz" in schema');
    has(f, '$.submit.endpoint', 'unknown endpoint "POST /user/nothing"');
    has(f, '$.submit.success.toast', 'message key "x.gone" is missing from i18n/en.json');
    has(f, '$.submit.success.navigate', 'no screen for route "/pages/none/here"');
  });

  it('reports broken figures and gate sections of a form file', () => {
    const f = 'schemas/broken-figures.json';
    has(f, '$.sections[0]', 'reads live figures (data) but the form has no "source"');
    has(f, '$.sections[0].after', 'no property "ghost" in schema');
    has(f, '$.sections[0].visibleIf', /invalid expression/);
    has(f, '$.sections[0].items[0].label', 'message key "x.nope" is missing from i18n/en.json');
    has(f, '$.sections[0].items[0].value', /nosuchpipe/);
    has(f, '$.sections[1].text', 'message key "x.gone" is missing from i18n/en.json');
    has(f, '$.sections[1].to', 'no screen for route "/pages/none/here"');
    expect(problems.some((p) => p.file === f && p.path === '$.sections[1]')).toBe(false); // a gate needs no source
    // A version 1 file is read as version 2: its figures are sections, checked by the same schema.
    has('schemas/old-figures.json', '$.sections[0].items', /must NOT have fewer than 1 items|fewer than 1/);
  });

  it('formats problems as "file: JSON path: reason"', () => {
    expect(formatProblem({ file: 'screens/a/b.json', path: '$.sections[0]', reason: 'bad' })).toBe('screens/a/b.json: $.sections[0]: bad');
    expect(jsonPath('/sections/0/ui:order')).toBe('$.sections[0]["ui:order"]');
  });
});

describe('lint against the endpoint contract', () => {
  let dir: string;
  let problems: Problem[];
  const rec = (props: Record<string, unknown>) => ({ type: 'object', properties: props, required: Object.keys(props) });
  const item = rec({ id: { type: 'integer' }, title: { type: 'string' } });
  const endpointSpecs = {
    'GET /faq': { method: 'GET', path: '/faq', auth: false, summary: '', response: { type: 'array', items: rec({ id: { type: 'integer' }, question: { type: 'string' } }) } },
    'POST /news/list': { method: 'POST', path: '/news/list', auth: false, summary: '', request: rec({ c_id: { type: 'integer' }, page: {}, limit: {} }), response: rec({ data: { type: 'array', items: item }, page: {}, limit: {}, total: {} }) },
    'POST /news/detail': { method: 'POST', path: '/news/detail', auth: false, summary: '', request: rec({ id: {} }), response: { anyOf: [rec({ title: { type: 'string' }, content: { type: 'string' } }), { type: 'null' }] } },
    'GET /pages': { method: 'GET', path: '/pages', auth: false, summary: '', response: rec({ list: { type: 'array', items: item }, page: {}, limit: {}, total: {} }) },
    'GET /user/info': { method: 'GET', path: '/user/info', auth: true, summary: '', response: rec({ nickname: { type: 'string' } }) },
  } as const;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-contract-'));
    const file = path.join(dir, 'screens', 'c', 'page.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({
      schemaVersion: 1, route: '/pages/c/page',
      sections: [
        { type: 'list', source: { endpoint: 'GET /faq' }, item: { title: '{{item.question}}' } },
        { type: 'list', source: { endpoint: 'POST /news/list', params: { c_id: 4, cid: 5 } }, item: { title: '{{item.titel}}', subtitle: '{{item.title | t}}' } },
        { type: 'detail', source: { endpoint: 'POST /news/detail', params: { id: '{{query.id}}' } }, heading: '{{data.title}}', html: '{{data.body}}', visibleIf: 'user.nicknam' },
        { type: 'tabs', tabs: [{ label: 'x.label', sections: [{ type: 'empty', text: '{{data.anything}}' }] }] },
        { type: 'list', source: { endpoint: 'GET /pages', select: 'list' }, item: { title: '{{item.title}}' } },
        { type: 'records', source: { endpoint: 'GET /faq' }, item: { title: '{{item.question}}' } },
        { type: 'quotes', source: { endpoint: 'GET /faq' }, item: { title: '{{item.question}}' } },
      ],
    }));
    const form = path.join(dir, 'schemas', 'post.json');
    fs.mkdirSync(path.dirname(form), { recursive: true });
    fs.writeFileSync(form, JSON.stringify({
      schema: { type: 'object', properties: { c_id: { type: 'integer' }, colour: { type: 'string' } } },
      submit: { endpoint: 'POST /news/detail', extra: { page: 1 } },
    }));
    fs.writeFileSync(path.join(dir, 'screens', 'app.json'), fs.readFileSync(path.join(root, 'screens', 'app.json'), 'utf8'));
    problems = lintConfig({ root: dir, messages: { ...SHELL_MESSAGES, 'x.label': 'L' }, endpoints: Object.keys(endpointSpecs), endpointSpecs: endpointSpecs as never });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const reasons = () => problems.map((p) => `${p.path}: ${p.reason}`);

  it('a list, records or quotes over a plain array must not page', () => {
    for (const at of [0, 5, 6]) expect(reasons()).toContain(`$.sections[${at}].paging: GET /faq returns a plain array (no paging): set "paging": "none"`);
  });

  it('a list over the rows of a page (`select` names them) pages', () => {
    expect(reasons().filter((r) => r.startsWith('$.sections[4]'))).toEqual([]);
  });

  it('request fields must be declared', () => {
    expect(reasons()).toContain('$.sections[1].source.params.cid: POST /news/list has no request field "cid"');
  });

  it('item., data. and user. paths must be in the declared responses', () => {
    expect(reasons()).toContain('$.sections[1].item.title: "item.titel" is not in the response of POST /news/list (rows)');
    expect(reasons()).toContain('$.sections[2].html: "data.body" is not in the response of POST /news/detail');
    expect(reasons()).toContain('$.sections[2].visibleIf: "user.nicknam" is not in the response of GET /user/info');
  });

  it('valid paths, nullable responses and sections without a source pass', () => {
    expect(problems.filter((p) => /sections\[0\]\.item|subtitle|heading|sections\[3\]/.test(p.path))).toEqual([]);
    expect(problems.filter((p) => p.file.startsWith('screens/'))).toHaveLength(7);
  });

  it('a form must send what its submit endpoint declares', () => {
    const formProblems = problems.filter((p) => p.file === 'schemas/post.json').map((p) => `${p.path}: ${p.reason}`);
    expect(formProblems).toEqual(expect.arrayContaining([
      '$.schema.properties.c_id: POST /news/detail has no request field "c_id"',
      '$.schema.properties.colour: POST /news/detail has no request field "colour"',
      '$.submit.extra.page: POST /news/detail has no request field "page"',
    ]));
  });
});
