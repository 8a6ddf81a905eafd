/**
 * Look and states (issue 23): coin icons and letter marks, the empty state's next step, skeletons while a
 * section or a page loads, the failed page's ways out, and the form controls in the app's theme.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { api, navigation } from './fakeApi';
import { deferred, renderScreen, renderWithProviders } from './helpers';
import { appState } from '../../../src/client/state/store';
import { CoinIcon } from '../../../src/client/runtime/coinIcon';
import { COIN_ICON_FILES, coinIconUrl, LETTER_MARK_COLOURS, letterMark } from '../../../src/shared/coinIcons';
import SchemaForm from '../../../src/client/forms/SchemaForm';
import type { FormModule } from '../../../src/client/forms/loadForm';
import { AsyncPage } from '../../../src/client/shell/AsyncPage';
import fs from 'node:fs';
import path from 'node:path';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('./fakeApi').navigation);

beforeEach(() => {
  api.reset();
  jest.clearAllMocks();
  localStorage.clear();
  appState.reset();
});

describe('coin icons', () => {
  it('a listed coin shows its shipped icon, a coin or stock without one its letter mark', () => {
    const { container, rerender } = render(<CoinIcon symbol="btc" />);
    const img = container.querySelector('img.coin-icon')!;
    expect(img).toHaveAttribute('src', '/coins/btc.svg');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('width', '28');
    expect(img).toHaveAttribute('loading', 'lazy');
    rerender(<CoinIcon symbol="NVDA" />);
    const mark = container.querySelector('.coin-icon--letter') as HTMLElement;
    expect(mark).toHaveTextContent('N');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(mark.style.backgroundColor).not.toBe('');
    rerender(<CoinIcon symbol="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('an icon that fails to load gives way to the letter mark', () => {
    const { container } = render(<CoinIcon symbol="ETH" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.coin-icon--letter')).toHaveTextContent('E');
  });

  it('every shipped icon exists in the package, and a letter mark is the same for a symbol on every screen', () => {
    const dir = path.join(path.dirname(require.resolve('cryptocurrency-icons/package.json')), 'svg', 'color');
    for (const file of Object.values(COIN_ICON_FILES)) expect(fs.existsSync(path.join(dir, `${file}.svg`))).toBe(true);
    expect(coinIconUrl(' pol ')).toBe('/coins/pol.svg');
    expect(coinIconUrl('TON')).toBeUndefined();
    expect(letterMark('TON')).toEqual(letterMark('ton'));
    expect(LETTER_MARK_COLOURS).toContain(letterMark('AAPL').colour);
  });

  it('a records row with `coin` leads with the coin icon', async () => {
    api.on('GET /wallet/coins', () => [{ id: 1, name: 'BTC' }, { id: 25, name: 'TON' }]);
    const { container } = renderScreen([{ type: 'records', source: { endpoint: 'GET /wallet/coins' }, paging: 'none', item: { title: '{{item.name}}', coin: '{{item.name}}' } }]);
    expect(await screen.findByText('TON')).toBeInTheDocument();
    const rows = container.querySelectorAll('.w-row');
    expect(rows[0].firstElementChild).toHaveAttribute('src', '/coins/btc.svg');
    expect(rows[1].firstElementChild).toHaveTextContent('T');
  });
});

describe('empty states', () => {
  it('a list with nothing shows its text and the next step as a button leading there', async () => {
    api.on('GET /wallet/coins', () => []);
    renderScreen([{
      type: 'list', source: { endpoint: 'GET /wallet/coins' }, paging: 'none', item: { title: '{{item.name}}' },
      empty: 'assets.empty', emptyAction: { label: 'empty.deposit', to: '/pages/fund/select?type=receive' },
    }]);
    const link = await screen.findByRole('link', { name: 'Deposit now' });
    expect(link).toHaveAttribute('href', '#/pages/fund/select?type=receive');
    fireEvent.click(link);
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/fund/select?type=receive');
  });

  it('the empty section takes an action too; without one it is text only', () => {
    renderScreen([
      { type: 'empty', text: 'transfer.history.empty', action: { label: 'empty.transfer', to: '/pages/fund/transfer' } },
      { type: 'empty', text: 'wallet.empty' },
    ]);
    expect(screen.getByRole('link', { name: 'Make a transfer' })).toHaveAttribute('href', '#/pages/fund/transfer');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});

describe('skeletons', () => {
  it('a list section shows skeleton rows while its source loads, announced as loading', async () => {
    const d = deferred<unknown>();
    api.on('GET /wallet/coins', () => d.promise);
    const { container } = renderScreen([{ type: 'list', source: { endpoint: 'GET /wallet/coins' }, paging: 'none', item: { title: '{{item.name}}' } }]);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Loading…');
    expect(container.querySelectorAll('.skeleton__row')).toHaveLength(3);
    await act(async () => d.resolve([{ id: 1, name: 'BTC' }]));
    expect(await screen.findByText('BTC')).toBeInTheDocument();
    expect(container.querySelector('.skeleton')).toBeNull();
  });

  it('a slow page shows its skeleton inside the frame; a failed one offers retry and back', async () => {
    jest.useFakeTimers();
    try {
      const load = jest.fn().mockImplementationOnce(() => Promise.reject(new Error('offline'))).mockImplementationOnce(() => new Promise(() => {}));
      renderWithProviders(
        <AsyncPage load={load} frame={(content) => <div data-testid="frame">{content}<nav aria-label="Tabs" /></div>}>{() => <p>page</p>}</AsyncPage>,
      );
      await act(async () => {});
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('This page failed to load');
      expect(screen.getByTestId('frame')).toContainElement(alert);
      expect(screen.getByRole('navigation', { name: 'Tabs' })).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(navigation.goBack).toHaveBeenCalled();
      await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Retry' })); });
      act(() => { jest.advanceTimersByTime(200); });
      expect(screen.getByTestId('frame').querySelector('.page-skeleton')).not.toBeNull();
      expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('form controls in the theme', () => {
  const moduleWith = (properties: Record<string, unknown>, ui: Record<string, unknown>): FormModule => {
    const mod = { name: 'demo', form: { schema: { type: 'object', properties }, ui, submit: { endpoint: 'POST /user/editNickname' } } } as unknown as FormModule;
    mod.validateFns = new Proxy({}, { get: () => Object.assign(() => true, { errors: null }) }) as never;
    return mod;
  };

  it('a coin picker is a themed native select, with the chosen coin icon before it', async () => {
    api.on('GET /currency/user_currency_list', () => [{ id: 1, name: 'BTC' }, { id: 26, name: 'AAPL' }]);
    const mod = moduleWith({ coin: { type: 'string' } }, {
      coin: { 'ui:title': 'transfer.currency.label', 'ui:widget': 'remoteSelect', 'ui:options': { endpoint: 'GET /currency/user_currency_list', valueKey: 'id', labelKey: 'name', coinKey: 'name' } },
    });
    const { container } = renderWithProviders(<SchemaForm name="demo" module={mod} />);
    await screen.findByRole('option', { name: 'BTC' });
    const select = screen.getByRole('combobox');
    expect(select.closest('.f-select')).toHaveClass('f-select--coin');
    expect(container.querySelector('.f-select__icon')).toBeEmptyDOMElement();
    fireEvent.change(select, { target: { value: '1' } });
    expect(container.querySelector('.f-select__icon img')).toHaveAttribute('src', '/coins/btc.svg');
    fireEvent.change(select, { target: { value: '26' } });
    expect(container.querySelector('.f-select__icon .coin-icon--letter')).toHaveTextContent('A');
  });

  it('an enum select and a check box are ours, labelled and operable', () => {
    const mod = moduleWith({ kind: { type: 'string', enum: ['a', 'b'] }, agree: { type: 'boolean', title: 'Agree' } }, {
      kind: { 'ui:title': 'kyc.id_type.label', 'ui:enumNames': ['kyc.id_type.id_card', 'kyc.id_type.passport'] },
    });
    const { container } = renderWithProviders(<SchemaForm name="demo" module={mod} />);
    const select = screen.getByLabelText(/^Document type/);
    expect(select.tagName).toBe('SELECT');
    expect(select.closest('.f-select')).not.toBeNull();
    const box = screen.getByRole('checkbox', { name: 'Agree' });
    expect(box).toHaveClass('check__box');
    fireEvent.click(box);
    expect(box).toBeChecked();
    expect(container.querySelector('label.check')).toContainElement(box);
  });

  it('the file picker is our button over the real input, named by the field', () => {
    const mod = moduleWith({ pic: { type: 'string' } }, { pic: { 'ui:title': 'register.code.label', 'ui:widget': 'image' } });
    renderWithProviders(<SchemaForm name="demo" module={mod} />);
    const input = screen.getByLabelText(/^Verification code/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveClass('f-file__input');
    expect(input.parentElement).toHaveTextContent('Choose image');
  });
});

describe('chart colours', () => {
  it('are read again when the theme changes (a dark trading page turned dark after the chart was drawn)', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { useChartColors } = await import('../../../src/client/widgets/components/chart/theme');
    const root = document.documentElement;
    root.style.setProperty('--color-border', '#d9e0e4');
    const { result } = renderHook(() => useChartColors());
    expect(result.current.grid).toBe('#d9e0e4');
    await act(async () => {
      root.style.setProperty('--color-border', '#2f3339');
      root.setAttribute('data-theme', 'dark');
    });
    expect(result.current.grid).toBe('#2f3339');
    root.removeAttribute('data-theme');
    root.style.removeProperty('--color-border');
  });
});
