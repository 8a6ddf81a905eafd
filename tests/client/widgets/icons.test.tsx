/** Every icon name used by a screen or by the service menu (content/menu.json) has a drawing. */
import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { Chevron, Icon } from '../../../src/client/widgets/parts';
import { FALLBACK_ICON, ICON_PATHS } from '../../../src/client/widgets/iconPaths';
import { ICON_NAMES } from '../../../src/shared/screens/icons';

const root = path.resolve(__dirname, '../../..');

function filesUnder(dir: string, ext: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p, ext) : p.endsWith(ext) ? [p] : [];
  });
}

function namesIn(files: string[], pattern: RegExp): Set<string> {
  const names = new Set<string>();
  for (const f of files) for (const m of fs.readFileSync(f, 'utf8').matchAll(pattern)) if (!m[1].includes('{{')) names.add(m[1]);
  return names;
}

test('every icon named in screens/ and the service menu has a drawing', () => {
  const fromScreens = namesIn(filesUnder(path.join(root, 'screens'), '.json'), /"icon":\s*"([^"]+)"/g);
  const fromMenu = namesIn([path.join(root, 'content/menu.json')], /"icon":\s*"([^"]+)"/g);
  const used = [...fromScreens, ...fromMenu, 'globe', 'currency'];
  expect(used.length).toBeGreaterThan(40);
  expect(used.filter((n) => !(ICON_PATHS as Record<string, string>)[n])).toEqual([]);
});

test('docs/operators.md lists every icon name the lint accepts', () => {
  const docs = fs.readFileSync(path.join(root, 'docs/operators.md'), 'utf8');
  const section = docs.split('\n## Icons\n')[1]?.split('\n## ')[0] ?? '';
  const list = section.split('\n\n').find((paragraph) => paragraph.startsWith('`')) ?? '';
  const listed = [...list.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);
  expect(listed).toEqual([...ICON_NAMES]);
});

test('an icon renders as a decorative inline SVG; unknown names get the fallback', () => {
  const { container, rerender } = render(<Icon name="wallet" />);
  const span = container.querySelector('.w-icon')!;
  expect(span).toHaveAttribute('aria-hidden', 'true');
  expect(span.querySelector('path')).toHaveAttribute('d', ICON_PATHS.wallet);
  rerender(<Icon name="no-such-icon" />);
  expect(container.querySelector('path')).toHaveAttribute('d', FALLBACK_ICON);
});

/** Bidi-mirrored arrow characters: the browser turns them round in right-to-left text by itself. */
const MIRRORED_ARROWS = /[‹›❮❯]/;

test('the row chevron is a drawing turned round in right-to-left languages, never a mirrored glyph (issue 23: "More ›" pointed the wrong way in fa)', () => {
  const { container } = render(<Chevron />);
  const svg = container.querySelector('.w-chevron svg');
  expect(svg).toHaveClass('icon-flip-rtl');
  expect(container.textContent).toBe('');
  // No arrow glyph anywhere in the app's code (outside comments) or its texts: each would be flipped twice.
  const code = filesUnder(path.join(root, 'src/client'), '.tsx').concat(filesUnder(path.join(root, 'src/client'), '.ts'))
    .filter((f) => MIRRORED_ARROWS.test(fs.readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')));
  const texts = filesUnder(path.join(root, 'i18n'), '.json').filter((f) => MIRRORED_ARROWS.test(fs.readFileSync(f, 'utf8')));
  expect([...code, ...texts].map((f) => path.relative(root, f))).toEqual([]);
});
