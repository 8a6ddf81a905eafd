import { maskedCard } from '../../../src/shared/format';

test('a card shows as its bank and the last four digits', () => {
  expect(maskedCard({ bank_name: 'Bank of Example', bank_account: '4000 1234 5678 9010' })).toBe('Bank of Example ****9010');
});
