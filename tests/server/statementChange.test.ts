import { statementChange } from '../../src/server/modules/wallet/handlers';

describe('a statement line: one per operation on an account\'s currency', () => {
  it('money set aside is one line: what left the available balance, and where it went', () => {
    expect(statementChange({ available: '-520', frozen: '520', locked: '0' })).toEqual({ value: '-520', bucket: 'available', move: 'to_frozen' });
    expect(statementChange({ available: '520', frozen: '-520', locked: '0' })).toEqual({ value: '520', bucket: 'available', move: 'from_frozen' });
    expect(statementChange({ available: '-100', frozen: '0', locked: '100' })).toEqual({ value: '-100', bucket: 'available', move: 'to_locked' });
    expect(statementChange({ available: '0', frozen: '-5', locked: '5' })).toEqual({ value: '-5', bucket: 'frozen', move: 'to_locked' });
  });
  it('a change of the balance is its total, in the bucket that changed', () => {
    expect(statementChange({ available: '100', frozen: '0', locked: '0' })).toEqual({ value: '100', bucket: 'available', move: 'available' });
    expect(statementChange({ available: '0', frozen: '-520', locked: '0' })).toEqual({ value: '-520', bucket: 'frozen', move: 'frozen' });
    expect(statementChange({ available: '30', frozen: '-520', locked: '0' })).toEqual({ value: '-490', bucket: 'available', move: 'available' });
  });
});
