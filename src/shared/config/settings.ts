/**
 * The platform's parameters as configuration (issue 24):
 * - `settings/chains.json`, each currency's deposit and withdrawal chains with their address, deposit minimum,
 *   withdrawal minimum and fee (decimal strings, exact). The API enforces them (wallet module).
 * - `settings/site.json`, the site configuration of SPEC 3 (`GET /getSiteConfig`): the site's name and logos,
 *   the contact links, and the loan terms.
 * - `settings/buy.json`, buying crypto with money (SPEC 9): countries served, currencies with their rate and
 *   bounds, each payment method's fee, the bank transfer's window and beneficiary.
 * - `settings/referral.json`, the referral rebate (SPEC 9): the rate of each downline level and the day's
 *   recharge a downline person must pass for it to count.
 * - `settings/vip.json`, the VIP levels (SPEC 6): the trading volume each takes and the fee discounts it gives.
 * - `settings/coupons.json`, the coupons (issue 26): trading-fee discounts and deposit bonuses, claimed from the
 *   coupon centre or granted at registration or the first deposit.
 * Checked by a meta-schema and by what it cannot say: a chain named twice, a fee that leaves nothing of a
 * minimum withdrawal, a loan minimum above its maximum, a term offered twice, a logo that is not an image of
 * content/images/. The currency names and their decimals are the server's (compile.ts checks them).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { D } from '../format/decimal';
import { CONTENT_IMAGE_RE } from './content';
import type { Problem } from './json';

export interface ChainSetting {
  currency: string;
  chain: string;
  deposit_address: string;
  deposit_min: string;
  withdraw_min: string;
  withdraw_fee: string;
}

/** settings/site.json. */
export interface SiteSettings {
  site_name: string;
  /** File names of content/images/. */
  logos: { site: string; download: string };
  /** Links; '' where the site has none. */
  contacts: { online_service: string; telegram: string; whatsapp: string; repayment_specialist: string; loan_officer: string };
  /** What `GET /getSetting` answers by keyword ('' where unset); the pages' texts are content/pages.json. */
  settings: {
    version: string;
    apk_download_url: string;
    download_ios: string;
    game_url: string;
    support_url: string;
    service_email: string;
  };
  loans: {
    /** Each cycle offered with its daily interest rate (a fraction: "0.0030" is 0.30 % a day). */
    terms: Array<{ days: number; daily_rate: string }>;
    min: string;
    max: string;
    pledge_currencies: string[];
    /** Passed on as the platform's `loan_len`. */
    loan_len: string;
    /** The pledge's value asked for, over the loan: "1.5" pledges 150 % of the amount at the price when applying. */
    pledge_ratio: string;
    /** The risk rate (pledge value over what is owed) at which the borrower is warned. */
    warning_risk_rate: string;
    /** The risk rate at or below which the pledge is sold (SPEC 9: 110 %). */
    liquidation_risk_rate: string;
    /** Interest a day past the due date, of the principal and interest owed (SPEC 9: 0.5 %). */
    overdue_daily_rate: string;
  };
}

/** A way to pay for crypto with money (SPEC 9 "Buy crypto"). */
export const BUY_METHODS = ['bank', 'card', 'wallet'] as const;
export type BuyMethod = (typeof BUY_METHODS)[number];

/** settings/buy.json: buying USDT with money (issue 25). */
export interface BuySettings {
  /** ISO 3166-1 alpha-2 codes of the countries served; any other gets "Your area is temporarily not supported!". */
  countries: string[];
  /** Each money currency: USDT per unit, and the least and most one order may pay (whole units). */
  currencies: Array<{ code: string; usdt_rate: string; min: string; max: string }>;
  /**
   * The fee of each method (a fraction of the amount, at least `fee_min`); a bank transfer must be declared done
   * within `pay_within_minutes`; card and wallet are paid through an on-ramp provider (`simulated`: the local
   * simulated one, for the demo and tests).
   */
  methods: {
    bank: { fee_rate: string; fee_min: string; pay_within_minutes: number };
    card: { fee_rate: string; fee_min: string; provider: string };
    wallet: { fee_rate: string; fee_min: string; provider: string };
  };
  /** Where a bank transfer is sent. */
  beneficiary: { account_name: string; iban: string; country: string; bic: string; bank_name: string; address: string };
}

