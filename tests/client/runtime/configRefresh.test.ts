/**
 * A newly published configuration makes stale the answers read from it (`refreshOn: ['config']`): an open app
 * asks them again, and only when the manifest's version changed.
 */
import { applyManifest, getManifest, resetConfiguration } from '../../../src/client/platform/configuration';
import { refreshOnNewConfiguration } from '../../../src/client/runtime/configRefresh';
import { revalidateEndpoints } from '../../../src/client/state/revalidate';

jest.mock('../../../src/client/state/revalidate', () => ({ revalidateEndpoints: jest.fn(async () => undefined) }));

const manifest = (version: string) => ({ version, app: 'a1', screens: {}, forms: {}, messages: {} });

beforeEach(() => {
  resetConfiguration({ manifest: manifest('v1'), app: {} });
  jest.mocked(revalidateEndpoints).mockClear();
});

test('a new version asks again every answer read from the configuration: content, site settings, chains', async () => {
  const stop = refreshOnNewConfiguration();
  await applyManifest(manifest('v2'));
  expect(getManifest().version).toBe('v2');
  expect(revalidateEndpoints).toHaveBeenCalledTimes(1);
  const endpoints = jest.mocked(revalidateEndpoints).mock.calls[0][0];
  expect(endpoints).toEqual(expect.arrayContaining(['POST /news/list', 'GET /news/index_pop', 'GET /faq', 'GET /getSiteConfig', 'POST /wallet/get_info', 'GET /wallet/coins']));
  // an answer of the user's own money or orders is not read from it
  expect(endpoints).not.toContain('POST /wallet/list');
  stop();
  await applyManifest(manifest('v3'));
  expect(revalidateEndpoints).toHaveBeenCalledTimes(1);
});

test('the same version (the whole manifest completing the HTML\'s partial one) asks nothing again', async () => {
  resetConfiguration({ manifest: { ...manifest('v1'), partial: true }, app: {} });
  const stop = refreshOnNewConfiguration();
  await applyManifest(manifest('v1'));
  expect(getManifest().partial).toBeUndefined();
  expect(revalidateEndpoints).not.toHaveBeenCalled();
  stop();
});
