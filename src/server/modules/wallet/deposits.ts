/** Deposit chains and addresses, declaring a deposit with its voucher (`account` on the wire), and the deposit record (issues 4, 20). */
import { DEPOSIT_STATUS } from '../../../shared/contract/wallet';
import { oneOf } from '../../../shared/contract/common';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import { moneyTransaction } from '../../money';
import { CURRENCIES } from '../../market/currencies';
import { requireOwnUpload, uploadLinkSigner } from '../upload';
import { amountOf, chainOf, chainsOf, configuredChains, pickChain } from './common';
import { currencyById, pageOf, pageParams, plain } from '../../kernel';

interface DepositRow {
  id: string | number; currency_id: number; chain: string; amount: string; voucher: string; status: number; reason: string;
  created_at: Date | string; reviewed_at: Date | string | null;
}

function depositOut(r: DepositRow) {
  return {
    id: Number(r.id), currency: r.currency_id, name: currencyById(r.currency_id).name, chain: r.chain, amount: plain(r.amount),
    account: r.voucher, status: oneOf(Object.values(DEPOSIT_STATUS), r.status), reason: r.reason, created_at: new Date(r.created_at).toISOString(),
    reviewed_at: r.reviewed_at === null ? null : new Date(r.reviewed_at).toISOString(),
  };
}

/** The voucher is private: its owner sees it through a signed link (an `<img>` sends no Authorization header). */
async function withVoucherLinks(ctx: RequestContext, deposits: ReturnType<typeof depositOut>[]) {
  const link = await uploadLinkSigner(ctx.services.db, requireUser(ctx).id, ctx.services.now());
  return deposits.map((d) => ({ ...d, voucher_url: link(d.account) }));
}

export const depositHandlers: Handlers = {
  'GET /wallet/coins': async (ctx) => {
    const rows = [...configuredChains(ctx)];
    const order = new Map(CURRENCIES.map((c, i) => [c.id, i]));
    return rows.sort((a, b) => order.get(a.currency_id)! - order.get(b.currency_id)!).map((r) => {
      const c = currencyById(r.currency_id);
      return {
        id: c.id, name: c.name, subName: r.chain, type: c.category, status: 1,
        deposit_min: plain(r.deposit_min), withdraw_min: plain(r.withdraw_min), withdraw_fee: plain(r.withdraw_fee),
      };
    });
  },

  'POST /wallet/get_in_address': async (ctx) => {
    const c = currencyById(ctx.input.currency);
    const chains = await chainsOf(ctx, c.id);
    const chain = pickChain(chains, ctx.input.chain);
    const on = (name: string) => chains.find((r) => r.chain === name)?.deposit_address ?? '';
    return { currency_id: c.id, name: c.name, chain: chain.chain, address: chain.deposit_address, deposit_min: plain(chain.deposit_min), erc20: on('ERC20'), trc20: on('TRC20') };
  },

  'POST /wallet/charge_req': async (ctx) => {
    const user = requireUser(ctx);
    const c = currencyById(ctx.input.currency);
    const chain = await chainOf(ctx, c.id, ctx.input.chain);
    const amount = amountOf(ctx.input.amount, c);
    if (amount.lt(chain.deposit_min)) throw new ApiError('api.deposit.below_min', { min: plain(chain.deposit_min), currency: c.name });
    const voucher = String(ctx.input.account);
    await requireOwnUpload(ctx, voucher, { refusal: 'api.deposit.voucher_missing' });
    // The link is added after the idempotent answer is kept, so that a repeat gets a fresh one.
    const deposit = await moneyTransaction(ctx, async (trx) => {
      const row = await trx.insertInto('deposits')
        .values({ user_id: user.id, currency_id: c.id, chain: chain.chain, amount: amount.toFixed(), voucher, entry_id: null })
        .returningAll().executeTakeFirstOrThrow();
      return depositOut(row);
    });
    return (await withVoucherLinks(ctx, [deposit]))[0];
  },

  'GET /recharge/log': async (ctx) => {
    const user = requireUser(ctx);
    const { page, limit, offset } = pageParams(ctx.input);
    let q = ctx.services.db.selectFrom('deposits').where('user_id', '=', user.id);
    if (ctx.input.stat !== undefined) q = q.where('status', '=', Number(ctx.input.stat));
    const { rows, total } = await pageOf(q, { limit, offset }, (all) => all.selectAll().orderBy('id', 'desc'));
    return { data: await withVoucherLinks(ctx, rows.map(depositOut)), page, limit, total };
  },
};