/** settings/referral.json: the referral rebate (issue 26). */
export interface ReferralSettings {
  /** The rate each upline person receives of a downline person's recharges, by level: [0] of direct invitees. */
  rates: string[];
  /** A downline person's recharges of one day count only when their total (in USDT) is above it. */
  daily_recharge_above: string;
}

/** settings/vip.json: the VIP levels (issue 26). */
export interface VipSettings {
  /** The volume counted: a user's trades of the last this many days (spot filled, contract positions opened), in USDT. */
  window_days: number;
  /** Level 1, 2 …: reached with a volume above `volume_above`; the fee of a trade is cut by the discount (a fraction). */
  levels: Array<{ level: number; volume_above: string; spot_fee_discount: string; contract_fee_discount: string }>;
}

/** settings/coupons.json: the coupons a user may claim or be granted (issue 26); values in USDT. */
export interface CouponSettings { coupons: CouponDefinition[] }

export const COUPON_KINDS = ['fee_discount', 'deposit_bonus'] as const;
export const COUPON_PRODUCTS = ['spot', 'contract'] as const;
export const COUPON_GRANTS = ['registration', 'first_deposit'] as const;

export interface CouponDefinition {
  /** Its name in the data and on the coupon (`FEE50`). */
  code: string;
  /** fee_discount: takes off the fee of the user's next eligible trade; deposit_bonus: adds to their next eligible deposit. */
  kind: (typeof COUPON_KINDS)[number];
  /** What it gives: a rate of the fee or of the deposit, capped by `max`; or an amount of USDT. One of the two. */
  rate?: string;
  amount?: string;
  max?: string;
  /** The least trade (fee_discount, its value) or deposit (deposit_bonus) it applies to, in USDT. */
  min: string;
  /** The trades a fee discount applies to. */
  products?: Array<(typeof COUPON_PRODUCTS)[number]>;
  /** How long a coupon is good for once the user has it. */
  valid_days: number;
  /** How many of it one user may ever have, claimed or granted. */
  per_user: number;
  /** Offered in the coupon centre to claim. */
  claim: boolean;
  /** Given without asking, at registration or at the first deposit. */
  grant_on?: (typeof COUPON_GRANTS)[number];
}

export const CHAINS_FILE = 'settings/chains.json';
export const SITE_FILE = 'settings/site.json';
export const BUY_FILE = 'settings/buy.json';
export const REFERRAL_FILE = 'settings/referral.json';
export const VIP_FILE = 'settings/vip.json';
export const COUPONS_FILE = 'settings/coupons.json';
export const SETTINGS_FILES = [CHAINS_FILE, SITE_FILE, BUY_FILE, REFERRAL_FILE, VIP_FILE, COUPONS_FILE] as const;

const ratio = (description: string) => ({ type: 'string', pattern: '^[1-9](\\.[0-9]{1,4})?$', description: `${description}; a decimal from 1 to below 10` });
const amount = (description: string) => ({ type: 'string', pattern: '^(0|[1-9][0-9]{0,17})(\\.[0-9]{1,18})?$', description: `${description}: a decimal string such as "20" or "0.001"` });

export function chainsMetaSchema(): object {
  return {
    type: 'object', additionalProperties: false, required: ['chains'],
    properties: {
      $schema: { type: 'string' },
      chains: {
        type: 'array', minItems: 1,
        items: {
          type: 'object', additionalProperties: false,
          required: ['currency', 'chain', 'deposit_address', 'deposit_min', 'withdraw_min', 'withdraw_fee'],
          properties: {
            currency: { type: 'string', pattern: '^[A-Z0-9]{2,10}$' },
            chain: { type: 'string', pattern: '^[A-Z0-9]{2,12}$' },
            deposit_address: { type: 'string', minLength: 1, maxLength: 128 },
            deposit_min: amount('the least a deposit may be'),
            withdraw_min: amount('the least a withdrawal may be'),
            withdraw_fee: amount('taken from each withdrawal'),
          },
        },
      },
    },
  };
}

