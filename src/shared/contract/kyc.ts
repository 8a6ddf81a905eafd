/**
 * Identity verification (KYC) and phone binding (SPEC 3, 4, 5, 6, 7). Lv1 ("basic") is the identity document's
 * details, Lv2 ("advanced") the photos; an operator approves or rejects each submission (`npm run ops`).
 * Email and phone must be bound first; the phone is bound with a code sent by SMS.
 */
import { areaCodeInput, bool, code6, endpoints, fields, int, intCodes, nullable, record, str, text, timestamp } from './common';
import { REAL_LEVELS, REAL_STATES, REVIEW_STATUS, SUBMISSION_LEVELS, SUBMISSION_STATUSES } from './identity';
import { UPLOADED_IMAGE } from './upload';
import { WITHDRAW_LIMIT_BTC } from './withdraw';
import { VISIBLE_TEXT } from '../validators/controls';

/** The identity document's type, as the platform's picker sends it: its index. */
export const ID_TYPE = intCodes({ 0: 'id_card', 1: 'passport', 2: 'driver_license' });
export const ID_TYPES = ID_TYPE.names;
export type IdType = (typeof ID_TYPES)[number];

export { REAL_LEVELS, REAL_STATES, REVIEW_STATUS, SUBMISSION_LEVELS, SUBMISSION_STATUS, SUBMISSION_STATUSES, type ReviewStatus } from './identity';

/** The code scene of phone binding (POST /sms_send, POST /safe/mobile); not sendable through /sms_mail. */
export const BIND_MOBILE_SCENE = 'bind_mobile';

// maxLength (UTF-16 units) bounds the text before any pattern runs; maxTextLength counts characters.
/** The name as on the document, first and last name in one field (SPEC 3). */
const name = str({ minLength: 1, maxLength: 200, maxTextLength: 100, pattern: VISIBLE_TEXT, noSpecialChars: true });
const mobile = str({ maxLength: 15, pattern: '^\\d{5,15}$' });

/** What the user submitted (`real_data`), as shown back: the document number masked, no address or photos. */
export const IDENTITY_SUBMISSION = record({
  id: int(),
  level: int({ enum: SUBMISSION_LEVELS }),
  /** The document's type (ID_TYPE); null for Lv2. */
  id_type: nullable(ID_TYPE.schema),
  /** '' for Lv2. */
  name: str(),
  /** Masked (`AB******1234`); '' for Lv2. */
  card_id: str(),
  /** 0 under review, 1 approved, 2 rejected (see `reason`). */
  status: int({ enum: [...SUBMISSION_STATUSES] }),
  reason: str(),
  created_at: timestamp,
  reviewed_at: nullable(timestamp),
});

/**
 * Message keys of request validation failures, `"<field>.<keyword>"` (the same map the forms
 * schemas/kyc-basic.json, kyc-advanced.json and bind-mobile.json carry as `messages`).
 */
export const KYC_MESSAGES: Record<string, string> = {
  'id_type.required': 'kyc.id_type.error',
  'id_type.type': 'kyc.id_type.error',
  'id_type.enum': 'kyc.id_type.error',
  'name.required': 'kyc.name.error',
  'name.minLength': 'kyc.name.error',
  'name.pattern': 'kyc.name.error',
  'name.maxTextLength': 'kyc.name.error.too_long',
  'name.noSpecialChars': 'kyc.name.error.special_chars',
  'card_id.required': 'kyc.card_id.error',
  'card_id.pattern': 'kyc.card_id.error',
  'card_id.maxLength': 'kyc.card_id.error',
  'address.required': 'kyc.address.error',
  'address.minLength': 'kyc.address.error',
  'address.pattern': 'kyc.address.error',
  'address.maxTextLength': 'kyc.address.error.too_long',
  'front_pic.required': 'kyc.front_pic.error',
  'front_pic.pattern': 'kyc.front_pic.error',
  'reverse_pic.required': 'kyc.reverse_pic.error',
  'reverse_pic.pattern': 'kyc.reverse_pic.error',
  'hand_pic.required': 'kyc.hand_pic.error',
  'hand_pic.pattern': 'kyc.hand_pic.error',
};

export const MOBILE_MESSAGES: Record<string, string> = {
  'area_code.required': 'api.area_code_required',
  'area_code.pattern': 'api.area_code_required',
  'mobile.required': 'bind_mobile.mobile.error.required',
  'mobile.pattern': 'error.format.mobile',
  'code.required': 'register.code.error.required',
  'code.format': 'error.format.code6',
};

