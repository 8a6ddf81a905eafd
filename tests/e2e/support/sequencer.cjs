/**
 * The browser suites share one server and its test clock. The earn and referral suites move that clock by days,
 * after which the market no longer fills limits or feeds positions within the minutes the trading suite moves it
 * (noted for the market's catch-up work): so they run last, the others in their file order. Plain CommonJS:
 * Jest loads a sequencer without transforming it.
 */
const Sequencer = require('@jest/test-sequencer').default;

const LAST = ['earn.e2e.ts', 'referral.e2e.ts'];
const rank = (test) => LAST.findIndex((name) => test.path.endsWith(name));

class E2eSequencer extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
  }
}

module.exports = E2eSequencer;
