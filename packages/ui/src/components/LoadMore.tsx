import { Button } from './Button.tsx';

/** The 'Load More' of a paged list: shown while another page exists, busy while it loads. */
export function LoadMore({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
      Load More
    </Button>
  );
}

/** The next page number of a `page&limit` list answering `{page, limit, total}`; undefined after the last one. */
export function nextPageOf(last: { page: number; limit: number; total?: number | null }): number | undefined {
  return last.page * last.limit < (last.total ?? 0) ? last.page + 1 : undefined;
}
