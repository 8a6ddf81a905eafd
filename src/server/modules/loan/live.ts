/**
 * `loan_health` (DESIGN.md "Real time"): after each market tick, every user connected to this node with a loan
 * paid out gets a patch of each such loan's health at its pledge's last price (risk rate, that price, the
 * liquidation price, days left), merged by the app into the loan lists and the repayment form without asking
 * again. One query for the loans of all connected users per tick (realtime/tickFeed.ts runs it).
 */
import { endpointKey } from '../../../shared/contract';
import { LOAN_HEALTH_EVENT, type LoanHealthPayload } from '../../../shared/contract/events';
import { LOAN_STATUS } from '../../../shared/contract/loan';
import type { Services } from '../../context';
import type { MarketEngine } from '../../market';
import { userRoom } from '../../realtime';
import { attachTickFeed, rowsByUser } from '../../realtime/tickFeed';
import { lastUsdtPrice } from '../financial';
import { loanHealth, type LoanRow } from './loans';

const paidLoansOf = (services: Services, users: number[]): Promise<Map<number, LoanRow[]>> => rowsByUser(users, (chunk) => services.db.selectFrom('loans')
  .selectAll().where('status', '=', 'paid').where('user_id', 'in', chunk).orderBy('id', 'desc').execute());

/** Sends each of `users` (connected to this node) with a loan paid out its loans' health; answers how many were sent. */
async function pushLoanHealth(services: Services, engine: MarketEngine, users: number[], endpoints: string[]): Promise<number> {
  const loans = await paidLoansOf(services, users);
  const now = services.now();
  const paid = LOAN_STATUS.code('paid');
  for (const [user, rows] of loans) {
    const payload: LoanHealthPayload = {
      patch: { endpoints, rows: rows.map((l) => ({ id: l.id, status: paid, ...loanHealth(l, lastUsdtPrice(engine, l.pledge_currency_id), now) })) },
    };
    services.realtime.io.local.to(userRoom(user)).emit(LOAN_HEALTH_EVENT, payload);
  }
  return loans.size;
}

/** Starts the feed when the first user joins their private room on this node. */
export function attachLoanHealth(services: Services): void {
  const endpoints = services.areas.flatMap((a) => a.endpoints).filter((e) => e.patchOn?.includes(LOAN_HEALTH_EVENT)).map(endpointKey);
  attachTickFeed(services, 'loan health', (engine, users) => pushLoanHealth(services, engine, users, endpoints));
}
