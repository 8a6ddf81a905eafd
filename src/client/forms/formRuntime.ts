/**
 * Turns a served form module (shared/config/formRuntime) into the form and its precompiled validators:
 * the module's code gets the ajv runtime helpers and the shared formats from the app's bundle.
 */
import * as equal from 'ajv/dist/runtime/equal';
import * as ucs2length from 'ajv/dist/runtime/ucs2length';
import type { FormRuntimeModule } from '../../shared/config/formRuntime';
import { formats } from '../../shared/validators/formats';
import * as linearRegExp from '../../shared/validators/linearRegExp';
import type { FormDefinition } from './types';

export interface FormModule {
  name: string;
  form: FormDefinition;
  validateFns: Record<string, unknown>;
}

const RUNTIME: Record<FormRuntimeModule, unknown> = {
  'ajv/dist/runtime/ucs2length': ucs2length,
  'ajv/dist/runtime/equal': equal,
  'shared/validators/linearRegExp': linearRegExp,
};

function runtimeRequire(mod: string): unknown {
  if (!Object.prototype.hasOwnProperty.call(RUNTIME, mod)) throw new Error(`form validator needs "${mod}", which the app does not ship`);
  return RUNTIME[mod as FormRuntimeModule];
}

type Served = { form?: unknown; default?: (require: (m: string) => unknown, f: typeof formats) => Record<string, unknown> };

export function instantiateForm(name: string, served: unknown): FormModule {
  const mod = served as Served | undefined;
  if (!mod?.form || typeof mod.default !== 'function') throw new Error(`form "${name}" is not a form module`);
  return { name, form: mod.form as FormDefinition, validateFns: mod.default(runtimeRequire, formats) };
}