export const kycEndpoints = endpoints([
  {
    method: 'GET', path: '/real/state', auth: true, refreshOn: ['account'],
    summary: 'The user\'s verification: each level\'s review status, the latest submission, the overall state and level, what is under review, '
      + 'the last rejection reason, whether email and phone are bound, the limits',
    response: record({
      /** Lv1 (REVIEW_STATUS): 0 not submitted, 1 under review, 2 verified, 3 failed. */
      review_status: REVIEW_STATUS.schema,
      /** Lv2, the same codes. */
      advanced_review_status: REVIEW_STATUS.schema,
      /** The latest submission (either level), or null. */
      real_data: nullable(IDENTITY_SUBMISSION),
      /** Both levels in one: 0 not verified, 1 verifying, 2 verified, 3 failed (the latest submission was rejected). */
      real_state: int({ enum: [...REAL_STATES] }),
      real_level: int({ enum: REAL_LEVELS }),
      /** The level of the submission under review, or null. */
      level_pending: nullable(int({ enum: [1, 2] })),
      /** The operator's reason when the latest submission was rejected, else ''. */
      reason: str(),
      email_bound: bool,
      mobile_bound: bool,
      /** The bound mobile number masked (`138****8000`), '' when none. */
      mobile: str(),
      /** Its area code (`+86`), '' when none. */
      area_code: str(),
      limits: record({
        /** The 24-hour withdrawal limit in BTC at the user's level ('0' before Lv1). */
        withdraw_btc_24h: str({ pattern: '^\\d+$' }),
        lv1_withdraw_btc_24h: str({ const: WITHDRAW_LIMIT_BTC[1] }),
        lv2_withdraw_btc_24h: str({ const: WITHDRAW_LIMIT_BTC[2] }),
      }),
    }),
  },
  {
    method: 'POST', path: '/user/real', auth: true, changes: ['account'],
    summary: 'Submit identity verification for review: real_type 1 (Lv1) the document\'s type (ID_TYPE), the name and number, and the '
      + 'address where the form asks for it; real_type 2 (Lv2, after Lv1) the photos uploaded with POST /upload (front and back, and '
      + 'the hand-held one where the form asks for it)',
    request: fields({
      real_type: int({ enum: [1, 2] }),
      id_type: ID_TYPE.schema,
      name,
      card_id: str({ maxLength: 30, pattern: '^[A-Za-z0-9-]{5,30}$' }),
      // Addresses need commas, # and / ("12 Example Street, Flat 3/4"), so not the special-character rule of names.
      address: str({ minLength: 5, maxLength: 400, maxTextLength: 200, pattern: VISIBLE_TEXT }),
      front_pic: UPLOADED_IMAGE,
      reverse_pic: UPLOADED_IMAGE,
      hand_pic: UPLOADED_IMAGE,
    }, ['real_type'], {
      // `type` here too: `allOf` runs before `properties`, and form-encoded "1" must be coerced to compare.
      // The address and the hand-held photo are required by the forms (kyc-basic.json, kyc-advanced.json).
      allOf: [
        { if: { properties: { real_type: int({ const: 1 }) }, required: ['real_type'] }, then: { required: ['id_type', 'name', 'card_id'] } },
        { if: { properties: { real_type: int({ const: 2 }) }, required: ['real_type'] }, then: { required: ['front_pic', 'reverse_pic'] } },
      ],
    }),
    messages: KYC_MESSAGES,
    response: text,
  },
  {
    method: 'POST', path: '/sms_send', auth: true,
    summary: 'Send a 6-digit code by SMS to a mobile number the logged-in user wants to bind (same limits as /sms_mail)',
    request: fields({ area_code: areaCodeInput, mobile, scene: str({ enum: [BIND_MOBILE_SCENE] }) }, ['area_code', 'mobile']),
    messages: MOBILE_MESSAGES,
    response: text,
  },
  {
    method: 'POST', path: '/safe/mobile', auth: true, changes: ['account'],
    summary: 'Bind the mobile number to the logged-in user with the code sent by /sms_send (area_code: that of the latest code sent to the number when omitted)',
    request: fields({ area_code: areaCodeInput, mobile, code: code6 }, ['mobile', 'code']),
    messages: MOBILE_MESSAGES,
    response: text,
  },
]);
