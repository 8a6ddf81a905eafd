/**
 * The meta-schema of screen files, composed from the shared part of the format (screen.base.json: the
 * screen's own properties and the definitions every type may use) and each section type's options
 * (`<type>/schema.json` as `#/definitions/section_<type>`). A section picks its shape by `type` with
 * `if`/`then`, so a mistake is reported against the right shape. `npm run gen:screen-types` also writes it
 * to screens/screen.schema.json, for editors (screen files name it in `$schema`); a test keeps that in step.
 */
import base from './screen.base.json';
import { SECTIONS } from './index';
import type { SectionDefinition } from './section';
import { CURRENT_SCHEMA_VERSION } from '../screens/migrate';

type Schema = Record<string, unknown>;

function sectionDispatch(sections: readonly SectionDefinition[]): Schema {
  const types = sections.map((s) => s.type);
  const named = sections.map((s) => (s.summary ? `${s.type} (${s.summary})` : s.type));
  return {
    type: 'object',
    required: ['type'],
    properties: { type: { enum: types, description: `The section type: ${named.join(', ')}` } },
    allOf: types.map((type) => ({
      if: { properties: { type: { const: type } }, required: ['type'] },
      then: { $ref: `#/definitions/section_${type}` },
    })),
  };
}

export function composeScreenSchema(sections: readonly SectionDefinition[] = SECTIONS): Schema {
  const schema = structuredClone(base) as Schema & { properties: Schema; definitions: Schema };
  schema.properties.schemaVersion = { const: CURRENT_SCHEMA_VERSION };
  schema.definitions.section = sectionDispatch(sections);
  for (const section of sections) schema.definitions[`section_${section.type}`] = structuredClone(section.schema);
  return schema;
}

/** The meta-schema of this code's sections, composed once. */
let composed: Schema | undefined;
export function screenSchema(): Schema {
  return (composed ??= composeScreenSchema());
}
