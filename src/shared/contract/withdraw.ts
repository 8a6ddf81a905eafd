/** The payment password and withdrawals (SPEC 5, 6, 9; issue 4). */
import type { EndpointSpec } from './types';
import { decimal, fields, id, int, pageOf, paging, record, str, timestamp } from './common';

/** SPEC 9: 24-hour withdrawal limit in BTC equivalent by identity level. */
export const WITHDRAW_LIMIT_BTC = { 1: '200', 2: '500' } as const;

export const WITHDRAWAL = record({
  id: int(), currency_id: int(), currency_name: str(), chain: str(), address: str(),
  amount: decimal, fee: decimal, receive: decimal,
  /** 0 under review, 1 paid out, 2 rejected (the amount is back in the account; see `reason`). */
  status: int({ enum: [0, 1, 2] }), reason: str(), created_at: timestamp, reviewed_at: { anyOf: [timestamp, { type: 'null' }] },
});

export const withdrawEndpoints: EndpointSpec[] = [
  {
    method: 'POST', path: '/safe/update_password', auth: true,
    summary: 'Set or change the payment password, confirmed with the code emailed for the pay_password scene',
    request: fields({
      password: str({ format: 'password', maxLength: 64 }),
      re_password: str({ const: { $data: '1/password' } }),
      code: str({ pattern: '^\\d{6}$' }),
    }, ['password', 're_password', 'code']),
    response: str(),
  },
  {
    method: 'POST', path: '/wallet/out', auth: true, idempotent: true,
    summary: 'Withdraw to an address: the amount is frozen until an operator pays it out (T+1 to T+5) or rejects it',
    request: fields({
      currency: id(), chain: str({ pattern: '^[A-Z0-9]{2,10}$' }), number: str({ format: 'amount' }),
      address: str({ minLength: 10, maxLength: 120, pattern: '^[A-Za-z0-9:]+$' }),
      pay_password: str({ minLength: 1, maxLength: 64 }),
    }, ['currency', 'number', 'address', 'pay_password']),
    response: WITHDRAWAL,
  },
  {
    method: 'GET', path: '/user/withdraw/list', auth: true, summary: 'The user\'s withdrawals, newest first',
    request: fields({ ...paging }),
    response: pageOf(WITHDRAWAL),
  },
];