/**
 * A contact link: '' (none), an https address, a `tel:` or `mailto:` one, or a page of the app (`/#/pages/…`).
 * Never `javascript:` or plain http: the app opens it as it is.
 */
const CONTACT_LINK = '^$|^https://[^\\s]+$|^(tel|mailto):[^\\s]+$|^/#/pages/[a-zA-Z0-9/_-]+$';
const link = (description: string) => ({ type: 'string', maxLength: 500, pattern: CONTACT_LINK, description: `${description}: '' for none, an https:// address, tel:, mailto: or a page of the app such as /#/pages/kefu/index` });
const download = (description: string) => ({ type: 'string', maxLength: 500, pattern: '^$|^https://[^\\s]+$', description: `${description}: '' for none or an https:// address` });
const imageName = (description: string) => ({ type: 'string', pattern: CONTENT_IMAGE_RE.source, description: `${description}: a file name of content/images/` });

export function siteMetaSchema(): object {
  return {
    type: 'object', additionalProperties: false, required: ['site_name', 'logos', 'contacts', 'settings', 'loans'],
    properties: {
      $schema: { type: 'string' },
      site_name: { type: 'string', minLength: 1, maxLength: 60, description: 'the name beside the logo and in the browser tab' },
      logos: {
        type: 'object', additionalProperties: false, required: ['site', 'download'],
        properties: { site: imageName('the logo of the header'), download: imageName('the logo of the download page') },
      },
      contacts: {
        type: 'object', additionalProperties: false, required: ['online_service', 'telegram', 'whatsapp', 'repayment_specialist', 'loan_officer'],
        properties: {
          online_service: link('the online customer service'),
          telegram: link('the Telegram contact'),
          whatsapp: link('the WhatsApp contact'),
          repayment_specialist: link('the repayment specialist'),
          loan_officer: link('the loan officer'),
        },
      },
      settings: {
        type: 'object', additionalProperties: false, required: ['version', 'apk_download_url', 'download_ios', 'game_url', 'support_url', 'service_email'],
        description: 'what GET /getSetting answers by keyword (the platform\'s app reads them)',
        properties: {
          version: { type: 'string', pattern: '^(wgt|apk),[0-9]+\\.[0-9]+\\.[0-9]+$', description: 'the app version the platform\'s app compares with its own: "wgt,0.8.0" or "apk,0.8.0"' },
          apk_download_url: download('the Android package offered when the versions differ'),
          download_ios: download('the iOS download page'),
          game_url: download('the game page the platform\'s app opens'),
          support_url: download('the customer-service page the platform\'s app opens'),
          service_email: { type: 'string', maxLength: 200, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', description: 'the support address' },
        },
      },
      loans: {
        type: 'object', additionalProperties: false,
        required: ['terms', 'min', 'max', 'pledge_currencies', 'loan_len', 'pledge_ratio', 'warning_risk_rate', 'liquidation_risk_rate', 'overdue_daily_rate'],
        properties: {
          terms: {
            type: 'array', minItems: 1, maxItems: 20,
            items: {
              type: 'object', additionalProperties: false, required: ['days', 'daily_rate'],
              properties: {
                days: { type: 'integer', minimum: 1, maximum: 3650, description: 'the cycle in days' },
                daily_rate: { type: 'string', pattern: '^0(\\.[0-9]{1,8})?$', description: 'the interest a day as a fraction below 1: "0.0030" is 0.30 % a day' },
              },
            },
          },
          min: amount('the least a loan may be, in USDT'),
          max: amount('the most a loan may be, in USDT'),
          pledge_currencies: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: '^[A-Z0-9]{2,10}$' } },
          loan_len: { type: 'string', pattern: '^[0-9]{1,3}$' },
          pledge_ratio: ratio('the pledge\'s value asked for over the loan: "1.5" is 150 %'),
          warning_risk_rate: ratio('the risk rate (pledge value over what is owed) that warns the borrower: "1.2" is 120 %'),
          liquidation_risk_rate: ratio('the risk rate at or below which the pledge is sold: "1.1" is 110 %'),
          overdue_daily_rate: { type: 'string', pattern: '^0(\\.[0-9]{1,8})?$', description: 'interest a day past the due date, of the principal and interest owed: "0.005" is 0.5 % a day' },
        },
      },
    },
  };
}

