/**
 * Why money moved: the cause of every ledger entry, shown on the statement (`record.cause.<cause>` in the
 * messages) and filtered by it. Each area declares its own causes, each with what it means, next to its
 * contract (`WALLET_CAUSES` in wallet.ts …); this list composes them, and the ledger refuses any other.
 */
import { COUPON_CAUSES } from './coupon';
import { DUAL_CAUSES } from './dual';
import { FIAT_CAUSES } from './fiat';
import { REFERRAL_CAUSES } from './referral';
import { IEO_CAUSES } from './ieo';
import { CONTRACT_CAUSES } from './lever';
import { LOAN_CAUSES } from './loan';
import { MINING_CAUSES } from './mining';
import { SECONDS_CAUSES } from './seconds';
import { SPOT_CAUSES } from './spot';
import { WALLET_CAUSES } from './wallet';

const CAUSES = {
  'seed.demo': 'demo funds credited to the demo account at first start',
  ...WALLET_CAUSES,
  ...SPOT_CAUSES,
  ...CONTRACT_CAUSES,
  ...SECONDS_CAUSES,
  ...MINING_CAUSES,
  ...DUAL_CAUSES,
  ...IEO_CAUSES,
  ...LOAN_CAUSES,
  ...FIAT_CAUSES,
  ...REFERRAL_CAUSES,
  ...COUPON_CAUSES,
} as const;

export type LedgerCause = keyof typeof CAUSES;

export const LEDGER_CAUSES = Object.keys(CAUSES) as LedgerCause[];
