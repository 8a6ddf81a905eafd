/**
 * IEO allocation (issue 12). When a subscription ends oversubscribed (applied > total), each application is
 * allocated pro rata: passed = applied x total / sum applied, rounded DOWN to the token's decimals, so the
 * sum passed never exceeds the total (the few units left by rounding stay with the project). What the
 * passed tokens cost (passed x price, rounded UP to the pay currency, as the application's frozen amount
 * was) is paid; the rest of the frozen amount is refunded. Not oversubscribed, every application passes whole.
 */
import { D, ROUND, type Decimal, type DecimalInput } from '../format/decimal';

/** What an application of `quantity` costs: quantity x price, rounded up to the pay currency. */
export function applicationCost(quantity: DecimalInput, price: DecimalInput, payDecimals: number): Decimal {
  return new D(quantity).times(price).round(payDecimals, ROUND.up);
}

export interface Allocation { passed: Decimal; cost: Decimal; refund: Decimal }

/** The allocation of one application, given the project's total and the sum applied. */
export function allocate(
  a: { quantity: DecimalInput; payAmount: DecimalInput },
  project: { total: DecimalInput; applied: DecimalInput; price: DecimalInput },
  decimals: { token: number; pay: number },
): Allocation {
  const over = new D(project.applied).gt(project.total);
  const passed = over ? new D(a.quantity).times(project.total).div(project.applied).round(decimals.token, ROUND.down) : new D(a.quantity);
  const cost = passed.eq(a.quantity) ? new D(a.payAmount) : applicationCost(passed, project.price, decimals.pay);
  return { passed, cost, refund: new D(a.payAmount).minus(cost) };
}
