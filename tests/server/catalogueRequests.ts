/**
 * A valid request for every endpoint of the catalogue, built from its request schema: each required field
 * (and each field an if/then makes required) with a sample value. The fuzz tests replace one field at a time
 * with a hostile value; the rest being valid, that value reaches its own field's rules (ajv checks `required`
 * before `properties`, so a missing field would hide every other rule).
 */
import type { ErrorObject } from 'ajv';
import { LIMITS, type Limits } from '../../src/server/throttle';
import { createAjv } from '../../src/server/validation';
import { ENDPOINTS, type EndpointKey, type EndpointSpec } from '../../src/shared/contract';
import { BANK_CARD_FIELDS } from '../../src/shared/contract/payees';
import { fieldTypes, requestFields } from '../../src/shared/contract/requestFields';
import { multipart, PNG_1X1, type TestApp } from './helpers';

export type Input = Record<string, unknown>;
type FieldSchema = Record<string, unknown>;

export const ENDPOINT_KEYS = Object.keys(ENDPOINTS) as EndpointKey[];

/** Every rate limit raised out of reach (createTestApp's `limits`), so that thousands of requests reach validation and the handlers. */
export const NO_LIMITS = Object.fromEntries(Object.entries(LIMITS).map(([name, limit]) => [name, { ...limit, max: 1e9 }])) as Limits;

/** Request fields (including those of if/then/else branches) with the JSON types they admit. */
export function fieldsOf(spec: EndpointSpec): Array<{ name: string; types: string[] }> {
  return [...requestFields(spec.request)].map(([name, schemas]) => ({ name, types: [...new Set(schemas.flatMap(fieldTypes))] }));
}

/** A card every rule of both bank-card endpoints accepts. */
const CARD: Record<keyof typeof BANK_CARD_FIELDS, string> = {
  real_name: 'Ann Lee', bank_account: '6222 0212 3456 7890', iban: '1234567890123', bank_name: 'Bank of Example',
  bank_address: '1 Main Street, Springfield', bank_network: 'Springfield Branch', bank_code: 'BKCHCNBJ', phone: '+86 138 0013 8000',
  bank_dizhi: '22 Elm Road #5, Springfield', aba_number: '021000021',
};

/** A well-formed TRC20 address (and a valid KYC address line). */
export const TRON_ADDRESS = `T${'A'.repeat(33)}`;

/** Sample values of the fields whose pattern or format a generic value would not pass. */
export function fieldSamples(image: string): Input {
  return {
    ...CARD,
    user_string: 'sample.user@example.com', email: 'sample.user@example.com', password: 'secret-pass', re_password: 'secret-pass',
    pay_password: 'Pay-secret-7', code: '123456', email_code: '123456', area_code: '+44', mobile: '7700900123',
    nickname: 'Sampler', signature: 'Just sampling', keyword: 'apk_download_url', route: '#/pages/home/index', path: 'sections/0',
    symbol: 'BTC/USDT', chain: 'TRC20', number: '1', amount: '1', price: '1', money: '500000', pawn: 'USDT',
    country: 'US', fiat: 'USD', method: 'bank', first_name: 'Ann', last_name: 'Lee', phone: '+1 555 0100', tax_id: 'TX-1234', voucher: image, payment: 'sim_0000', 
    name: 'Main wallet', address: TRON_ADDRESS, card_id: 'AB12345',
    head_portrait: image, account: image, front_pic: image, reverse_pic: image, hand_pic: image, qrcode: image,
  };
}

/** Uploads a PNG as the user of `token`; its path is what image fields take. */
export async function uploadImage(t: TestApp, token: string): Promise<string> {
  const { payload, headers } = multipart({ filename: 'sample.png', type: 'image/png', data: PNG_1X1 });
  const res = await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, authorization: token } });
  const path = res.json().message as string;
  expect(path).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
  return path;
}

/** The root's const or first enum value comes first: a branch's `if` may name another (register's `type: mobile`). */
function sampleFor(name: string, schemas: FieldSchema[], samples: Input): unknown {
  for (const s of schemas) {
    if ('const' in s && typeof s.const !== 'object') return s.const;
    if (Array.isArray(s.enum)) return s.enum[0];
  }
  if (name in samples) return samples[name];
  const declared = schemas.find((s) => s.default !== undefined);
  if (declared) return declared.default;
  const types = schemas.flatMap(fieldTypes);
  if (types.includes('integer') || types.includes('number')) {
    const minimum = schemas.map((s) => s.minimum).find((m) => typeof m === 'number');
    return Math.max(1, minimum ?? 1);
  }
  if (types.includes('boolean')) return true;
  return 'sample';
}

const ajv = createAjv();
const validate = (spec: EndpointSpec) => ajv.compile(spec.request ?? {});

/** Why `input` fails the endpoint's request schema, or undefined when it passes. */
export function schemaError(spec: EndpointSpec, input: Input): ErrorObject | undefined {
  const check = validate(spec);
  return check({ ...input }) ? undefined : check.errors?.[0];
}

/** The required fields with samples, plus each field the schema then reports missing (if/then requirements). */
export function validRequest(spec: EndpointSpec, samples: Input): Input {
  const fields = requestFields(spec.request);
  const input: Input = {};
  const add = (name: string) => { input[name] = sampleFor(name, fields.get(name) ?? [], samples); };
  for (const name of (spec.request?.required as string[] | undefined) ?? []) add(name);
  for (let error = schemaError(spec, input); error?.keyword === 'required'; error = schemaError(spec, input)) {
    const missing = error.params.missingProperty as string;
    if (missing in input) break;
    add(missing);
  }
  return input;
}
