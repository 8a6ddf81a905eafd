import { exchangeQuote, exchangeRate, readableRate } from '../../../src/shared/domain/exchange';

test('the rate is the ratio of USDT prices, rounded down to 12 decimals', () => {
  expect(exchangeRate('1', '67255.5').toFixed()).toBe('0.000014868672'); // 1 / 67255.5 = 0.0000148686724...
  expect(exchangeRate('1', '3').toFixed()).toBe('0.333333333333');
  expect(exchangeRate('67255.5', '1').toFixed()).toBe('67255.5');
});

test('bought amount rounded down to the currency decimals, fee rounded up, the rest received', () => {
  const q = exchangeQuote('1000', '0.000014868668', 8, '0.001');
  expect([q.gross.toFixed(), q.fee.toFixed(), q.receive.toFixed()]).toEqual(['0.01486866', '0.00001487', '0.01485379']);
  expect(q.fee.plus(q.receive).eq(q.gross)).toBe(true);
});

test('an amount too small to buy anything receives nothing', () => {
  expect(exchangeQuote('0.000001', '0.000014868668', 8, '0.001').receive.toFixed()).toBe('0');
});

test('the rate as a person reads it: one of the currency worth more, either way', () => {
  const usdt = { name: 'USDT', priceUsdt: '1', decimals: 2 };
  const btc = { name: 'BTC', priceUsdt: '67500.123', decimals: 8 };
  const eth = { name: 'ETH', priceUsdt: '3300', decimals: 8 };
  expect(readableRate(usdt, btc)).toEqual({ base: 'BTC', quote: 'USDT', price: expect.anything() });
  expect(readableRate(usdt, btc).price.toFixed()).toBe('67500.12');
  expect(readableRate(btc, usdt).price.toFixed()).toBe('67500.12');
  expect(readableRate(eth, btc)).toMatchObject({ base: 'BTC', quote: 'ETH' });
  expect(readableRate(eth, btc).price.toFixed()).toBe('20.45458272');
});
