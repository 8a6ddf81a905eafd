import { buyQuote } from '../../src/shared/domain/fiat';

const bank = { usdtRate: '1', feeRate: '0.01', feeMin: '1' };

test.each([
  ['1000', '10', '990'], // 1 %
  ['60', '1', '59'], // the least fee
  ['1234', '12.34', '1221.66'],
  ['1', '1', '0'], // the fee takes it all: nothing arrives
])('%s USD by bank transfer: fee %s, %s USDT', (amount, fee, receive) => {
  const q = buyQuote(amount, bank);
  expect([q.fee.toFixed(), q.receive.toFixed()]).toEqual([fee, receive]);
});

test('the fee is rounded up to the cent and what arrives down, at the currency\'s rate', () => {
  const q = buyQuote('333', { usdtRate: '0.92', feeRate: '0.035', feeMin: '2' }); // 11.655 -> 11.66; 321.34 x 0.92 = 295.6328
  expect([q.fee.toFixed(), q.receive.toFixed()]).toEqual(['11.66', '295.63']);
});
