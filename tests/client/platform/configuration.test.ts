/** The app's copy of the served configuration: boot data, the partial manifest completed on demand, reloads. */
import {
  applyManifest, completeManifest, fetchMessages, fetchScreen, getManifest, importForm, resetConfiguration, setModuleImporter, subscribeConfiguration,
} from '../../../src/client/platform/configuration';

const FULL = {
  version: 'v1', app: 'a1', screens: { '/pages/common/faq': 's1' }, forms: { login: 'f1' }, messages: { 'en.core': 'm1', 'en.rest': 'm2', 'fa.core': 'm3' },
};
const fetched: string[] = [];
let served: Record<string, unknown> = {};

beforeEach(() => {
  fetched.length = 0;
  served = { '/config/manifest.json': FULL, '/config/screens/pages/common/faq.s1.json': { route: '/pages/common/faq' }, '/config/messages/fa.core.m3.json': { 'a.b': [] } };
  (globalThis as { fetch?: unknown }).fetch = async (url: string) => {
    fetched.push(url);
    return url in served ? { ok: true, status: 200, json: async () => served[url] } : { ok: false, status: 404, json: async () => ({}) };
  };
  resetConfiguration({
    manifest: { ...FULL, forms: {}, messages: { 'en.core': 'm1', 'en.rest': 'm2' }, partial: true },
    app: { home: '/pages/index/index' },
    home: { route: '/pages/common/faq', screen: { route: '/pages/common/faq', inlined: true } },
  });
});

test('the inlined home screen is not fetched; another language and forms wait for the whole manifest', async () => {
  expect(await fetchScreen('/pages/common/faq')).toEqual({ route: '/pages/common/faq', inlined: true });
  expect(fetched).toEqual([]);
  expect(await fetchMessages('fa.core')).toEqual({ 'a.b': [] });
  expect(fetched).toEqual(['/config/manifest.json', '/config/messages/fa.core.m3.json']);
  expect(getManifest()).toEqual(FULL);
  setModuleImporter(async (url) => ({ url }));
  expect(await importForm('login')).toEqual({ url: '/config/forms/login.f1.js' });
  expect(await importForm('nothing')).toBeUndefined();
  await completeManifest(); // complete already: nothing more is fetched
  expect(fetched).toEqual(['/config/manifest.json', '/config/messages/fa.core.m3.json']);
});

test('a new manifest from the server is announced once; the same version is ignored', async () => {
  await completeManifest();
  let heard = 0;
  const stop = subscribeConfiguration(() => { heard += 1; });
  await applyManifest(FULL);
  expect(heard).toBe(0);
  served['/config/app.a2.json'] = { home: '/pages/my/index' };
  await applyManifest({ ...FULL, version: 'v2', app: 'a2', screens: { '/pages/common/faq': 's2' } });
  expect(heard).toBe(1);
  expect(getManifest().screens['/pages/common/faq']).toBe('s2');
  stop();
});
