import { clsOf } from '../../scripts/benchCommon';

describe('clsOf (the bench\'s CLS: largest session window of layout shifts)', () => {
  it('is 0 without shifts', () => {
    expect(clsOf([])).toBe(0);
  });

  it('adds shifts less than 1 s apart into one window', () => {
    expect(clsOf([{ startTime: 100, value: 0.02 }, { startTime: 900, value: 0.03 }])).toBeCloseTo(0.05);
  });

  it('starts a new window after a 1 s gap and keeps the largest', () => {
    expect(clsOf([{ startTime: 0, value: 0.02 }, { startTime: 1500, value: 0.01 }, { startTime: 2000, value: 0.015 }])).toBeCloseTo(0.025);
  });

  it('closes a window after 5 s even without a gap', () => {
    const shifts = Array.from({ length: 12 }, (_, i) => ({ startTime: i * 600, value: 0.01 }));
    // 0..4800 ms: 9 shifts in the first window (5 s from 0), then a new window of 3.
    expect(clsOf(shifts)).toBeCloseTo(0.09);
  });

  it('does not depend on the order the entries came in', () => {
    expect(clsOf([{ startTime: 900, value: 0.03 }, { startTime: 100, value: 0.02 }])).toBeCloseTo(0.05);
  });
});