const fraction = (description: string) => ({ type: 'string', pattern: '^0(\\.[0-9]{1,6})?$', description: `${description}: a fraction below 1, "0.01" is 1 %` });
const text = (description: string) => ({ type: 'string', minLength: 1, maxLength: 120, description });

export function buyMetaSchema(): object {
  const provider = { type: 'string', enum: ['simulated'], description: 'the on-ramp provider: "simulated" (the local simulated provider) until a real adapter is added' };
  return {
    type: 'object', additionalProperties: false, required: ['countries', 'currencies', 'methods', 'beneficiary'],
    properties: {
      $schema: { type: 'string' },
      countries: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: '^[A-Z]{2}$' }, description: 'ISO 3166-1 alpha-2 codes: "US", "NG"' },
      currencies: {
        type: 'array', minItems: 1,
        items: {
          type: 'object', additionalProperties: false, required: ['code', 'usdt_rate', 'min', 'max'],
          properties: {
            code: { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217: "USD"' },
            usdt_rate: amount('USDT bought by one unit of the currency before the fee'),
            min: { type: 'string', pattern: '^[1-9][0-9]{0,8}$', description: 'the least an order may pay, in whole units' },
            max: { type: 'string', pattern: '^[1-9][0-9]{0,8}$', description: 'the most an order may pay, in whole units' },
          },
        },
      },
      methods: {
        type: 'object', additionalProperties: false, required: ['bank', 'card', 'wallet'],
        properties: {
          bank: {
            type: 'object', additionalProperties: false, required: ['fee_rate', 'fee_min', 'pay_within_minutes'],
            properties: {
              fee_rate: fraction('the fee of a bank transfer'), fee_min: amount('the least fee, in the order\'s currency'),
              pay_within_minutes: { type: 'integer', minimum: 10, maximum: 10080, description: 'how long the buyer has to transfer and upload the screenshot' },
            },
          },
          card: { type: 'object', additionalProperties: false, required: ['fee_rate', 'fee_min', 'provider'], properties: { fee_rate: fraction('the fee of a card payment'), fee_min: amount('the least fee'), provider } },
          wallet: { type: 'object', additionalProperties: false, required: ['fee_rate', 'fee_min', 'provider'], properties: { fee_rate: fraction('the fee of a wallet payment'), fee_min: amount('the least fee'), provider } },
        },
      },
      beneficiary: {
        type: 'object', additionalProperties: false, required: ['account_name', 'iban', 'country', 'bic', 'bank_name', 'address'],
        properties: {
          account_name: text('the account holder'),
          iban: { type: 'string', pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$', description: 'the IBAN, without spaces' },
          country: text('the bank\'s country'),
          bic: { type: 'string', pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$', description: 'the BIC (SWIFT) code' },
          bank_name: text('the bank'),
          address: { type: 'string', minLength: 1, maxLength: 300, description: 'the bank\'s address' },
        },
      },
    },
  };
}

export function referralMetaSchema(): object {
  return {
    type: 'object', additionalProperties: false, required: ['rates', 'daily_recharge_above'],
    properties: {
      $schema: { type: 'string' },
      rates: {
        type: 'array', minItems: 1, maxItems: 8, items: fraction('the share of a downline person\'s recharges'),
        description: 'the rate of each level below the receiver: the first of the people they invited, the second of those these invited, and so on',
      },
      daily_recharge_above: amount('the USDT a downline person\'s recharges of one day must be above to count'),
    },
  };
}

export function vipMetaSchema(): object {
  return {
    type: 'object', additionalProperties: false, required: ['window_days', 'levels'],
    properties: {
      $schema: { type: 'string' },
      window_days: { type: 'integer', minimum: 1, maximum: 365, description: 'the days of trading volume a level is reckoned on' },
      levels: {
        type: 'array', minItems: 1, maxItems: 20,
        items: {
          type: 'object', additionalProperties: false, required: ['level', 'volume_above', 'spot_fee_discount', 'contract_fee_discount'],
          properties: {
            level: { type: 'integer', minimum: 1, maximum: 20, description: 'the level: 1, 2 … in order' },
            volume_above: amount('the USDT traded in the window a user must be above to reach the level'),
            spot_fee_discount: fraction('the cut of the spot trading fee'),
            contract_fee_discount: fraction('the cut of the contract opening fee'),
          },
        },
      },
    },
  };
}

export function couponsMetaSchema(): object {
  return {
    type: 'object', additionalProperties: false, required: ['coupons'],
    properties: {
      $schema: { type: 'string' },
      coupons: {
        type: 'array', maxItems: 100,
        items: {
          type: 'object', additionalProperties: false, required: ['code', 'kind', 'min', 'valid_days', 'per_user', 'claim'],
          oneOf: [{ required: ['rate'], not: { required: ['amount'] } }, { required: ['amount'], not: { anyOf: [{ required: ['rate'] }, { required: ['max'] }] } }],
          properties: {
            code: { type: 'string', pattern: '^[A-Z0-9][A-Z0-9_-]{1,23}$', description: 'the coupon\'s name: capitals, digits, - and _, 2 to 24 characters' },
            kind: { enum: [...COUPON_KINDS], description: 'fee_discount takes off a trade\'s fee; deposit_bonus adds to a deposit' },
            rate: { type: 'string', pattern: '^(0\\.[0-9]{1,6}|1)$', description: 'the share of the fee (1 is all of it) or of the deposit it gives; a fraction such as "0.5"' },
            amount: amount('the USDT it gives (a fee discount never gives more than the fee)'),
            max: amount('the most USDT a rate gives'),
            min: amount('the least trade value or deposit, in USDT, it applies to'),
            products: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...COUPON_PRODUCTS] }, description: 'the trades a fee discount applies to' },
            valid_days: { type: 'integer', minimum: 1, maximum: 365, description: 'the days a coupon is good for once the user has it' },
            per_user: { type: 'integer', minimum: 1, maximum: 100, description: 'how many of it one user may ever have' },
            claim: { type: 'boolean', description: 'offered in the coupon centre' },
            grant_on: { enum: [...COUPON_GRANTS], description: 'given to every user at registration or at their first deposit' },
          },
        },
      },
    },
  };
}

