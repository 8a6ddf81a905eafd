/**
 * The HTML's route table script (src/server/configuration/routeCode.ts), run as the browser runs it: the route in
 * the address bar gets preload links for its screen file and its widgets' code, and nothing else does.
 */
import { ROUTE_CODE_SCRIPT, routeCode, routeCodeTags } from '../../../src/server/configuration/routeCode';

const SCREENS = new Map<string, unknown>([
  ['/pages/index/index', { sections: [{ type: 'list' }, { type: 'quotes' }, { type: 'form', form: 'x', visibleIf: 'user' }] }],
  ['/pages/transaction/index', { sections: [{ type: 'component', name: 'pairDetail' }, { type: 'form', form: 'spot', visibleIf: 'user' }] }],
  ['/pages/my/index', { sections: [{ type: 'list' }] }],
]);
const HASHES = { '/pages/index/index': 'aaaa', '/pages/transaction/index': 'bbbb', '/pages/my/index': 'cccc' };
const FILES = {
  'widget-quotes': ['widget-quotes.1.css', 'widget-quotes.2.js'], 'widget-component': ['widget-component.3.js'],
  'component-pairDetail': ['component-pairDetail.4.css', 'component-pairDetail.5.js'], 'widget-form': ['widget-form.6.js'],
};

function open(hash: string, screens: ReadonlyMap<string, unknown> = SCREENS): Array<[string, string, string | null]> {
  document.head.innerHTML = routeCodeTags(routeCode(screens, HASHES, '/pages/index/index', FILES, '/content/images/banner-1.svg')).replace(/<script>.*<\/script>$/, '');
  window.location.hash = hash;
  // eslint-disable-next-line no-new-func -- the HTML's inline script, run as the page runs it
  new Function(ROUTE_CODE_SCRIPT)();
  return [...document.head.querySelectorAll('link')].map((l) => [l.getAttribute('as')!, l.getAttribute('href')!, l.getAttribute('crossorigin') ?? l.getAttribute('fetchpriority')]);
}

test('a deep link asks for its screen file and the code of the sections every visitor sees', () => {
  expect(open('#/pages/transaction/index?symbol=BTC%2FUSDT')).toEqual([
    ['fetch', '/config/screens/pages/transaction/index.bbbb.json', 'anonymous'],
    ['script', '/widget-component.3.js', null],
    ['style', '/component-pairDetail.4.css', null],
    ['script', '/component-pairDetail.5.js', null],
  ]);
});

test('the home route (an empty hash or #/) has its screen inlined: its banner\'s first slide and its widgets', () => {
  const home = [['image', '/content/images/banner-1.svg', 'high'], ['style', '/widget-quotes.1.css', null], ['script', '/widget-quotes.2.js', null]];
  expect(open('')).toEqual(home);
  expect(open('#/')).toEqual(home);
  // a home whose widgets are all bundled has no entry of its own, and still its image
  expect(open('', new Map([['/pages/index/index', { sections: [{ type: 'list' }] }]]))).toEqual([home[0]]);
});

test('a route whose widgets are bundled gets its screen file; an unknown route or a property name gets nothing', () => {
  expect(open('#/pages/my/index')).toEqual([['fetch', '/config/screens/pages/my/index.cccc.json', 'anonymous']]);
  expect(open('#/pages/nowhere')).toEqual([]);
  expect(open('#__proto__')).toEqual([]);
  expect(open('#constructor')).toEqual([]);
});
