/**
 * Answers computed once and sent to many requests as ready bytes: what the market answers within one
 * second is the same for everyone, so it is serialised and compressed once per second, not per request.
 */
import { EncodedBody } from './compression';

/** A brotli quality cheap enough to pay every second (a tenth of a millisecond per kilobyte). */
const EVERY_SECOND_QUALITY = 5;

/** An `ok` envelope with `message`, serialised (and compressed for each encoding at its first use). */
export class PreparedAnswer<T = unknown> {
  readonly body: EncodedBody;
  /** Whether the answer was checked against its endpoint's response schema (outside production). */
  checked = false;

  constructor(readonly message: T) {
    this.body = new EncodedBody(JSON.stringify({ type: 'ok', message }), EVERY_SECOND_QUALITY);
  }
}

/**
 * One prepared answer per key (e.g. the market's second), made by the first request that asks for it; the
 * requests that ask while it is being made wait for the same one. A failure is not kept.
 */
export function preparedPer<K, T>(make: (key: K) => Promise<T>): (key: K) => Promise<PreparedAnswer<T>> {
  let last: { key: K; answer: Promise<PreparedAnswer<T>> } | undefined;
  return (key) => {
    if (last?.key !== key) {
      const made = { key, answer: make(key).then((message) => new PreparedAnswer(message)) };
      made.answer.catch(() => { if (last === made) last = undefined; });
      last = made;
    }
    return last.answer;
  };
}
