import { act, fireEvent, screen } from '@testing-library/react';
import { AsyncPage, loadErrorType } from '../../../src/client/shell/AsyncPage';
import { renderWithIntl } from '../../support/renderWithIntl';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

test('shows nothing for 200 ms, then a loading state, then the page', async () => {
  const d = deferred<string>();
  const { container } = renderWithIntl(<AsyncPage load={() => d.promise}>{(v) => <p>page {v}</p>}</AsyncPage>);
  expect(container).toBeEmptyDOMElement();
  act(() => { jest.advanceTimersByTime(199); });
  expect(container).toBeEmptyDOMElement();
  act(() => { jest.advanceTimersByTime(1); });
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  await act(async () => { d.resolve('ready'); });
  expect(screen.getByText('page ready')).toBeInTheDocument();
});

test('a fast load never shows the loading state', async () => {
  renderWithIntl(<AsyncPage load={async () => 'x'}>{(v) => <p>page {v}</p>}</AsyncPage>);
  await act(async () => {});
  expect(screen.getByText('page x')).toBeInTheDocument();
  expect(screen.queryByRole('status')).toBeNull();
});

test('times out after 60 s with type timeout; retry loads again', async () => {
  const onError = jest.fn();
  const load = jest.fn()
    .mockImplementationOnce(() => new Promise(() => {}))
    .mockImplementationOnce(async () => 'second');
  renderWithIntl(<AsyncPage load={load} onError={onError}>{(v) => <p>page {String(v)}</p>}</AsyncPage>);
  act(() => { jest.advanceTimersByTime(59_999); });
  expect(screen.queryByRole('alert')).toBeNull();
  act(() => { jest.advanceTimersByTime(1); });
  const alert = screen.getByRole('alert');
  expect(alert).toHaveAttribute('data-error-type', 'timeout');
  expect(alert).toHaveTextContent('This page is taking too long to load');
  expect(onError).toHaveBeenCalledWith('timeout', expect.any(Error));
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Retry' })); });
  expect(screen.getByText('page second')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test('chunk failures are reported as missing or error', async () => {
  const chunkError = Object.assign(new Error('Loading chunk 7 failed'), { name: 'ChunkLoadError', type: 'missing' });
  renderWithIntl(<AsyncPage load={() => Promise.reject(chunkError)}>{() => <p>never</p>}</AsyncPage>);
  await act(async () => {});
  expect(screen.getByRole('alert')).toHaveAttribute('data-error-type', 'missing');
  expect(screen.getByRole('alert')).toHaveTextContent('This page could not be found');
  expect(loadErrorType(Object.assign(new Error('x'), { type: 'timeout' }))).toBe('timeout');
  expect(loadErrorType(new Error('network'))).toBe('error');
  expect(loadErrorType(null)).toBe('error');
});
