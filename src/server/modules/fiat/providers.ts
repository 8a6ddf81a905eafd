/**
 * On-ramp providers taking card and wallet payments for buy-crypto orders. An adapter creates a payment (the
 * provider's id and the page where the buyer pays) and reads the provider's webhooks, refusing any whose
 * signature does not hold. `settings/buy.json` names each method's provider; a real one is an adapter here and
 * its keys in the environment, nothing elsewhere.
 *
 * `simulated` is the local simulated provider of the demo and the tests: its payment page is an app screen
 * (`/pages/buy/simulated`) that says so, and no money moves. Its webhooks are signed as a real provider's are
 * (Stripe's scheme: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`) and delivered through the same route.
 */
import crypto from 'node:crypto';

export interface ProviderPayment {
  /** The provider's payment id (unique: a replayed webhook finds the order it settled). */
  id: string;
  /** Where the buyer pays: the provider's page, or an app route for the simulated one. */
  payUrl: string;
}

export interface ProviderEvent {
  paymentId: string;
  outcome: 'paid' | 'failed';
  /** What was paid, as the provider tells it: checked against the order before crediting. */
  amount: string;
  currency: string;
}

export interface PaymentProvider {
  name: string;
  /** How long the buyer has on the provider's page; the order is cancelled after that. */
  payWithinMinutes: number;
  createPayment(p: { orderId: number; amount: string; currency: string; method: 'card' | 'wallet' }): Promise<ProviderPayment>;
  /** The event of a webhook, or undefined when its signature is missing, forged or too old. */
  readWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): ProviderEvent | undefined;
}

export class WebhookRefused extends Error {}

/** A signed webhook older than this is refused even with a good signature (a captured one replayed later). */
const SIGNATURE_TOLERANCE_S = 300;
export const SIGNATURE_HEADER = 'x-provider-signature';

function hmac(secret: string, text: string): string {
  return crypto.createHmac('sha256', secret).update(text).digest('hex');
}

export function simulatedProvider(secret = crypto.randomBytes(32).toString('hex')) {
  const sign = (body: string, at: Date) => {
    const t = Math.floor(at.getTime() / 1000);
    return `t=${t},v1=${hmac(secret, `${t}.${body}`)}`;
  };
  const provider: PaymentProvider & { sign: typeof sign } = {
    name: 'simulated',
    payWithinMinutes: 30,
    sign,
    async createPayment(p) {
      const id = `sim_${crypto.randomBytes(12).toString('hex')}`;
      return { id, payUrl: `/#/pages/buy/simulated?id=${p.orderId}&payment=${id}` };
    },
    readWebhook(rawBody, headers, now) {
      const header = headers[SIGNATURE_HEADER];
      const parts = Object.fromEntries(String(Array.isArray(header) ? header[0] : header ?? '').split(',').map((p) => p.split('=', 2)));
      const t = Number(parts.t);
      if (!Number.isInteger(t) || typeof parts.v1 !== 'string' || !/^[0-9a-f]{64}$/.test(parts.v1)) return undefined;
      if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_S) return undefined;
      const expected = Buffer.from(hmac(secret, `${t}.${rawBody}`), 'hex');
      if (!crypto.timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'))) return undefined;
      return parseEvent(rawBody);
    },
  };
  return provider;
}

/** The simulated provider's event body: `{ "type": "payment.succeeded" | "payment.failed", "payment": { id, amount, currency } }`. */
function parseEvent(rawBody: string): ProviderEvent {
  let body: unknown;
  try { body = JSON.parse(rawBody); } catch { throw new WebhookRefused('the body is not JSON'); }
  const { type, payment } = (body ?? {}) as { type?: unknown; payment?: { id?: unknown; amount?: unknown; currency?: unknown } };
  if (type !== 'payment.succeeded' && type !== 'payment.failed') throw new WebhookRefused(`unknown event type ${String(type)}`);
  if (typeof payment?.id !== 'string' || typeof payment.amount !== 'string' || typeof payment.currency !== 'string') throw new WebhookRefused('the payment is incomplete');
  return { paymentId: payment.id, outcome: type === 'payment.succeeded' ? 'paid' : 'failed', amount: payment.amount, currency: payment.currency };
}

export type SimulatedProvider = ReturnType<typeof simulatedProvider>;

/** The providers this server can use, by the name settings/buy.json gives (its `provider` enum lists the same). */
export const SIMULATED = simulatedProvider();
export const PROVIDERS: Readonly<Record<string, PaymentProvider>> = { simulated: SIMULATED };
