/**
 * `POST /webhooks/fiat/:provider`: a provider tells how a card or wallet payment ended. The body is read raw (the
 * signature covers its exact bytes), outside /api: the provider reads the HTTP status (2xx: received; anything
 * else: it tries again later), not the app's envelope. A forged, altered or stale webhook is refused (401), a
 * replayed one changes nothing (the order is settled once, under its row lock).
 */
import type { FastifyInstance } from 'fastify';
import { BALANCE_EVENT, MESSAGE_EVENT } from '../../../shared/contract/events';
import type { Services } from '../../context';
import { inUserTransaction } from '../../ledger';
import { plain, tellUser } from '../../kernel';
import { settleProviderPayment, type FiatOrderRow } from './orders';
import { PROVIDERS, SIGNATURE_HEADER, SIMULATED, WebhookRefused } from './providers';

export const WEBHOOK_PATH = '/webhooks/fiat';

type Headers = Record<string, string | string[] | undefined>;

export async function receiveWebhook(services: Services, providerName: string, rawBody: string, headers: Headers): Promise<{ status: number; message: string }> {
  const provider = Object.hasOwn(PROVIDERS, providerName) ? PROVIDERS[providerName] : undefined;
  if (!provider) return { status: 404, message: 'unknown provider' };
  try {
    const event = provider.readWebhook(rawBody, headers, services.now());
    if (!event) {
      services.log.warn({ provider: providerName }, 'webhook refused: its signature does not hold');
      return { status: 401, message: 'bad signature' };
    }
    const order = await services.db.selectFrom('fiat_orders').select(['id', 'user_id'])
      .where('provider', '=', provider.name).where('provider_payment_id', '=', event.paymentId).executeTakeFirst();
    if (!order) return { status: 404, message: 'unknown payment' };
    const settled = await inUserTransaction(services.db, order.user_id, (trx) => settleProviderPayment(trx, order.id, event, services.now(), services.configuration.current.coupons.coupons));
    if (settled.changed) tellUser(services, order.user_id, [BALANCE_EVENT, MESSAGE_EVENT]);
    return { status: 200, message: settled.changed ? 'settled' : 'already settled' };
  } catch (err) {
    if (!(err instanceof WebhookRefused)) throw err;
    services.log.warn({ provider: providerName, reason: err.message }, 'webhook refused');
    return { status: 400, message: err.message };
  }
}

export function registerWebhookRoutes(app: FastifyInstance, services: Services): void {
  const { methods } = services.configuration.current.buy;
  const simulated = (['card', 'wallet'] as const).filter((m) => methods[m].provider === SIMULATED.name);
  if (simulated.length) {
    // Said at every start: the simulated provider's page credits USDT without any payment.
    services.log.warn({ methods: simulated }, 'buying crypto by card or wallet uses the SIMULATED provider (settings/buy.json): its page credits USDT without any payment; add a real provider before real customers use it');
  }
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { provider: string }; Body: string }>(`${WEBHOOK_PATH}/:provider`, async (req, reply) => {
      const { status, message } = await receiveWebhook(services, req.params.provider, typeof req.body === 'string' ? req.body : '', req.headers);
      return reply.code(status).send({ message });
    });
  });
}

/** The simulated provider's side: the buyer paid or declined on its page, so it calls the webhook, signed. */
export async function deliverSimulatedWebhook(services: Services, order: FiatOrderRow, type: 'payment.succeeded' | 'payment.failed'): Promise<void> {
  const body = JSON.stringify({ type, payment: { id: order.provider_payment_id, amount: plain(order.amount), currency: order.currency } });
  const { status, message } = await receiveWebhook(services, SIMULATED.name, body, { [SIGNATURE_HEADER]: SIMULATED.sign(body, services.now()) });
  if (status !== 200) throw new Error(`the simulated provider's webhook was refused (${status}): ${message}`);
}
