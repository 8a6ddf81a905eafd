/**
 * Form modules for tests, made exactly as the server serves them (src/server/configuration/compile.ts)
 * and turned into the form and validators by the app's own code (src/client/forms/formRuntime.ts). Jest
 * cannot `import()` a URL, so the module text is evaluated here (tests only; the app imports it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { formModule } from '../../src/server/configuration/compile';
import { migrateForm } from '../../src/shared/screens/migrate';
import { instantiateForm, type FormModule } from '../../src/client/forms/formRuntime';
import { resetConfiguration, setModuleImporter } from '../../src/client/platform/configuration';

const root = path.resolve(__dirname, '..', '..');

/** Evaluates a served form module's text (ESM with one `export const` and one `export default`). */
export function evaluateFormModule(code: string): unknown {
  const body = code.replace('export const form =', 'const form =').replace('export default function', 'const __init = function');
  // eslint-disable-next-line no-new-func
  return new Function(`${body}\nreturn { form, default: __init };`)();
}

/** The form file `<dir>/<name>.json`, upgraded to the current format as the server reads it. */
export function readForm(name: string, dir = path.join(root, 'schemas')): Record<string, unknown> {
  return migrateForm(JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')));
}

/** The form `schemas/<name>.json` (or the given form) as the app gets it from the server. */
export function servedForm(name: string, form: Record<string, unknown> = readForm(name)): FormModule {
  return instantiateForm(name, evaluateFormModule(formModule(name, form)));
}

/**
 * Makes the app's configuration serve these forms by name (`loadForm`), as the server would: a manifest
 * naming them and an importer that builds each module from its file.
 */
export function serveForms(names: string[], dir = path.join(root, 'schemas')): void {
  const manifest = { version: 'test', app: 'app', screens: {}, forms: Object.fromEntries(names.map((n) => [n, `h${n}`])), messages: {} };
  resetConfiguration({ manifest, app: JSON.parse(fs.readFileSync(path.join(root, 'screens', 'app.json'), 'utf8')) });
  setModuleImporter(async (url) => {
    const name = /\/config\/forms\/(.+)\.h[^.]+\.js$/.exec(url)?.[1];
    if (!name) throw new Error(`unexpected form url ${url}`);
    return evaluateFormModule(formModule(name, readForm(name, dir)));
  });
}
