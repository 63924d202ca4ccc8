/**
 * Paging rules (SPEC 7, SPEC 9 'Pagination') and the recent-activity count. The page sizes themselves are
 * PAGE_SIZES in schemas/common, where the query schemas take their defaults from.
 */
/** Cars shown under recent activity (SPEC 9). */
export const RECENT_ACTIVITY_CARS = 5;

/** The server gives no total, so a page shorter than the page size is the last one (SPEC 7 liked cars). */
export function isLastPage(received: number, pageSize: number): boolean {
  return received < pageSize;
}
