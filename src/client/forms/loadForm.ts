/** Loads a form's generated module (schema `as const` + precompiled validators) as its own chunk. */
import type { FormDefinition } from '../runtime/types';

export interface FormModule {
  name: string;
  form: FormDefinition;
  validateFns: Record<string, unknown>;
}

export const FORM_NAME_RE = /^[a-z][a-z0-9-]*$/;

export async function loadForm(name: string): Promise<FormModule> {
  if (!FORM_NAME_RE.test(name)) throw new Error(`invalid form name "${name}"`);
  const mod = (await import(/* webpackChunkName: "form-[request]" */ `../../generated/forms/${name}`)) as Partial<FormModule> & { default?: FormModule };
  const m = (mod.form ? mod : mod.default) as FormModule | undefined;
  if (!m?.form) throw new Error(`form "${name}" was not generated (npm run gen)`);
  return m;
}
