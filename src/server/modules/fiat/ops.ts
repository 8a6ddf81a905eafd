/**
 * The operator's side of buying crypto: `fiat-orders` (transfers declared done, waiting for the money to be
 * seen, with a link to each screenshot), `fiat-confirm 7` (the USDT bought is credited), `fiat-reject 7 "<reason>"`.
 */
import { BALANCE_EVENT, MESSAGE_EVENT } from '../../../shared/contract/events';
import { D } from '../../../shared/format/decimal';
import { OpsError, type OpsCommand } from '../../area';
import type { Services } from '../../context';
import { inUserTransaction } from '../../ledger';
import { uploadLinkSigner } from '../upload';
import { confirmOrder, rejectOrder } from './orders';
import { tellUser } from '../../kernel';

async function ownerOf(services: Services, id: number): Promise<number> {
  const row = await services.db.selectFrom('fiat_orders').select('user_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw new OpsError(`no order ${id}`);
  return row.user_id;
}

const id = [{ name: 'id', kind: 'id' }] as const;

export const fiatOps: OpsCommand[] = [
  {
    name: 'fiat-orders', summary: 'buy-crypto bank transfers declared done, waiting for confirmation',
    async run(services, _args, caller) {
      const rows = await services.db.selectFrom('fiat_orders as o').innerJoin('users as u', 'u.id', 'o.user_id')
        .select(['o.id', 'u.username', 'o.amount', 'o.currency', 'o.receive', 'o.first_name', 'o.last_name', 'o.voucher', 'o.created_at'])
        .where('o.status', '=', 'transfer_completed').orderBy('o.id').execute();
      if (!rows.length) return { lines: ['no transfers waiting'] };
      const link = await uploadLinkSigner(services.db, 'ops', services.now());
      return {
        lines: rows.map((r) => `#${r.id}  ${r.username}  paid ${new D(r.amount).toFixed()} ${r.currency} as ${r.first_name} ${r.last_name} for ${new D(r.receive).toFixed()} USDT`
          + `  ${new Date(r.created_at).toISOString()}  screenshot ${caller?.site ?? ''}${r.voucher ? link(r.voucher) : '-'}`),
      };
    },
  },
  {
    name: 'fiat-confirm', args: id, summary: 'the transfer arrived: credit the USDT bought to the buyer\'s spot account',
    async run(services, a) {
      const orderId = Number(a.id);
      const user = await ownerOf(services, orderId);
      const order = await inUserTransaction(services.db, user, (trx) => confirmOrder(trx, orderId, services.now(), services.configuration.current.coupons.coupons));
      tellUser(services, user, [BALANCE_EVENT, MESSAGE_EVENT]);
      return { lines: [`order #${orderId} paid: ${new D(order.receive).toFixed()} USDT credited`] };
    },
  },
  {
    name: 'fiat-reject', args: [{ name: 'id', kind: 'id' }, { name: 'reason', kind: 'text' }], summary: 'no such transfer arrived: the order fails, telling the buyer why',
    async run(services, a) {
      const orderId = Number(a.id);
      const reason = String(a.reason).trim();
      if (!reason) throw new OpsError('a rejection needs a reason');
      const user = await ownerOf(services, orderId);
      await inUserTransaction(services.db, user, (trx) => rejectOrder(trx, orderId, reason, services.now()));
      tellUser(services, user, [BALANCE_EVENT, MESSAGE_EVENT]);
      return { lines: [`order #${orderId} rejected`] };
    },
  },
];
