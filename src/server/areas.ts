/** Every area of the platform; adding one is a folder under modules/ and one line here. */
import type { Area } from './area';
import { authArea } from './modules/auth';
import { contentArea } from './modules/content';
import { contractArea } from './modules/contract';
import { kycArea } from './modules/kyc';
import { fiatArea } from './modules/fiat';
import { messagesArea } from './modules/messages';
import { referralArea } from './modules/referral';
import { couponArea } from './modules/coupon';
import { vipArea } from './modules/vip';
import { loanArea } from './modules/loan';
import { marketArea } from './modules/market';
import { miningArea } from './modules/mining';
import { dualArea } from './modules/dual';
import { ieoArea } from './modules/ieo';
import { financialArea } from './modules/financial';
import { secondsArea } from './modules/seconds';
import { spotArea } from './modules/spot';
import { systemArea } from './modules/system';
import { uploadArea } from './modules/upload';
import { userArea } from './modules/user';
import { walletArea } from './modules/wallet';

export const AREAS: readonly Area[] = [
  authArea,
  userArea,
  systemArea,
  contentArea,
  uploadArea,
  marketArea,
  walletArea,
  kycArea,
  spotArea,
  contractArea,
  secondsArea,
  miningArea,
  dualArea,
  ieoArea,
  financialArea,
  loanArea,
  fiatArea,
  messagesArea,
  referralArea,
  couponArea,
  vipArea,
];