type SchemaProblems = (file: string, errors: ErrorObject[] | null | undefined) => Problem[];
/** What the settings files are checked from: the parsed files, the names present, how a schema error is told. */
interface SettingsInput { parsed: ReadonlyMap<string, unknown>; present: readonly string[]; schemaProblems: SchemaProblems }

const validators = new Map<string, ValidateFunction>();

/**
 * A settings file against its meta-schema: its value when it has the shape, otherwise why not ("file is missing:
 * <missing>"; a file that did not parse has no value and is reported where it is parsed).
 */
function shaped<T>(input: SettingsInput, file: string, missing: string, metaSchema: () => object): { problems: Problem[]; value?: T } {
  if (!input.present.includes(file)) return { problems: [{ file, path: '$', reason: `file is missing: ${missing}` }] };
  const value = input.parsed.get(file);
  if (value === undefined) return { problems: [] };
  let validate = validators.get(file);
  if (!validate) {
    validate = new Ajv({ allErrors: true, strict: false }).compile(metaSchema());
    validators.set(file, validate);
  }
  if (!validate(value)) return { problems: input.schemaProblems(file, validate.errors) };
  return { problems: [], value: value as T };
}

/** Checks the settings files among `parsed`; nothing when no settings file is there (a partial configuration). */
export function checkSettings(
  parsed: ReadonlyMap<string, unknown>,
  present: readonly string[],
  schemaProblems: SchemaProblems,
  images?: { has(name: string): boolean },
): { problems: Problem[]; chains?: ChainSetting[]; site?: SiteSettings; buy?: BuySettings; referral?: ReferralSettings; vip?: VipSettings; coupons?: CouponSettings } {
  const problems: Problem[] = [];
  for (const file of present.filter((f) => f.startsWith('settings/') && !(SETTINGS_FILES as readonly string[]).includes(f))) {
    problems.push({ file, path: '$', reason: `not a settings file of the app: the settings files are ${SETTINGS_FILES.join(', ')}` });
  }
  if (!present.some((f) => f.startsWith('settings/'))) return { problems };
  const input: SettingsInput = { parsed, present, schemaProblems };
  const site = checkSite(input, images);
  problems.push(...site.problems);
  const chains = checkChains(input);
  problems.push(...chains.problems);
  const buy = checkBuy(input);
  problems.push(...buy.problems);
  const referral = checkReferral(input);
  problems.push(...referral.problems);
  const vip = checkVip(input);
  problems.push(...vip.problems);
  const coupons = checkCoupons(input);
  problems.push(...coupons.problems);
  return { problems, ...(problems.length ? {} : { chains: chains.chains, site: site.site, buy: buy.buy, referral: referral.referral, vip: vip.vip, coupons: coupons.coupons }) };
}

