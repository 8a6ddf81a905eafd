/**
 * The home banner's first slide drawn by the HTML (src/server/configuration/bootHero.ts): kept only on the
 * home route, and shown by the banner while its list loads, so the image never vanishes in between.
 */
import { screen, waitFor } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { BOOT_HERO_SCRIPT, drawBootHero } from '../../../src/server/configuration/bootHero';
import { bootHeroImage, holdBootOutline, keepBootHero } from '../../../src/client/runtime/bootHero';
import { api } from '../widgets/fakeApi';
import { renderScreen } from '../widgets/helpers';

jest.mock('../../../src/client/api/request', () => require('../widgets/fakeApi').api.module);

const indexHtml = fs.readFileSync(path.join(__dirname, '../../../src/client/index.html'), 'utf8');

/** The body of index.html as the server sends it for a page opened at `hash`, after its inline script ran. */
function openAt(hash: string): void {
  const drawn = drawBootHero(indexHtml, '/uploads/banner-1.svg', '/pages/index/index');
  expect(drawn.indexOf(BOOT_HERO_SCRIPT)).toBeLessThan(drawn.indexOf('id="boot-hero"')); // it runs before the drawing is parsed
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(drawn)![1];
  window.location.hash = hash;
  // The HTML's own inline script, run as the browser runs it (jsdom runs no script set through innerHTML).
  // eslint-disable-next-line no-new-func
  new Function(BOOT_HERO_SCRIPT)();
}

afterEach(() => { window.location.hash = ''; document.body.innerHTML = ''; });

test.each(['', '#/', '#/pages/index/index', '#/pages/index/index?from=share'])('the drawing stays on the home route (%p)', (hash) => {
  openAt(hash);
  expect(document.querySelector('#boot-hero img')).toHaveAttribute('src', '/uploads/banner-1.svg');
  expect(document.querySelector('.boot')).toHaveClass('boot--home');
});

test.each(['#/pages/transaction/index?symbol=btcusdt', '#/pages/market/market', '#/pages/index/indexx'])('another route removes it before the first paint (%p)', (hash) => {
  openAt(hash);
  expect(document.querySelector('.boot')).not.toHaveClass('boot--home'); // which hides the drawing (index.html)
  keepBootHero();
  expect(bootHeroImage()).toBeUndefined();
});

test('index.html keeps the outline the server draws into', () => {
  expect(drawBootHero(indexHtml, '/x.svg', '/pages/index/index')).toContain('<img src="/x.svg"');
});

test('the banner shows the drawn slide while its list loads, then its own slides', async () => {
  openAt('#/pages/index/index');
  keepBootHero();
  let answer: (value: unknown) => void = () => undefined;
  api.reset();
  api.on('POST /news/list', () => new Promise((resolve) => { answer = resolve; }));
  const { container } = renderScreen([{
    type: 'banner', source: { endpoint: 'POST /news/list', params: { c_id: 5 }, select: 'list' },
    image: '{{item.cover}}', alt: '{{item.title}}', to: '/pages/common/article?id={{item.id}}',
  }]);
  await waitFor(() => expect(container.querySelector('.w-banner[aria-busy="true"] img')).toHaveAttribute('src', '/uploads/banner-1.svg'));
  answer({ list: [{ id: 1, title: 'B1', cover: '/uploads/banner-1.svg' }], page: 1, limit: 10, total: 1 });
  expect(await screen.findByAltText('B1')).toBeInTheDocument();
  expect(bootHeroImage()).toBeUndefined();
});

test('on the home route the outline stays above the app until the first screen is drawn', () => {
  openAt('#/pages/index/index');
  const container = document.getElementById('app')!;
  let release: () => void = () => undefined;
  holdBootOutline(container, (done) => { release = done; });
  expect(container.querySelector('.boot')).toBeNull(); // the app's first render has the container to itself
  expect(document.querySelector('body > .boot.boot--over #boot-hero')).not.toBeNull();
  release();
  expect(document.querySelector('.boot')).toBeNull();
});

test('on another route the outline is left to the first render', () => {
  openAt('#/pages/market/market');
  const container = document.getElementById('app')!;
  const release = jest.fn();
  holdBootOutline(container, release);
  expect(release).not.toHaveBeenCalled();
  expect(container.querySelector('.boot')).not.toBeNull();
});

test('the outline goes as soon as the app has drawn its banner', async () => {
  openAt('');
  const container = document.getElementById('app')!;
  holdBootOutline(container, () => undefined);
  container.innerHTML = '<div class="page"><div class="w-banner w-section" aria-busy="true"></div></div>';
  await waitFor(() => expect(document.querySelector('.boot')).toBeNull());
});
