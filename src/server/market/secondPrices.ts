/**
 * The price of every second of the last two hours, per instrument: what settlement reads when it needs the
 * price of a given second (a seconds contract's expiry) or every price since a time (a limit order or a
 * stop crossed). A ring of (second, price) pairs; a second that was not struck (a long downtime is filled
 * a minute at a time) is simply absent.
 */
export const SECOND_PRICES_KEPT = 2 * 3600;

export class SecondPrices {
  private readonly seconds = new Float64Array(SECOND_PRICES_KEPT).fill(-1);
  private readonly prices = new Float64Array(SECOND_PRICES_KEPT);

  record(second: number, price: number): void {
    const i = second % SECOND_PRICES_KEPT;
    this.seconds[i] = second;
    this.prices[i] = price;
  }

  /** The price struck at `second`, or undefined when it was not struck or is too old. */
  at(second: number): number | undefined {
    const i = second % SECOND_PRICES_KEPT;
    return this.seconds[i] === second ? this.prices[i] : undefined;
  }

  /** The prices struck in `from..to` (inclusive), oldest first. */
  between(from: number, to: number): Array<{ second: number; price: number }> {
    const out: Array<{ second: number; price: number }> = [];
    for (let s = Math.max(from, to - SECOND_PRICES_KEPT + 1); s <= to; s++) {
      const price = this.at(s);
      if (price !== undefined) out.push({ second: s, price });
    }
    return out;
  }
}
