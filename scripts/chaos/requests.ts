/**
 * The money requests the clients send (each posts to the ledger): transfers between the user's own accounts,
 * exchanges in the spot account and withdrawals to the saved bank card; what to send next given what the
 * client's balances are, and what an acknowledged answer did to those balances.
 */
import type { Envelope, ResponseOf } from '../../src/shared/contract';
import { TRANSFER_ACCOUNTS } from '../../src/shared/contract/wallet';
import { WITHDRAW_TYPES } from '../../src/shared/contract/withdraw';
import { D, ROUND, type Decimal } from '../../src/shared/format/decimal';
import { CURRENCIES, USDT_ID } from '../../src/server/market/currencies';
import type { Fields } from './api';
import type { Balances, Change } from './balances';
import type { Random } from './random';

/** The platform's paths: POST /wallet/change moves money between accounts, POST /user/Transfer exchanges currencies. */
export const MONEY_ENDPOINTS = ['POST /wallet/change', 'POST /user/Transfer', 'POST /wallet/out'] as const;
export type MoneyEndpoint = (typeof MONEY_ENDPOINTS)[number];
export const KIND: Record<MoneyEndpoint, string> = { 'POST /wallet/change': 'transfer', 'POST /user/Transfer': 'exchange', 'POST /wallet/out': 'withdrawal' };

const USDT = USDT_ID;
const BTC = CURRENCIES.find((c) => c.name === 'BTC')!.id;
/** Decimals the clients use per currency, and the least they move (well inside the currencies' 8 decimals). */
const STEP: Record<number, { decimals: number; min: number }> = { [USDT]: { decimals: 2, min: 1 }, [BTC]: { decimals: 6, min: 0.0001 } };
/** The first chain of USDT (TRC20) asks at least 20 and a fee of 1 (settings/chains.json). */
const WITHDRAWAL_USDT = { min: 20, max: 30 };

export interface Sender {
  expected: Balances;
  /** Set when the account can withdraw (identity verified, payment password and bank card saved). */
  payPassword?: string;
}

export interface Planned { endpoint: MoneyEndpoint; fields: Fields }

/** The most a client moves at once: a share of what is available, or undefined when that is below the least. */
function largest(available: Decimal, currency: number, share: number): number | undefined {
  const { decimals, min } = STEP[currency];
  const max = Number(available.times(share).round(decimals, ROUND.down).toFixed());
  return max >= min ? max : undefined;
}

function amountUpTo(random: Random, max: number, currency: number): string {
  const { decimals, min } = STEP[currency];
  return random.amount(min, max, decimals);
}

function transfer(sender: Sender, random: Random): Planned | undefined {
  const sources = TRANSFER_ACCOUNTS.flatMap((account) => [USDT, BTC].map((currency) => ({ account, currency })))
    .map((source) => ({ ...source, max: largest(sender.expected.get(source.account, source.currency), source.currency, 0.2) }))
    .filter((source) => source.max !== undefined);
  if (!sources.length) return undefined;
  const { account, currency, max } = random.pick(sources);
  const to = random.pick(TRANSFER_ACCOUNTS.filter((a) => a !== account));
  return { endpoint: 'POST /wallet/change', fields: { currency_id: String(currency), number: amountUpTo(random, max!, currency), from_field: account, to_field: to } };
}

function exchange(sender: Sender, random: Random): Planned | undefined {
  const [from, to] = random.next() < 0.5 ? [USDT, BTC] : [BTC, USDT];
  const max = largest(sender.expected.get('change', from), from, 0.1);
  if (max === undefined) return undefined;
  return { endpoint: 'POST /user/Transfer', fields: { from_currency_id: String(from), to_currency_id: String(to), number: amountUpTo(random, max, from) } };
}

function withdrawal(sender: Sender, random: Random): Planned | undefined {
  if (!sender.payPassword || sender.expected.get('change', USDT).lt(WITHDRAWAL_USDT.max * 2)) return undefined;
  const number = random.amount(WITHDRAWAL_USDT.min, WITHDRAWAL_USDT.max, 2);
  return { endpoint: 'POST /wallet/out', fields: { type: String(WITHDRAW_TYPES.code('bank')), currency: String(USDT), number, pay_password: sender.payPassword } };
}

/** The next request of a client: a transfer or an exchange, or a withdrawal for an account that can. */
export function nextRequest(sender: Sender, random: Random): Planned | undefined {
  const roll = random.next();
  const order = roll < 0.2 ? [withdrawal, transfer, exchange] : roll < 0.6 ? [transfer, exchange] : [exchange, transfer];
  for (const plan of order) {
    const planned = plan(sender, random);
    if (planned) return planned;
  }
  return undefined;
}

/** What an acknowledged request did to the user's balances, as its answer states it. */
export function changesOf(endpoint: MoneyEndpoint, message: unknown): Change[] {
  switch (endpoint) {
    case 'POST /wallet/change': {
      const m = message as ResponseOf<'POST /wallet/change'>;
      return [
        { account: m.from, currency: m.currency_id, bucket: 'available', amount: new D(m.amount).neg() },
        { account: m.to, currency: m.currency_id, bucket: 'available', amount: new D(m.amount).minus(m.fee) },
      ];
    }
    case 'POST /user/Transfer': {
      const m = message as ResponseOf<'POST /user/Transfer'>;
      return [
        { account: 'change', currency: m.from_currency_id, bucket: 'available', amount: new D(m.amount).neg() },
        { account: 'change', currency: m.to_currency_id, bucket: 'available', amount: new D(m.receive) },
      ];
    }
    case 'POST /wallet/out': {
      const m = message as ResponseOf<'POST /wallet/out'>;
      return [
        { account: 'change', currency: m.currency, bucket: 'available', amount: new D(m.number).neg() },
        { account: 'change', currency: m.currency, bucket: 'frozen', amount: new D(m.number) },
      ];
    }
  }
}

/** One money request as sent, with its key and what came back. */
export interface SentRequest {
  seq: number;
  client: string;
  /** The kill cycle it was sent in (1 for the load before the first kill). */
  cycle: number;
  endpoint: MoneyEndpoint;
  fields: Fields;
  key: string;
  /** The answer, once one arrived (a "try again shortly" is not one: the request is sent again with its key). */
  answer?: Envelope;
  /** How many times it was answered "try again shortly" before that. */
  unavailable?: number;
  /** Why no answer came (the server was killed while it was in flight). */
  noAnswer?: string;
  /** For a request left without an answer: the answer to sending it again, with the same key, after the restart. */
  resolvedBy?: Envelope;
}

export const acknowledged = (r: SentRequest) => r.answer?.type === 'ok';
