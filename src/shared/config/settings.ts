/**
 * The platform's parameters as configuration (issue 24): `settings/chains.json`, each currency's deposit and
 * withdrawal chains with their address, deposit minimum, withdrawal minimum and fee (decimal strings, exact).
 * The API enforces them (wallet module). Checked by a meta-schema and by what it cannot say: a chain named
 * twice, a fee that leaves nothing of a minimum withdrawal. The currency names and their decimals are the
 * server's (compile.ts checks them).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { D } from '../format/decimal';
import type { Problem } from './json';

export interface ChainSetting {
  currency: string;
  chain: string;
  deposit_address: string;
  deposit_min: string;
  withdraw_min: string;
  withdraw_fee: string;
}

export const CHAINS_FILE = 'settings/chains.json';
export const SETTINGS_FILES = [CHAINS_FILE] as const;

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

let validate: ValidateFunction | undefined;

/** Checks the settings files among `parsed`; nothing when no settings file is there (a partial configuration). */
export function checkSettings(
  parsed: ReadonlyMap<string, unknown>,
  present: readonly string[],
  schemaProblems: (file: string, errors: ErrorObject[] | null | undefined) => Problem[],
): { problems: Problem[]; chains?: ChainSetting[] } {
  const problems: Problem[] = [];
  for (const file of present.filter((f) => f.startsWith('settings/') && !(SETTINGS_FILES as readonly string[]).includes(f))) {
    problems.push({ file, path: '$', reason: `not a settings file of the app: the settings files are ${SETTINGS_FILES.join(', ')}` });
  }
  if (!present.some((f) => f.startsWith('settings/'))) return { problems };
  if (!present.includes(CHAINS_FILE)) return { problems: [...problems, { file: CHAINS_FILE, path: '$', reason: 'file is missing: the chains and their limits are configured there' }] };
  const value = parsed.get(CHAINS_FILE);
  if (value === undefined) return { problems };
  validate ??= new Ajv({ allErrors: true, strict: false }).compile(chainsMetaSchema());
  if (!validate(value)) return { problems: [...problems, ...schemaProblems(CHAINS_FILE, validate.errors)] };
  const chains = (value as { chains: ChainSetting[] }).chains;
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
