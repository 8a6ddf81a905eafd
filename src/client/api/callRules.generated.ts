/**
 * GENERATED FILE: do not edit. What a call sends and refreshes, by endpoint, generated from the catalogue
 * (src/shared/contract: `idempotent`, `changes` and `refreshOn`) by scripts/gen-call-rules.ts. After
 * changing those, run `npm run gen:call-rules`; tests/client/api/callRules.test.ts fails while this file is out of date.
 */
import type { PrivateEvent } from '../../shared/contract/events';
import type { EndpointName } from '../../shared/contract/types';
import type { CallRule } from '../../shared/contract/refresh';

export const CALL_RULES: Readonly<Record<string, CallRule>> = {
  'POST /user/sessions/end': {"changes":["account"]},
  'POST /user/sessions/end_others': {"changes":["account"]},
  'POST /user/editNickname': {"changes":["account"]},
  'POST /user/editSignature': {"changes":["account"]},
  'POST /user/uploadHeadPortrait': {"changes":["account"]},
  'POST /optional/add': {"changes":["account"]},
  'POST /optional/del': {"changes":["account"]},
  'POST /wallet/change': {"idempotent":true,"changes":["balance"]},
  'POST /wallet/charge_req': {"idempotent":true,"changes":["balance"]},
  'POST /user/Transfer': {"idempotent":true,"changes":["balance"]},
  'POST /safe/update_password': {"changes":["account"]},
  'POST /wallet/out': {"idempotent":true,"changes":["balance"]},
  'POST /user/real': {"changes":["account"]},
  'POST /safe/mobile': {"changes":["account"]},
  'POST /user/wallet/save': {"changes":["account"]},
  'POST /user/wallet/del': {"changes":["account"]},
  'POST /user/cash_save': {"changes":["account"]},
  'POST /user/cash_save_international': {"changes":["account"]},
  'POST /coin/trade': {"idempotent":true,"changes":["balance","trade"]},
  'POST /coin/cancel': {"idempotent":true,"changes":["balance","trade"]},
  'POST /lever/submit': {"idempotent":true,"changes":["balance","trade"]},
  'POST /lever/close': {"idempotent":true,"changes":["balance","trade"]},
  'POST /lever/cancel': {"idempotent":true,"changes":["balance","trade"]},
  'POST /lever/setstop': {"changes":["trade"]},
  'POST /lever/batch_close': {"changes":["balance","trade"]},
  'POST /microtrade/submit': {"idempotent":true,"changes":["balance","trade"]},
  'POST /lh/deposit': {"idempotent":true,"changes":["balance","earn"]},
  'POST /lh/deposit/order/cancel': {"idempotent":true,"changes":["balance","earn"]},
  'POST /dual/buyDual': {"idempotent":true,"changes":["balance","earn"]},
  'POST /project/order': {"idempotent":true,"changes":["balance","earn"]},
};

/** The endpoints whose answers each private event makes stale (their `refreshOn` lists it). */
export const REFRESHED_BY: Readonly<Record<PrivateEvent, readonly EndpointName[]>> = {
  balance: ["POST /wallet/list","POST /wallet/detail","POST /wallet/legal_log","GET /currency/user_currency_list","POST /wallet/change_info","GET /wallet/hzhistory","GET /recharge/log","POST /user/getTransferList","POST /user/getTransferFee","POST /wallet/get_info","GET /user/withdraw/list","POST /coin/info","POST /lever/deal","POST /lever/dealall","GET /microtrade/payable_currencies","POST /microtrade/info","GET /lh/deposit/config","POST /lh/deposit/info","GET /lh/deposit/order","GET /dual/detail","POST /dual/dual_list","POST /project/info","GET /user/project/order","GET /financial/summary"],
  account: ["POST /user/sessions","GET /user/info","GET /optional/list","POST /wallet/get_info","GET /real/state","GET /user/wallet/list","POST /user/cash_info","POST /user/cash_info_international"],
  trade: ["POST /coin/info","GET /coin/list","POST /lever/deal","POST /lever/dealall","POST /lever/my_trade","GET /microtrade/lists","GET /microtrade/get_result"],
  earn: ["GET /lh/deposit/order","GET /dual/index","POST /dual/dual_list","GET /project","GET /project/detail","POST /project/info","GET /user/project/order","GET /financial/summary"],
};
