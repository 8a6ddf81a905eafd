/**
 * `npm run gen:db-types`: writes src/server/db/schema.generated.ts, the Kysely table types, from the
 * migrations: they run on an in-memory PGlite, and the tables are read back from the catalogue. A text
 * column with a CHECK listing its values becomes a union of them. tests/server/dbTypes.test.ts fails when
 * the file is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Database } from '../src/server/db';

export const GENERATED_FILE = path.join(__dirname, '..', 'src', 'server', 'db', 'schema.generated.ts');

interface Column { table_name: string; column_name: string; data_type: string; is_nullable: 'YES' | 'NO'; column_default: string | null; is_identity: 'YES' | 'NO' }

const pascal = (name: string) => name.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join('');

function baseType(c: Column, values: string[] | undefined): string {
  if (values) return values.map((v) => `'${v}'`).join(' | ');
  switch (c.data_type) {
    case 'integer': case 'smallint': return 'number';
    case 'bigint': return 'Int8';
    case 'numeric': return 'string';
    case 'boolean': return 'boolean';
    case 'timestamp with time zone': return 'Date';
    case 'text': case 'character varying': case 'character': return 'string';
    case 'jsonb': case 'json': return 'unknown';
    default: throw new Error(`${c.table_name}.${c.column_name}: no TypeScript type for ${c.data_type}`);
  }
}

function columnType(c: Column, values: string[] | undefined): string {
  const base = baseType(c, values);
  const hasDefault = c.column_default !== null || c.is_identity === 'YES';
  const nullable = c.is_nullable === 'YES';
  if (base === 'Date') {
    if (nullable) return 'NullableTimestamp';
    return hasDefault ? 'TimestampDefault' : 'Timestamp';
  }
  if (c.data_type === 'numeric' && !nullable) return hasDefault ? 'NumericDefault' : 'Numeric';
  if (nullable) return `ColumnType<${base} | null, ${base} | null | undefined, ${base} | null>`;
  return hasDefault ? `Generated<${base}>` : base;
}

/** `CHECK ((bucket = ANY (ARRAY['available'::text, ...])))` -> the column's values. */
function checkedValues(definition: string): [string, string[]] | undefined {
  const m = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition);
  if (!m) return undefined;
  const values = [...m[2].matchAll(/'((?:[^']|'')*)'::(?:text|character varying)/g)].map((v) => v[1].replace(/''/g, "'"));
  return values.length ? [m[1], values] : undefined;
}

export async function generateDbTypes(database?: Database): Promise<string> {
  const db = database ?? await openDatabase({ memory: true });
  try {
    const columns = await db.script((t) => t.query<Column>(`
      select table_name, column_name, data_type, is_nullable, column_default, is_identity from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`));
    const checks = await db.script((t) => t.query<{ table_name: string; definition: string }>(`
      select c.conrelid::regclass::text as table_name, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'c' and n.nspname = current_schema()`));
    const enums = new Map<string, string[]>();
    for (const c of checks) {
      const found = checkedValues(c.definition);
      if (found) enums.set(`${c.table_name}.${found[0]}`, found[1]);
    }
    const tables = [...new Set(columns.map((c) => c.table_name))];
    const out = [
      '/*',
      ' * GENERATED from src/server/db/migrations/*.sql by `npm run gen:db-types` (scripts/gen-db-types.ts).',
      ' * Do not edit: change a migration and run the command again.',
      ' */',
      "import type { ColumnType, Generated } from 'kysely';",
      '',
      '/** bigint and bigserial: strings from pg, numbers from PGlite. */',
      'export type Int8 = string | number;',
      '/** NUMERIC comes back as a decimal string on both backends. */',
      'export type Numeric = ColumnType<string, string, string>;',
      'export type NumericDefault = ColumnType<string, string | undefined, string>;',
      'export type Timestamp = ColumnType<Date, Date | string, Date | string>;',
      'export type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;',
      'export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;',
    ];
    for (const table of tables) {
      out.push('', `export interface ${pascal(table)}Table {`);
      for (const c of columns.filter((x) => x.table_name === table)) out.push(`  ${c.column_name}: ${columnType(c, enums.get(`${table}.${c.column_name}`))};`);
      out.push('}');
    }
    out.push('', 'export interface DB {', ...tables.map((t) => `  ${t}: ${pascal(t)}Table;`), '}', '');
    return out.join('\n');
  } finally {
    if (!database) await db.close();
  }
}

if (require.main === module) {
  generateDbTypes().then((text) => {
    fs.writeFileSync(GENERATED_FILE, text);
    console.log(`wrote ${path.relative(process.cwd(), GENERATED_FILE)}`);
  }, (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
