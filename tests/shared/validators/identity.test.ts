import { isIdCard, idCardCheckChar, isPlate } from '../../../src/shared/validators';

describe('isIdCard (18 characters, checksum)', () => {
  test.each(['11010519491231002X', '11010519491231002x', '440308199901101512', '320106200002291230', '510102198001010011'])(
    'accepts %s', (v) => expect(isIdCard(v)).toBe(true),
  );
  test('check character follows GB 11643', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44030819990110151')).toBe('2');
  });
  test('every wrong check character fails', () => {
    for (const c of '0123456789X') {
      if (c !== 'X') expect(isIdCard(`11010519491231002${c}`)).toBe(false);
      if (c !== '2') expect(isIdCard(`44030819990110151${c}`)).toBe(false);
    }
  });
  test('a changed digit breaks the checksum', () => {
    expect(isIdCard('440308199901101522')).toBe(false);
  });
  test.each([
    ['unknown province', '00010519491231002X'],
    ['province 99', (() => { const b = '99010519491231002'; return b + idCardCheckChar(b); })()],
    ['invalid date Feb 30', (() => { const b = '11010519490230002'; return b + idCardCheckChar(b); })()],
    ['month 13', (() => { const b = '11010519491331002'; return b + idCardCheckChar(b); })()],
    ['non leap Feb 29', (() => { const b = '11010519010229002'; return b + idCardCheckChar(b); })()],
    ['year 1700', (() => { const b = '11010517001231002'; return b + idCardCheckChar(b); })()],
    ['17 digits', '11010519491231002'],
    ['19 chars', '11010519491231002X1'],
    ['X in the middle', '1101051949123X0021'],
    ['spaces', '110105 19491231002X'],
    ['empty', ''],
  ])('rejects %s', (_name, v) => expect(isIdCard(v)).toBe(false));
});

describe('isIdCard (15 digits, old form)', () => {
  test.each(['110105491231002', '440308990110151', '320106960229123'])('accepts %s', (v) => expect(isIdCard(v)).toBe(true));
  test.each(['110105490230002', '110105491301002', '000105491231002', '11010549123100X', '11010549123100'])(
    'rejects %s', (v) => expect(isIdCard(v)).toBe(false),
  );
  test('15-digit years are 19YY (1900 is not a leap year)', () => {
    expect(isIdCard('110105000229123')).toBe(false);
    expect(isIdCard('110105960229123')).toBe(true);
  });
});

describe('isPlate', () => {
  test.each(['京A12345', '沪B8888Z', '粤BD1234', '川A1B2C3', '苏E12345', '浙A1234挂', '京A1234学', '粤Z1234港', '粤Z1234澳', '京A1234警'])(
    'accepts ordinary plate %s', (v) => expect(isPlate(v)).toBe(true),
  );
  test.each(['粤BD12345', '沪AF12345', '京ADA1234', '沪AFB1234', '京A12345D', '京A12345F', '粤BA12345', '粤BK12345'])(
    'accepts new-energy plate %s', (v) => expect(isPlate(v)).toBe(true),
  );
  test.each(['使123456', '沪A1234领'])('accepts diplomatic plate %s', (v) => expect(isPlate(v)).toBe(true));
  test.each([
    '', '京A1234', '京a12345', '京A12I45', '京A1234O', 'AA12345', '京112345', '京AD1A234', '京A123456', '京AD123456',
    '京AI12345', '京A1234L5', '京A 12345', '京-A12345', '港A12345', '京AD1A2345',
  ])('rejects %j', (v) => expect(isPlate(v)).toBe(false));
});
