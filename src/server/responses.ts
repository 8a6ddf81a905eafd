/**
 * Answers checked against the contract: `checkResponse(spec, message)` names the first place where a
 * handler's answer differs from the endpoint's response schema. Outside production the server checks
 * every answer it sends (a mismatch is logged and answered as a server error, so it cannot go unseen), and
 * the server tests check every `ok` answer they receive.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { EndpointSpec } from '../shared/contract';
import { registerAjv } from '../shared/validators/ajv';

const ajv = new Ajv({ allErrors: false, strict: false });
registerAjv(ajv);
const compiled = new WeakMap<EndpointSpec, ValidateFunction>();

/** Undefined when the answer matches (or the endpoint declares no response schema), else what differs. */
export function checkResponse(spec: EndpointSpec, message: unknown): string | undefined {
  if (!spec.response) return undefined;
  let validate = compiled.get(spec);
  if (!validate) {
    validate = ajv.compile(spec.response);
    compiled.set(spec, validate);
  }
  if (validate(message)) return undefined;
  const err = validate.errors?.[0];
  return err ? `${err.instancePath || '(the answer)'} ${err.message ?? err.keyword} ${JSON.stringify(err.params)}` : 'does not match';
}
