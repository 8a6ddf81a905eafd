/**
 * The form runtime (SchemaForm, rjsf and the validators' runtime): a chunk of its own, asked for by a form
 * section's widget and, beside that widget's chunk, by the registry (`early`), so a screen with a form does
 * not wait for one chunk to learn of the next. Its form file downloads alongside.
 */
import { importForm } from '../platform/configuration';
import { preloadable } from '../runtime/preloadable';

const formRuntime = () => import(/* webpackChunkName: "form-runtime" */ '../forms/SchemaForm');

export const SchemaForm = preloadable(formRuntime);

/** The runtime and the section's form file; a form that fails to load is reported when drawn. */
export async function preloadForm(section?: object): Promise<void> {
  const name = (section as { form?: unknown } | undefined)?.form;
  const file = typeof name === 'string' ? importForm(name).catch(() => undefined) : undefined;
  const [runtime] = await Promise.all([formRuntime(), SchemaForm.load(), file]);
  if (typeof name === 'string') await runtime.loadForm(name).catch(() => undefined);
}
