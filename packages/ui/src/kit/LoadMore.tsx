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
