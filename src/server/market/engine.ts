/**
 * The running market: one tick per second per instrument, candles of every period, 24-hour statistics and
 * the order book. History before the first start is generated from the seed; candles closed while running
 * are kept by a store (store.ts), so a restart continues the same charts. Downtime is filled by the same
 * deterministic walk: second by second for the last hour of a gap, a step a minute before that.
 */
import { DAY_MS } from '../../shared/domain/time';
import { D } from '../../shared/format/decimal';
import { type Candle, CandleSeries, type Tick } from './candles';
import { findInstrument, INSTRUMENTS, toDecimal, type Instrument } from './instruments';
import { candleStart, PERIODS, type Period } from './periods';
import { SECOND_PRICES_KEPT, SecondPrices } from './secondPrices';
import { historyCandles, nextTick, startTicks, syntheticBook, tickQty } from './simulation';

/** History generated before the first start: a day of minutes (for 24-hour statistics), 300 of the rest. */
const HISTORY: Record<Period, number> = { '1min': 1440, '5min': 300, '30min': 300, '60min': 300, '1D': 300, '1W': 300, '1M': 300 };
const CAPACITY: Record<Period, number> = { '1min': 2000, '5min': 1000, '30min': 1000, '60min': 1000, '1D': 1000, '1W': 1000, '1M': 1000 };
/** Gaps longer than this are filled a minute at a time. */
const SECOND_BY_SECOND_MAX = 3600;

export interface MarketSnapshot { second: number; price: number }

/** What the store gives back on start and receives while running. */
export interface MarketStore {
  /** Candles closed after the first start, oldest first. */
  closedCandles(symbol: string, period: Period, limit: number): Promise<Candle[]>;
  snapshot(symbol: string): Promise<MarketSnapshot | undefined>;
  saveClosed(symbol: string, period: Period, candle: Candle): void;
  saveSnapshots(rows: Array<{ symbol: string } & MarketSnapshot>): Promise<void>;
}

interface State {
  inst: Instrument;
  price: number;
  second: number;
  series: Record<Period, CandleSeries>;
  /** The price of each second of the last two hours (settlement reads them). */
  seconds: SecondPrices;
  /** The quote of the last second asked for: computed once a second, however many ask. */
  quoted?: { second: number; quote: Quote };
}

export interface Quote {
  symbol: string;
  last: string;
  open: string;
  high: string;
  low: string;
  /** Base quantity traded in the last 24 hours. */
  volume: string;
  /** Percent change over 24 hours, 2 decimals, e.g. "-1.25". */
  change: string;
}

/** A print of the market: one second's tick; a buy when the price rose or stayed against the second before, a sell when it fell. */
export type Print = { time: number; price: string; amount: string; side: 'buy' | 'sell' };

export type TickListener = (second: number, ticked: Array<{ inst: Instrument; tick: Tick }>) => void;

export class MarketEngine {
  private readonly states = new Map<string, State>();
  private readonly listeners = new Set<TickListener>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private saving: Promise<void> | undefined;

  private constructor(readonly seed: string, readonly startMs: number, private readonly store: MarketStore, private readonly now: () => number) {}

  /** Builds the market as of `now()`: history, stored candles, then the ticks missed while stopped. */
  static async open(opts: { seed: string; startMs: number; store: MarketStore; now: () => number }): Promise<MarketEngine> {
    const engine = new MarketEngine(opts.seed, opts.startMs, opts.store, opts.now);
    for (const inst of INSTRUMENTS) engine.states.set(inst.symbol, await engine.restore(inst));
    engine.advanceTo(opts.now());
    return engine;
  }