function checkCoupons(input: SettingsInput): { problems: Problem[]; coupons?: CouponSettings } {
  const read = shaped<CouponSettings>(input, COUPONS_FILE, 'the coupons of the coupon centre and those granted are configured there', couponsMetaSchema);
  if (!read.value) return { problems: read.problems };
  const coupons = read.value;
  const problems: Problem[] = [];
  const at = new Map<string, number>();
  coupons.coupons.forEach((c, i) => {
    const path = `$.coupons[${i}]`;
    if (at.has(c.code)) problems.push({ file: COUPONS_FILE, path: `${path}.code`, reason: `${c.code} is configured already at $.coupons[${at.get(c.code)}]` });
    else at.set(c.code, i);
    if (c.kind === 'fee_discount' && !c.products) problems.push({ file: COUPONS_FILE, path, reason: 'a fee discount names the trades it applies to: "products": ["spot", "contract"]' });
    if (c.kind === 'deposit_bonus' && c.products) problems.push({ file: COUPONS_FILE, path: `${path}.products`, reason: 'a deposit bonus applies to deposits, not to trades: remove it' });
    if (c.rate !== undefined && new D(c.rate).lte(0)) problems.push({ file: COUPONS_FILE, path: `${path}.rate`, reason: 'must be more than 0: such a coupon gives nothing' });
    if (c.amount !== undefined && new D(c.amount).lte(0)) problems.push({ file: COUPONS_FILE, path: `${path}.amount`, reason: 'must be more than 0: such a coupon gives nothing' });
    if (c.max !== undefined && new D(c.max).lte(0)) problems.push({ file: COUPONS_FILE, path: `${path}.max`, reason: 'must be more than 0: such a coupon gives nothing' });
    if (!c.claim && !c.grant_on) problems.push({ file: COUPONS_FILE, path, reason: 'neither offered to claim nor granted: nobody could have it ("claim": true, or "grant_on")' });
  });
  return { problems, ...(problems.length ? {} : { coupons }) };
}

