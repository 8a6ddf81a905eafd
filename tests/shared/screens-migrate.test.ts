import { CURRENT_SCHEMA_VERSION, MigrationError, migrateScreen } from '../../src/shared/screens/migrate';

describe('screen migrations', () => {
  it('leaves a current file unchanged', () => {
    const screen = { schemaVersion: 1, route: '/pages/a/b', sections: [{ type: 'empty', text: 'a.b' }] };
    expect(migrateScreen(screen)).toEqual(screen);
    expect(CURRENT_SCHEMA_VERSION).toBe(1);
  });

  it('upgrades a version 0 file (blocks/row) to version 1 (sections/item), also inside tabs', () => {
    const old = {
      route: '/pages/a/b',
      blocks: [
        { type: 'list', source: { endpoint: 'GET /faq' }, row: { title: '{{item.question}}' } },
        { type: 'tabs', tabs: [{ label: 'a.b', blocks: [{ type: 'list', source: { endpoint: 'GET /faq' }, row: { title: 'x.y' } }] }] },
      ],
    };
    const next = migrateScreen(old) as { schemaVersion: number; sections: unknown[] };
    expect(next.schemaVersion).toBe(1);
    expect(next).not.toHaveProperty('blocks');
    expect(next.sections[0]).toEqual({ type: 'list', source: { endpoint: 'GET /faq' }, item: { title: '{{item.question}}' } });
    expect((next.sections[1] as { tabs: { sections: unknown[] }[] }).tabs[0].sections[0]).toEqual({ type: 'list', source: { endpoint: 'GET /faq' }, item: { title: 'x.y' } });
  });

  it('runs a chain of steps (mechanism for future versions)', () => {
    const steps = {
      1: (s: Record<string, unknown>) => ({ ...s, schemaVersion: 2, a: true }),
      2: (s: Record<string, unknown>) => ({ ...s, schemaVersion: 3, b: true }),
    };
    expect(migrateScreen({ schemaVersion: 1, route: '/x/y', sections: [] }, steps, 3)).toEqual({ schemaVersion: 3, route: '/x/y', sections: [], a: true, b: true });
  });

  it('refuses files newer than the app, missing steps and non-objects', () => {
    expect(() => migrateScreen({ schemaVersion: 9, sections: [] })).toThrow(/newer/);
    expect(() => migrateScreen({ schemaVersion: 1 }, {}, 2)).toThrow(/no migration/);
    expect(() => migrateScreen({ schemaVersion: 1 }, { 1: (s) => s }, 2)).toThrow(/did not advance/);
    expect(() => migrateScreen([])).toThrow(MigrationError);
    expect(() => migrateScreen({ schemaVersion: '1' })).toThrow(/integer/);
  });
});