  private async restore(inst: Instrument): Promise<State> {
    const series = {} as Record<Period, CandleSeries>;
    for (const p of PERIODS) {
      const generated = historyCandles(inst, this.seed, p, candleStart(p, this.startMs), HISTORY[p]);
      const stored = await this.store.closedCandles(inst.symbol, p, CAPACITY[p]);
      series[p] = new CandleSeries(p, [...generated, ...stored], CAPACITY[p]);
    }
    const firstLive = candleStart('1min', this.startMs);
    const saved = await this.store.snapshot(inst.symbol);
    // The walk from a point depends only on the seed and the seconds, so every point of it leads on to the same
    // market. From the end of the last stored minute (or the market's very start) the open minute is struck
    // again second by second, whole, as on a node that has been running all along: a node started later
    // shows the same candles and 24-hour volume. A snapshot (saved every few seconds) in a later minute means
    // that minute was not stored: the walk goes on from the snapshot. One older than the last stored minute
    // (a stop between a store and a save) is passed by it.
    const origin = { second: Math.floor(this.startMs / 1000) - 1, price: startTicks(inst) };
    const minuteEnds = series['1min'].closed.filter((m) => m.time >= firstLive).map((m) => ({ second: m.time / 1000 + 59, price: m.close }));
    const from = minuteEnds.at(-1) ?? origin;
    const snap = !saved || candleStart('1min', saved.second * 1000) <= candleStart('1min', (from.second + 1) * 1000) ? from : saved;
    const state: State = { inst, series, seconds: new SecondPrices(), price: snap.price, second: snap.second };
    this.strikeAgain(state, origin, minuteEnds, snap);
    // The open candle of each longer period is rebuilt from what closed since it opened: the days before
    // today (weeks and months), then today's minutes. Candles generated before the first start are not part
    // of it.
    const today = candleStart('1D', state.second * 1000);
    const firstLiveDay = candleStart('1D', this.startMs);
    for (const p of PERIODS) {
      if (p === '1min') continue;
      const opened = candleStart(p, state.second * 1000);
      for (const d of series['1D'].closed) if (d.time >= opened && d.time >= firstLiveDay && d.time < today) series[p].merge(d);
      const minutesFrom = Math.max(opened, today, firstLive);
      for (const m of series['1min'].closed) if (m.time >= minutesFrom) series[p].merge(m);
    }
    // The seconds of the open minute struck before the stop come again up to the snapshot, so its candle is
    // whole and the market goes on after the last second it struck, never before it (the clock may be behind).
    if (saved && saved.second > state.second && candleStart('1min', saved.second * 1000) === candleStart('1min', (state.second + 1) * 1000)) {
      this.replay(state, saved);
    }
    return state;
  }

  /**
   * Applies the walk from the state's second to `to`'s (nothing is told to listeners: these seconds were
   * struck before). The walk leads to `to` unless its minute was filled a minute at a time (a long
   * downtime): then the market goes on from `to` without them.
   */
  private replay(state: State, to: MarketSnapshot): void {
    const ticks: Tick[] = [];
    let price = state.price;
    for (let s = state.second + 1; s <= to.second; s++) {
      const tick = nextTick(state.inst, this.seed, s, price);
      ticks.push({ time: s * 1000, price: tick.price, qty: tick.qty });
      price = tick.price;
    }
    if (price === to.price) {
      for (const tick of ticks) this.apply(state, tick);
    } else {
      state.second = to.second;
      state.price = to.price;
    }
  }

  /**
   * The price of each second of the two hours before `to` (settlements read them: priceAt, pricesBetween),
   * struck again from the market's origin and the ends of the stored minutes: the walk from one gives every
   * second up to the next, so a node that opened later answers for a past second what the nodes running all
   * along answer. A stretch the walk does not give again (a long downtime, filled a minute at a time) is left
   * out, as it is where it was filled.
   */
  private strikeAgain(state: State, origin: MarketSnapshot, minuteEnds: MarketSnapshot[], to: MarketSnapshot): void {
    const since = to.second - SECOND_PRICES_KEPT;
    let walk: MarketSnapshot | undefined;
    let struck: MarketSnapshot[] = [];
    const walkTo = (from: MarketSnapshot, second: number) => {
      let at = from;
      for (let s = at.second + 1; s <= second; s++) struck.push(at = { second: s, price: nextTick(state.inst, this.seed, s, at.price).price });
      return at;
    };
    for (const point of [origin, ...minuteEnds]) {
      if (point.second < since || point.second >= to.second) continue;
      if (walk) walk = walkTo(walk, point.second);
      if (walk?.price === point.price) continue;
      walk = point; // the walk starts (again) here
      struck = point === origin ? [] : [point]; // the origin is the second before the first one struck
    }
    if (!walk || walkTo(walk, to.second).price !== to.price) return;
    for (const { second, price } of struck) state.seconds.record(second, price);
  }

