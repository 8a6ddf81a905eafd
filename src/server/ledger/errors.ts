/** What the ledger refuses. The HTTP layer turns the business refusals into localised answers (errors.ts). */

/** A movement the code should never build (unbalanced, zero legs, too many decimals, unknown cause). */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

/** A user's bucket would go below zero: the whole movement is refused. */
export class InsufficientBalance extends Error {
  constructor() {
    super('insufficient balance');
    this.name = 'InsufficientBalance';
  }
}

/**
 * An amount, or a balance it would make, beyond what the ledger's NUMERIC(36, 18) columns hold (18 integer
 * digits): refused whole, like an insufficient balance, before anything is written.
 */
export class AmountOutOfRange extends Error {
  constructor(readonly amount: string) {
    super(`amount out of the ledger's range: ${amount}`);
    this.name = 'AmountOutOfRange';
  }
}

/** A capture or release of a hold resolved already (captured or released whole): the second one is refused. */
export class HoldResolved extends Error {
  constructor(hold: string) {
    super(`hold ${hold} is resolved already`);
    this.name = 'HoldResolved';
  }
}

/** An idempotency key already used for a different request. */
export class IdempotencyKeyReused extends Error {
  constructor() {
    super('idempotency key reused for a different request');
    this.name = 'IdempotencyKeyReused';
  }
}
