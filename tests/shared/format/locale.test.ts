import { groupedAmount, localize, numberMarks, signed } from '../../../src/shared/format';

describe('localize: a formatted number in the reader\'s language', () => {
  it('en keeps commas and points', () => {
    expect(localize('-1,234,567.891', 'en')).toBe('-1,234,567.891');
  });
  it('ru and fr group with a space that never breaks, decimals after a comma', () => {
    expect(localize('1,234,567.891', 'ru')).toBe('1\u00a0234\u00a0567,891');
    expect(localize('1,234.5', 'fr')).toBe('1\u202f234,5');
    expect(numberMarks('ru').group).not.toBe(' ');
  });
  it('fa writes Persian digits with the Persian group and decimal marks', () => {
    expect(localize('1,234,567.891', 'fa')).toBe('۱٬۲۳۴٬۵۶۷٫۸۹۱');
    expect(localize('+0.5%', 'fa')).toBe('+۰٫۵%');
  });
  it('keeps symbols and the no-value mark, and an unknown locale as English', () => {
    expect(localize('HK$1,234.50', 'ru')).toBe('HK$1\u00a0234,50');
    expect(localize('--', 'fa')).toBe('--');
    expect(localize('1,234.5', 'not a locale!')).toBe('1,234.5');
  });
  it('is exact for any length (no float on the way)', () => {
    expect(localize(groupedAmount('123456789012345678.123456789'), 'ru')).toBe('123\u00a0456\u00a0789\u00a0012\u00a0345\u00a0678,123456789');
  });
});

describe('signed and groupedAmount', () => {
  it('signs a gain and a loss, never zero', () => {
    expect(signed('1234.5')).toBe('+1,234.5');
    expect(signed('-520')).toBe('-520');
    expect(signed('0')).toBe('0');
    expect(signed('-0.0001', 2)).toBe('0');
    expect(signed('0.00000001')).toBe('+0.00000001');
    expect(signed('abc')).toBe('--');
  });
  it('groups an amount cut to the currency\'s decimals (truncated, never rounded up)', () => {
    expect(groupedAmount('3242.114575', 2)).toBe('3,242.11');
    expect(groupedAmount('10000', 2)).toBe('10,000');
    expect(groupedAmount('-1457.385424')).toBe('-1,457.385424');
  });
});
