import { act, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { revalidateEndpoints } from '../../../src/client/state/revalidate';

// The app's global cache, as in the app: an entry outlives the screen that shows it.
function Choices({ fetcher, params }: { fetcher: () => Promise<string>; params: string }) {
  const { data } = useSWR(['GET /user/wallet/list', 'POST /user/cash_info', params], fetcher);
  return <p>{data ?? 'loading'}</p>;
}

describe('revalidateEndpoints', () => {
  it('asks again for an entry gathered from several endpoints when any of them is named', async () => {
    let answer = 0;
    const fetcher = jest.fn(async () => `answer ${++answer}`);
    const view = (
      <SWRConfig value={{ dedupingInterval: 60_000 }}>
        <Choices fetcher={fetcher} params="first" />
      </SWRConfig>
    );
    const { unmount } = render(view);
    await screen.findByText('answer 1');

    await act(() => revalidateEndpoints(['POST /user/cash_info']));
    await screen.findByText('answer 2');

    // Unmounted (the user is on another screen): the entry is marked, and asks again when shown.
    unmount();
    await act(() => revalidateEndpoints(['GET /user/wallet/list']));
    render(view);
    await screen.findByText('answer 3');
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('leaves entries of other endpoints alone', async () => {
    const fetcher = jest.fn(async () => 'once');
    render(
      <SWRConfig value={{ dedupingInterval: 60_000 }}>
        <Choices fetcher={fetcher} params="second" />
      </SWRConfig>,
    );
    await screen.findByText('once');
    await act(() => revalidateEndpoints(['GET /news/list']));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
