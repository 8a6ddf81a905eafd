/** WCAG AA (4.5:1) for the text colour pairs of both themes, read from src/client/styles/tokens.css. */
import fs from 'node:fs';
import path from 'node:path';

const css = fs.readFileSync(path.resolve(__dirname, '../../../src/client/styles/tokens.css'), 'utf8');

function block(selectorStart: string): Record<string, string> {
  const start = css.indexOf(selectorStart);
  if (start < 0) throw new Error(`${selectorStart} not found`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  const vars: Record<string, string> = {};
  for (const m of body.matchAll(/--color-([a-z0-9-]+):\s*([^;]+);/g)) vars[m[1]] = m[2].trim();
  return vars;
}

const light = block(':root,\n:root[data-theme="light"]');
const dark = { ...light, ...block(':root[data-theme="dark"]') };
const darkMedia = { ...light, ...block(':root:not([data-theme])') };

function resolve(vars: Record<string, string>, name: string): string {
  let v = vars[name];
  for (let i = 0; i < 5 && v?.startsWith('var('); i++) v = vars[v.slice('var(--color-'.length, -1)];
  if (!/^#[0-9a-f]{6}$/i.test(v ?? '')) throw new Error(`--color-${name} is not a hex colour: ${v}`);
  return v;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function ratio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const PAIRS: [string, string][] = [
  ['text', 'bg'], ['text', 'surface'], ['text-muted', 'bg'], ['text-muted', 'surface'],
  ['primary', 'surface'], ['primary', 'bg'], ['on-primary', 'primary'],
  ['success', 'surface'], ['warning', 'surface'], ['error', 'surface'], ['up', 'surface'], ['down', 'surface'],
  ['tabbar-color', 'tabbar-bg'], ['tabbar-active', 'tabbar-bg'], ['on-primary', 'up'], ['on-primary', 'down'],
  // Buy and sell buttons (white text on the bright dark-theme green failed), selected chips and badges.
  ['on-up', 'up'], ['on-down', 'down'], ['primary', 'primary-soft'],
];

test('the letter marks of coins without an icon keep their white letter readable', () => {
  const { LETTER_MARK_COLOURS } = jest.requireActual<typeof import('../../../src/shared/coinIcons')>('../../../src/shared/coinIcons');
  for (const colour of LETTER_MARK_COLOURS) expect({ colour, ok: ratio('#ffffff', colour) >= 4.5 }).toEqual({ colour, ok: true });
});

test.each([['light', light], ['dark', dark], ['dark (system)', darkMedia]] as const)('%s theme text pairs meet 4.5:1', (_name, vars) => {
  for (const [fg, bg] of PAIRS) {
    expect({ pair: `${fg} on ${bg}`, ok: ratio(resolve(vars, fg), resolve(vars, bg)) >= 4.5 }).toEqual({ pair: `${fg} on ${bg}`, ok: true });
  }
});

test('the SPEC 9 backgrounds', () => {
  expect(light.bg).toBe('#f2f6f7');
  expect(dark.bg).toBe('#0f1012');
  expect(light['tabbar-bg']).toBe('#ffffff');
});

test('the dark palette is the same in data-theme and prefers-color-scheme', () => {
  expect(block(':root:not([data-theme])')).toEqual(block(':root[data-theme="dark"]'));
});
