/** `page` (from 1) and `limit` of a list request (validated by the contract), and the rows to skip. */
export function pageParams(input: { page?: unknown; limit?: unknown }, defaultLimit = 10): { page: number; limit: number; offset: number } {
  const page = Number(input.page ?? 1);
  const limit = Number(input.limit ?? defaultLimit);
  return { page, limit, offset: (page - 1) * limit };
}
