import { MAX_PAGE_ROWS } from '../shared/contract/common';

/**
 * `page` (from 1) and `limit` of a list request (validated by the contract), and the rows to skip. A limit over
 * MAX_PAGE_ROWS is served as MAX_PAGE_ROWS (the platform's app asks for 9999 rows at once).
 */
export function pageParams(input: { page?: unknown; limit?: unknown }, defaultLimit = 10): { page: number; limit: number; offset: number } {
  const page = Number(input.page ?? 1);
  const limit = Math.min(Number(input.limit ?? defaultLimit), MAX_PAGE_ROWS);
  return { page, limit, offset: (page - 1) * limit };
}