function checkVip(input: SettingsInput): { problems: Problem[]; vip?: VipSettings } {
  const read = shaped<VipSettings>(input, VIP_FILE, 'the VIP levels, their volumes and fee discounts are configured there', vipMetaSchema);
  if (!read.value) return { problems: read.problems };
  const vip = read.value;
  const problems: Problem[] = [];
  vip.levels.forEach((l, i) => {
    if (l.level !== i + 1) problems.push({ file: VIP_FILE, path: `$.levels[${i}].level`, reason: `is ${l.level}, expected ${i + 1}: the levels are 1, 2 … in order` });
    const below = vip.levels[i - 1];
    if (!below) return;
    if (new D(l.volume_above).lte(below.volume_above)) {
      problems.push({ file: VIP_FILE, path: `$.levels[${i}].volume_above`, reason: `${l.volume_above} is not above level ${below.level}'s ${below.volume_above}: a higher level takes more volume` });
    }
    for (const fee of ['spot_fee_discount', 'contract_fee_discount'] as const) {
      if (new D(l[fee]).lt(below[fee])) problems.push({ file: VIP_FILE, path: `$.levels[${i}].${fee}`, reason: `${l[fee]} is below level ${below.level}'s ${below[fee]}: a higher level would pay more` });
    }
  });
  return { problems, ...(problems.length ? {} : { vip }) };
}

function checkReferral(input: SettingsInput): { problems: Problem[]; referral?: ReferralSettings } {
  const read = shaped<ReferralSettings>(input, REFERRAL_FILE, 'the referral rebate\'s rates and threshold are configured there', referralMetaSchema);
  if (!read.value) return { problems: read.problems };
  const referral = read.value;
  const problems: Problem[] = [];
  referral.rates.forEach((rate, i) => {
    if (new D(rate).lte(0)) problems.push({ file: REFERRAL_FILE, path: `$.rates[${i}]`, reason: 'must be more than 0: a level paid nothing is a level less' });
  });
  const total = referral.rates.reduce((sum, rate) => sum.plus(rate), new D(0));
  if (total.gte(1)) problems.push({ file: REFERRAL_FILE, path: '$.rates', reason: `the rates add up to ${total.toFixed()}: a recharge would pay out all of itself or more` });
  return { problems, ...(problems.length ? {} : { referral }) };
}

function checkBuy(input: SettingsInput): { problems: Problem[]; buy?: BuySettings } {
  const read = shaped<BuySettings>(input, BUY_FILE, 'the countries, currencies, fees and bank details of buying crypto are configured there', buyMetaSchema);
  if (!read.value) return { problems: read.problems };
  const buy = read.value;
  const problems: Problem[] = [];
  const codes = new Map<string, number>();
  buy.currencies.forEach((c, i) => {
    if (codes.has(c.code)) problems.push({ file: BUY_FILE, path: `$.currencies[${i}].code`, reason: `${c.code} is configured already at $.currencies[${codes.get(c.code)}]` });
    else codes.set(c.code, i);
    if (new D(c.usdt_rate).lte(0)) problems.push({ file: BUY_FILE, path: `$.currencies[${i}].usdt_rate`, reason: 'must be more than 0' });
    if (new D(c.min).gt(c.max)) problems.push({ file: BUY_FILE, path: `$.currencies[${i}].min`, reason: `the least order ${c.min} is above the most ${c.max}: nothing could be bought` });
  });
  for (const method of BUY_METHODS) {
    const m = buy.methods[method];
    const smallest = buy.currencies.reduce((least, c) => (new D(c.min).lt(least) ? c.min : least), buy.currencies[0].min);
    if (new D(m.fee_min).gte(smallest)) {
      problems.push({ file: BUY_FILE, path: `$.methods.${method}.fee_min`, reason: `the least fee ${m.fee_min} is not below the least order ${smallest}: such an order would buy nothing` });
    }
  }
  return { problems, ...(problems.length ? {} : { buy }) };
}