  /**
   * Runs every missed second up to `ms`; returns the ticks of the last second (for listeners). A time at or
   * before the last second struck strikes nothing: a second is struck once, whatever the clock does.
   */
  advanceTo(ms: number): Array<{ inst: Instrument; tick: Tick }> {
    const target = Math.floor(ms / 1000);
    const last: Array<{ inst: Instrument; tick: Tick }> = [];
    for (const state of this.states.values()) {
      if (target - state.second > SECOND_BY_SECOND_MAX) this.fastForward(state, target - SECOND_BY_SECOND_MAX);
      for (let s = state.second + 1; s <= target; s++) {
        const { price, qty } = nextTick(state.inst, this.seed, s, state.price);
        const tick = { time: s * 1000, price, qty };
        this.apply(state, tick);
        if (s === target) last.push({ inst: state.inst, tick });
      }
    }
    return last;
  }

  /** A step a minute from the state's second to `untilSecond` (a long downtime). */
  private fastForward(state: State, untilSecond: number): void {
    const perMinute = Math.sqrt(60);
    for (let s = state.second + 60; s <= untilSecond; s += 60) {
      const step = nextTick(state.inst, this.seed, s, state.price);
      const price = Math.max(1, Math.round(state.price * (step.price / state.price) ** perMinute));
      this.apply(state, { time: s * 1000, price, qty: step.qty * 60 });
    }
    state.second = Math.max(state.second, untilSecond);
  }

  private apply(state: State, tick: Tick): void {
    for (const p of PERIODS) {
      const s = state.series[p];
      const before = s.current;
      s.apply(tick);
      if (before && s.current !== before) this.store.saveClosed(state.inst.symbol, p, before);
    }
    state.price = tick.price;
    state.second = Math.floor(tick.time / 1000);
    state.seconds.record(state.second, tick.price);
  }

  /**
   * Ticks every second (and tells listeners) until stop(); snapshots are saved every `saveEveryS` seconds,
   * one save at a time, a failed save reported to `onSaveError` (the next one retries what it left).
   */
  start(saveEveryS = 10, onSaveError: (err: unknown) => void = () => undefined): void {
    if (this.timer) return;
    let n = 0;
    this.timer = setInterval(() => {
      const second = Math.floor(this.now() / 1000);
      const ticked = this.advanceTo(this.now());
      if (ticked.length) for (const l of this.listeners) l(second, ticked);
      if (++n % saveEveryS === 0 && !this.saving) {
        this.saving = this.save().catch(onSaveError).finally(() => { this.saving = undefined; });
      }
    }, 1000);
    this.timer.unref?.();
  }

  /** Stops ticking and saves, after any save in flight (the database may close right after). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.saving;
    await this.save();
  }

  save(): Promise<void> {
    return this.store.saveSnapshots([...this.states.values()].map((s) => ({ symbol: s.inst.symbol, second: s.second, price: s.price })));
  }

  private lastSecond(): number {
    return this.states.values().next().value?.second ?? 0;
  }

  /** The last second struck, as of now (unix seconds): what is computed per second is keyed by it. */
  second(): number {
    if (Math.floor(this.now() / 1000) > this.lastSecond()) this.advanceTo(this.now());
    return this.lastSecond();
  }

