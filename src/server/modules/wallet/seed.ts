/** The deposit and withdrawal chains of each currency on the first start (rows that exist are kept). */
import type { Services } from '../../context';
import { CURRENCIES } from '../../market/currencies';
import { CHAINS } from '../../seeddata/chains';

export async function seedWallet({ db }: Services): Promise<void> {
  const currencyId = new Map(CURRENCIES.map((c) => [c.name, c.id]));
  await db.insertInto('currency_chains').values(CHAINS.map(([name, chain, deposit_address, deposit_min, withdraw_min, withdraw_fee], i) => ({
    currency_id: currencyId.get(name)!, chain, deposit_address, deposit_min, withdraw_min, withdraw_fee, sort: i,
  }))).onConflict((oc) => oc.columns(['currency_id', 'chain']).doNothing()).execute();
}
