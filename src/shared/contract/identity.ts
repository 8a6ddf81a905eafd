/** The identity levels and states (a module of its own: the user, withdrawal and KYC contracts all read them). */
import { intCodes } from './common';

/** users.real_state: 0 not verified, 1 verifying (a submission is under review), 2 verified, 3 failed (see `reason`). */
export const REAL_STATES = [0, 1, 2, 3] as const;
/** users.real_level: the identity level reached (0 none, 1 basic, 2 advanced). */
export const REAL_LEVELS = [0, 1, 2] as const;
/** The level a submission asks for: 1 (the document's details) or 2 (the photos). */
export const SUBMISSION_LEVELS = [1, 2] as const;
/** An identity submission's life: under review, then approved or rejected with a reason. */
export const SUBMISSION_STATUS = { review: 0, approved: 1, rejected: 2 } as const;
export const SUBMISSION_STATUSES = Object.values(SUBMISSION_STATUS);
/**
 * One level's verification as GET /real/state answers it (`review_status` for Lv1, `advanced_review_status`
 * for Lv2), in SPEC 4's order: 0 not submitted, 1 under review, 2 verified, 3 failed (the latest submission of
 * that level was rejected, and the level is not reached).
 */
export const REVIEW_STATUS = intCodes({ 0: 'none', 1: 'review', 2: 'verified', 3: 'failed' });
export type ReviewStatus = (typeof REVIEW_STATUS.names)[number];
