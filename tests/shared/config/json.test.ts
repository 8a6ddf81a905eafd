import { errorOffset, jsonPath, lineColumn, parseJson } from '../../../src/shared/config/json';
import { screenRoute } from '../../../src/shared/config/lint';

describe('parseJson', () => {
  it('names the line and column of a missing comma', () => {
    const r = parseJson('screens/common/faq.json', '{\n  "a": 1\n  "b": 2\n}');
    expect(r).toEqual({ problem: { file: 'screens/common/faq.json', path: '3:3', reason: expect.stringMatching(/^invalid JSON: /) } });
  });

  it('finds the place of errors V8 gives no position for', () => {
    expect(parseJson('x.json', '{"a":}')).toEqual({ problem: { file: 'x.json', path: '1:6', reason: expect.stringContaining("Unexpected token '}'") } });
    expect(errorOffset('{"a": [1, 2,]}')).toBe(12);
    expect(errorOffset('')).toBe(0);
  });

  it('parses valid JSON', () => {
    expect(parseJson('x.json', '{"a": [1]}')).toEqual({ value: { a: [1] } });
  });

  it('locates offsets and writes JSON paths', () => {
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(jsonPath('/sections/0/source')).toBe('$.sections[0].source');
    expect(jsonPath(['messages', 'error.minLength'])).toBe('$.messages["error.minLength"]');
  });
});

test('screen files map to /pages routes; app.json and meta-schemas are not routes', () => {
  expect(screenRoute('screens/fund/assets.json')).toBe('/pages/fund/assets');
  expect(screenRoute('screens/nft/components/artist.json')).toBe('/pages/nft/components/artist');
  expect(screenRoute('screens/app.json')).toBeUndefined();
  expect(screenRoute('screens/nft/app.json')).toBe('/pages/nft/app');
  expect(screenRoute('schemas/login.json')).toBeUndefined();
});
