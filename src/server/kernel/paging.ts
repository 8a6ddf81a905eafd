/** Lists a page at a time: the page a request asks for, and the rows of a query on it with their total. */
import { sql, type SelectQueryBuilder } from 'kysely';
import { MAX_PAGE_ROWS } from '../../shared/contract/common';

export interface Page { page: number; limit: number; offset: number }

/**
 * `page` (from 1) and `limit` of a list request (validated by the contract), and the rows to skip. A limit over
 * MAX_PAGE_ROWS is served as MAX_PAGE_ROWS (the platform's app asks for 9999 rows at once).
 */
export function pageParams(input: { page?: unknown; limit?: unknown }, defaultLimit = 10): Page {
  const page = Number(input.page ?? 1);
  const limit = Math.min(Number(input.limit ?? defaultLimit), MAX_PAGE_ROWS);
  return { page, limit, offset: (page - 1) * limit };
}

/** How many rows `query` finds. */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  return (row as { total: number }).total;
}

/** The rows of `query` on `page` as `read` selects and orders them, and how many there are in all. */
export async function pageOf<DB, TB extends keyof DB, O, R>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: Pick<Page, 'limit' | 'offset'>,
  read: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
): Promise<{ rows: R[]; total: number }> {
  const total = await countRows(query);
  const rows = await read(query).limit(page.limit).offset(page.offset).execute();
  return { rows: rows as R[], total };
}
