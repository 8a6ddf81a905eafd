/** Loads a form (`schemas/<name>.json`) as the server serves it: the form file and its precompiled validators. */
import { arrivedForm, importForm } from '../platform/configuration';
import { instantiateForm, type FormModule } from './formRuntime';

export type { FormModule } from './formRuntime';

export const FORM_NAME_RE = /^[a-z][a-z0-9-]*$/;

const instances = new Map<unknown, FormModule>();

export async function loadForm(name: string): Promise<FormModule> {
  if (!FORM_NAME_RE.test(name)) throw new Error(`invalid form name "${name}"`);
  const served = await importForm(name);
  if (!served) throw new Error(`no form schemas/${name}.json`);
  let m = instances.get(served);
  if (!m) {
    m = instantiateForm(name, served);
    instances.set(served, m);
  }
  return m;
}

/** The form's current version if loadForm has made it already (a screen fetched it with its code): no loading step is drawn. */
export function loadedForm(name: string): FormModule | undefined {
  const served = arrivedForm(name);
  return served === undefined ? undefined : instances.get(served);
}
