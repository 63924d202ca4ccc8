/** The next page number of a `page&limit` list answering `{page, limit, total}`; undefined after the last one. */
export function nextPageOf(last: { page: number; limit: number; total?: number | null }): number | undefined {
  return last.page * last.limit < (last.total ?? 0) ? last.page + 1 : undefined;
}
