/**
 * Adding a section type is one folder and one line: the folder tests/fixtures/sections/gauge (its options'
 * schema, lint rule and migration as src/shared/sections/<type>/ holds them, and its widget) and the line
 * that lists it, here `[...SECTIONS, gauge]` (src/shared/sections/all.ts) and the widget's entry in the
 * registry (src/client/widgets/registry.ts). The meta-schema, the lint, the migrations and the runtime
 * then know it.
 */
import { screen } from '@testing-library/react';
import { renderWithProviders } from './helpers';
import gauge from '../../fixtures/sections/gauge';
import * as Gauge from '../../fixtures/sections/gauge/Gauge';
import { SECTIONS } from '../../../src/shared/sections';
import { composeScreenSchema } from '../../../src/shared/sections/metaSchema';
import { formatProblem, lintConfiguration } from '../../../src/shared/config/lint';
import { CURRENT_SCHEMA_VERSION } from '../../../src/shared/screens/migrate';
import { loadMetaSchemas, readConfigFiles, REPO_ROOT } from '../../../src/server/configuration/files';
import { APP_WIDGETS, SectionRegistryContext, createSectionRegistry } from '../../../src/client/widgets/registry';
import Screen from '../../../src/client/widgets/Screen';
import type { ScreenDefinition } from '../../../src/client/runtime/types';

const sections = [...SECTIONS, gauge];
const widgets = { ...APP_WIDGETS, bundled: { ...APP_WIDGETS.bundled, gauge: Gauge } };

const page = (gauges: object[], schemaVersion = CURRENT_SCHEMA_VERSION) => JSON.stringify({ schemaVersion, route: '/pages/test/gauge', sections: gauges });
const configuration = readConfigFiles(REPO_ROOT);

function lint(text: string, withGauge = true) {
  const metaSchemas = { ...loadMetaSchemas(), screen: composeScreenSchema(withGauge ? sections : SECTIONS) };
  return lintConfiguration({
    files: { ...configuration, 'screens/test/gauge.json': text },
    metaSchemas,
    sections: withGauge ? sections : SECTIONS,
  });
}
const problems = (text: string, withGauge?: boolean) => lint(text, withGauge).problems.map(formatProblem);

test('the meta-schema composed with the folder takes its options and reports a mistake in them', () => {
  const good = page([{ type: 'gauge', label: 'mine.login', value: '{{query.n}}', max: 5 }]);
  expect(problems(good)).toEqual([]);
  expect(problems(page([{ type: 'gauge', value: '{{query.n}}' }]))).toEqual(['screens/test/gauge.json: $.sections[0]: missing required property "max"']);
  expect(problems(good, false)).toEqual([expect.stringMatching(/^screens\/test\/gauge\.json: \$\.sections\[0\]\.type: must be one of /)]);
});

test('the lint runs the folder\'s rule, beside the checks every section gets', () => {
  expect(problems(page([{ type: 'gauge', label: '{{query.name}}', value: '{{query.n | nopipe}}', max: 5 }]))).toEqual([
    'screens/test/gauge.json: $.sections[0].label: a gauge\'s label is a message key',
    'screens/test/gauge.json: $.sections[0].value: unknown pipe "nopipe"',
  ]);
});

test('an older file is migrated by the folder\'s step', () => {
  const result = lint(page([{ type: 'gauge', value: '{{query.n}}', maximum: 5 }], 1));
  expect(result.problems).toEqual([]);
  expect(result.screens.get('/pages/test/gauge')?.screen.sections).toEqual([{ type: 'gauge', value: '{{query.n}}', max: 5 }]);
});

test('the runtime renders it through the registry', () => {
  const definition = JSON.parse(page([{ type: 'gauge', label: 'mine.login', value: '{{query.n}}', max: 5 }])) as ScreenDefinition;
  renderWithProviders(
    <SectionRegistryContext.Provider value={createSectionRegistry(widgets)}>
      <Screen definition={definition} query={{ n: '3' }} />
    </SectionRegistryContext.Provider>,
  );
  expect(screen.getByRole('meter', { name: 'Log in' })).toHaveAttribute('value', '3');
});
