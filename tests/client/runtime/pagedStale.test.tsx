/**
 * A paged list kept in the app's cache while its screen is not shown: when its endpoint becomes stale meanwhile (a
 * call, a private event, a newly published configuration: state/revalidate.ts), it asks again when shown; else it
 * shows what it kept, with no request.
 */
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RuntimeProvider } from '../../../src/client/runtime/context';
import { usePagedSource } from '../../../src/client/runtime/useSource';
import type { DataSource } from '../../../src/client/runtime/types';
import { revalidateEndpoints } from '../../../src/client/state/revalidate';
import { api } from '../widgets/fakeApi';
import { Providers } from '../widgets/helpers';

jest.mock('../../../src/client/api/request', () => require('../widgets/fakeApi').api.module);

const SOURCE = { endpoint: 'POST /news/list', params: { c_id: 5 }, select: 'list' } as DataSource;

function Titles() {
  const { items } = usePagedSource(SOURCE, 10, true);
  return <p>{items.length ? items.map((i) => (i as { title: string }).title).join(', ') : 'loading'}</p>;
}

/** One app (one cache) whose screen shows the list or another screen. */
const app = (shown: boolean): ReactNode => (
  <Providers><RuntimeProvider query={{}}>{shown ? <Titles /> : <p>elsewhere</p>}</RuntimeProvider></Providers>
);

test('pages kept from before their endpoint became stale are asked again when the list is shown again', async () => {
  let title = 'Spring sale';
  api.reset();
  api.on('POST /news/list', () => ({ list: [{ title }], total: 1 }));
  const { rerender } = render(app(true));
  await screen.findByText('Spring sale');
  expect(api.module.request).toHaveBeenCalledTimes(1);

  // shown again with nothing stale: what it kept, no request
  rerender(app(false));
  rerender(app(true));
  expect(screen.getByText('Spring sale')).toBeInTheDocument();
  expect(api.module.request).toHaveBeenCalledTimes(1);

  // left, the banners are published anew, shown again: asked again
  rerender(app(false));
  title = 'Zero-fee week';
  await act(() => revalidateEndpoints(['POST /news/list']));
  expect(api.module.request).toHaveBeenCalledTimes(1);
  rerender(app(true));
  await screen.findByText('Zero-fee week');
  expect(api.module.request).toHaveBeenCalledTimes(2);

  // and once only: shown again after that, what it now has
  rerender(app(false));
  rerender(app(true));
  expect(screen.getByText('Zero-fee week')).toBeInTheDocument();
  expect(api.module.request).toHaveBeenCalledTimes(2);
});
