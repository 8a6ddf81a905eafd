import type { SheetItem } from '../../../src/client/platform/feedback';
/**
 * The fake `src/client/api/request` module, one per test file:
 *   jest.mock('../../../src/client/api/request', () => require('../widgets/fakeApi').api.module);
 * No imports here, so the mock factory cannot pull the real modules in.
 */
type Handler = (params: Record<string, unknown>) => unknown;

/** The fake `src/client/api/request` module: routes by endpoint key. */
function createApiMock() {
  const routes = new Map<string, Handler>();
  const request = jest.fn(async (endpoint: string, params: Record<string, unknown> = {}, _options?: Record<string, unknown>) => {
    const handler = routes.get(endpoint);
    if (!handler) throw new Error(`no fake for ${endpoint}`);
    return handler(params);
  });
  let keys = 0;
  return {
    routes,
    on(endpoint: string, handler: Handler) { routes.set(endpoint, handler); },
    reset() { routes.clear(); request.mockClear(); },
    module: {
      request,
      requestByName: request,
      upload: jest.fn(async () => '/uploads/abc.jpg'),
      newIdempotencyKey: jest.fn(() => `key-${++keys}`),
      swrFetcher: (key: string | [string, Record<string, unknown>?]) => (typeof key === 'string' ? request(key, {}) : request(key[0], key[1] ?? {})),
      prefetchedAnswer: () => undefined, // nothing is fetched ahead in these tests
    },
  };
}


export const api = createApiMock();

/** The fake feedback and navigation modules. */
export const feedback = {
  toast: jest.fn(),
  confirmDialog: jest.fn(async (_opts?: unknown): Promise<boolean> => true),
  actionSheet: jest.fn(async (_opts: { title?: string; items: SheetItem[] }): Promise<number | null> => null),
  showLoading: jest.fn(),
  hideLoading: jest.fn(),
};
const realNavigation = jest.requireActual<typeof import('../../../src/client/platform/navigation')>('../../../src/client/platform/navigation');
export const navigation = {
  HOME_ROUTE: '/pages/index/index',
  LOGIN_ROUTE: '/pages/common/login',
  REAL_NAME_ROUTE: '/pages/setting/real_mark',
  // Pure: which route is shown (the hash), where login returns to.
  currentRoute: realNavigation.currentRoute,
  isBackRoute: realNavigation.isBackRoute,
  loginRoute: realNavigation.loginRoute,
  navigateTo: jest.fn(),
  redirectTo: jest.fn(),
  goBack: jest.fn(),
  setRouter: jest.fn(),
};
