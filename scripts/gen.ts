/**
 * Build-time code generation (output in src/generated/, never committed):
 * - forms: schemas/*.json -> typed `as const` modules and precompiled (standalone) ajv validators
 * - messages: i18n/*.json -> ICU ASTs, one JSON module per language, loaded on demand
 */
import { generateForms } from './gen/forms';
import { generateMessages } from './gen/messages';

async function main(): Promise<void> {
  await generateForms();
  await generateMessages();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
