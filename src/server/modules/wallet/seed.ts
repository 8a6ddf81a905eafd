/**
 * The chains are configuration (settings/chains.json, issue 24): the API reads the live configuration. The
 * currency_chains table follows it (saved addresses refer to a chain row), written at start and after each
 * applied change; a chain removed from the file keeps its row for the addresses saved on it, unused.
 * An install from before may hold an operator's own addresses, minimums or fees there: the start names the
 * rows that differ from the configuration before the file's values replace them.
 */
import type { Kysely } from 'kysely';
import type { ConfiguredChain } from '../../configuration/compile';
import type { Services } from '../../context';
import type { DB } from '../../db';
import { D } from '../../../shared/format/decimal';

async function syncChains(db: Kysely<DB>, chains: readonly ConfiguredChain[]): Promise<void> {
  if (!chains.length) return;
  await db.insertInto('currency_chains').values(chains.map((c, sort) => ({
    currency_id: c.currency_id, chain: c.chain, deposit_address: c.deposit_address, deposit_min: c.deposit_min, withdraw_min: c.withdraw_min, withdraw_fee: c.withdraw_fee, sort,
  }))).onConflict((oc) => oc.columns(['currency_id', 'chain']).doUpdateSet((eb) => ({
    deposit_address: eb.ref('excluded.deposit_address'), deposit_min: eb.ref('excluded.deposit_min'), withdraw_min: eb.ref('excluded.withdraw_min'),
    withdraw_fee: eb.ref('excluded.withdraw_fee'), sort: eb.ref('excluded.sort'),
  }))).execute();
}

export async function seedWallet({ db, configuration, log }: Services): Promise<void> {
  const rows = await db.selectFrom('currency_chains').select(['currency_id', 'chain', 'deposit_address', 'deposit_min', 'withdraw_min', 'withdraw_fee']).execute();
  const configured = configuration.current.chains;
  const differing = rows.filter((r) => {
    const c = configured.find((x) => x.currency_id === r.currency_id && x.chain === r.chain);
    return !c || c.deposit_address !== r.deposit_address || !new D(c.deposit_min).eq(r.deposit_min)
      || !new D(c.withdraw_min).eq(r.withdraw_min) || !new D(c.withdraw_fee).eq(r.withdraw_fee);
  });
  if (differing.length) {
    log.warn({ rows: differing }, `currency_chains had ${differing.length} chain(s) that differ from settings/chains.json (the file edited while stopped, or `
      + 'an operator\'s change in the table from before the file): the file\'s values apply now; to keep a value from the table, copy it into '
      + 'settings/chains.json (docs/operators.md, "Content")');
  }
  await syncChains(db, configured);
  configuration.onChange((next) => {
    syncChains(db, next.chains).catch((err: unknown) => log.error({ err }, 'the chains of settings/chains.json could not be written to currency_chains'));
  });
}