function checkChains(input: SettingsInput): { problems: Problem[]; chains?: ChainSetting[] } {
  const read = shaped<{ chains: ChainSetting[] }>(input, CHAINS_FILE, 'the chains and their limits are configured there', chainsMetaSchema);
  if (!read.value) return { problems: read.problems };
  const { chains } = read.value;
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  chains.forEach((c, i) => {
    const key = `${c.currency} ${c.chain}`;
    if (seen.has(key)) problems.push({ file: CHAINS_FILE, path: `$.chains[${i}]`, reason: `${key} is configured already at $.chains[${seen.get(key)}]` });
    else seen.set(key, i);
    if (new D(c.withdraw_fee).gte(c.withdraw_min)) {
      problems.push({ file: CHAINS_FILE, path: `$.chains[${i}].withdraw_fee`, reason: `fee ${c.withdraw_fee} is not below the minimum withdrawal ${c.withdraw_min}: a withdrawal of the minimum would receive nothing` });
    }
    if (new D(c.withdraw_min).lte(0)) problems.push({ file: CHAINS_FILE, path: `$.chains[${i}].withdraw_min`, reason: 'must be more than 0' });
  });
  return { problems, ...(problems.length ? {} : { chains }) };
}

function checkSite(input: SettingsInput, images: { has(name: string): boolean } | undefined): { problems: Problem[]; site?: SiteSettings } {
  const read = shaped<SiteSettings>(input, SITE_FILE, 'the site\'s name, logos, contacts and loan terms are configured there', siteMetaSchema);
  if (!read.value) return { problems: read.problems };
  const site = read.value;
  const problems: Problem[] = [];
  for (const which of ['site', 'download'] as const) {
    if (images && !images.has(site.logos[which])) {
      problems.push({ file: SITE_FILE, path: `$.logos.${which}`, reason: `unknown image "${site.logos[which]}": there is no such file in content/images/` });
    }
  }
  const days = new Map<number, number>();
  site.loans.terms.forEach((term, i) => {
    if (days.has(term.days)) problems.push({ file: SITE_FILE, path: `$.loans.terms[${i}].days`, reason: `a ${term.days}-day term is offered already at $.loans.terms[${days.get(term.days)}]` });
    else days.set(term.days, i);
    if (new D(term.daily_rate).lte(0)) problems.push({ file: SITE_FILE, path: `$.loans.terms[${i}].daily_rate`, reason: 'must be more than 0' });
  });
  if (new D(site.loans.min).lte(0)) problems.push({ file: SITE_FILE, path: '$.loans.min', reason: 'must be more than 0' });
  const { pledge_ratio: pledge, warning_risk_rate: warning, liquidation_risk_rate: liquidation, overdue_daily_rate: overdue } = site.loans;
  if (new D(liquidation).lte(1)) {
    problems.push({ file: SITE_FILE, path: '$.loans.liquidation_risk_rate', reason: `${liquidation} is not above 1: the pledge would be sold only once it is worth less than what is owed` });
  }
  if (new D(warning).lte(liquidation)) {
    problems.push({ file: SITE_FILE, path: '$.loans.warning_risk_rate', reason: `${warning} is not above the liquidation risk rate ${liquidation}: the borrower would not be warned before the pledge is sold` });
  }
  if (new D(pledge).lte(warning)) {
    problems.push({ file: SITE_FILE, path: '$.loans.pledge_ratio', reason: `${pledge} is not above the warning risk rate ${warning}: every new loan would be warned at once` });
  }
  if (new D(overdue).lte(0)) problems.push({ file: SITE_FILE, path: '$.loans.overdue_daily_rate', reason: 'must be more than 0' });
  if (new D(site.loans.min).gt(site.loans.max)) {
    problems.push({ file: SITE_FILE, path: '$.loans.min', reason: `the least loan ${site.loans.min} is above the most ${site.loans.max}: no amount could be borrowed` });
  }
  return { problems, ...(problems.length ? {} : { site }) };
}