  onTick(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  instrument(symbol: string): Instrument | undefined {
    const inst = findInstrument(symbol);
    return inst && this.states.has(inst.symbol) ? inst : undefined;
  }

  /** The last price in whole ticks. */
  priceTicks(symbol: string): number {
    return this.state(symbol).price;
  }

  /** The last price as a decimal string and the second it was struck at (unix seconds). */
  lastPrice(symbol: string): { price: string; second: number } {
    const { inst, price, second } = this.state(symbol);
    return { price: toDecimal(price, inst.priceDecimals), second };
  }

  /**
   * The price struck at `second` (unix seconds). A second the engine did not strike one by one (more than
   * two hours ago, or inside a long downtime, which is filled a minute at a time) takes the close of the
   * minute it falls in; a second not reached yet takes the last price.
   */
  priceAt(symbol: string, second: number): { price: string; second: number } {
    const { inst, seconds, series, price, second: last } = this.state(symbol);
    const d = inst.priceDecimals;
    if (second >= last) return { price: toDecimal(price, d), second: last };
    const struck = seconds.at(second);
    if (struck !== undefined) return { price: toDecimal(struck, d), second };
    const minute = candleStart('1min', second * 1000);
    const candle = series['1min'].range(minute, minute)[0];
    return { price: toDecimal(candle?.close ?? price, d), second };
  }

  /** Every price struck from `from` to `to` (unix seconds, inclusive, at most the last two hours), oldest first. */
  pricesBetween(symbol: string, from: number, to: number): Array<{ second: number; price: string }> {
    const { inst, seconds } = this.state(symbol);
    return seconds.between(from, to).map((p) => ({ second: p.second, price: toDecimal(p.price, inst.priceDecimals) }));
  }

  /**
   * The prints of the last `limit` seconds struck one by one, newest first (times in ms). A second whose
   * price or whose previous second's price the engine does not hold (not struck, or struck before a long
   * downtime) has no print: its side is not known.
   */
  trades(symbol: string, limit: number): Print[] {
    const { inst, seconds, second } = this.state(symbol);
    const prints: Print[] = [];
    for (let s = second; s > second - limit; s--) {
      const price = seconds.at(s);
      const before = seconds.at(s - 1);
      if (price === undefined || before === undefined) continue;
      prints.push({
        time: s * 1000, price: toDecimal(price, inst.priceDecimals), amount: toDecimal(tickQty(inst, this.seed, s), inst.qtyDecimals),
        side: price >= before ? 'buy' : 'sell',
      });
    }
    return prints;
  }

  /** Last price and statistics of the last 24 hours (from the minute candles). */
  quote(symbol: string): Quote {
    const state = this.state(symbol);
    if (state.quoted?.second !== state.second) state.quoted = { second: state.second, quote: this.computeQuote(state) };
    return state.quoted.quote;
  }

  private computeQuote({ inst, price, series, second }: State): Quote {
    const since = second * 1000 - DAY_MS;
    const minutes = series['1min'].range(since, Number.MAX_SAFE_INTEGER);
    const open = minutes[0]?.open ?? price;
    let high = price;
    let low = price;
    let volume = 0;
    for (const m of minutes) { high = Math.max(high, m.high); low = Math.min(low, m.low); volume += m.volume; }
    const change = new D(price).minus(open).times(100).div(open).toFixed(2);
    const d = inst.priceDecimals;
    return {
      symbol: inst.symbol, last: toDecimal(price, d), open: toDecimal(open, d), high: toDecimal(high, d), low: toDecimal(low, d),
      volume: toDecimal(volume, inst.qtyDecimals), change: change === '-0.00' ? '0.00' : change,
    };
  }

  /** Candles with `from <= time <= to` (ms), oldest first, prices and volumes as decimal strings. */
  candles(symbol: string, period: Period, from: number, to: number, limit = 1000): Array<{ time: number; open: string; high: string; low: string; close: string; volume: string }> {
    const { inst, series } = this.state(symbol);
    const d = inst.priceDecimals;
    return series[period].range(from, to).slice(-limit).map((c) => ({
      time: c.time, open: toDecimal(c.open, d), high: toDecimal(c.high, d), low: toDecimal(c.low, d), close: toDecimal(c.close, d),
      volume: toDecimal(c.volume, inst.qtyDecimals),
    }));
  }

  /** 20 levels a side around the last price, as [price, quantity] decimal strings. */
  book(symbol: string): { bids: Array<[string, string]>; asks: Array<[string, string]> } {
    const { inst, price, second } = this.state(symbol);
    const { bids, asks } = syntheticBook(inst, this.seed, second, price);
    const fmt = ([p, q]: [number, number]): [string, string] => [toDecimal(p, inst.priceDecimals), toDecimal(q, inst.qtyDecimals)];
    return { bids: bids.map(fmt), asks: asks.map(fmt) };
  }

  /** The state of `symbol` as of now (reads catch up with the clock even between two timer ticks). */
  private state(symbol: string): State {
    this.second();
    const inst = findInstrument(symbol);
    const state = inst && this.states.get(inst.symbol);
    if (!state) throw new RangeError(`unknown instrument ${symbol}`);
    return state;
  }
}
