/** Page sizes (SPEC 7 defaults, SPEC 9 'Pagination') and the recent-activity count. Kept apart from gestures. */

export const LIKED_CARS_PAGE_SIZE = 20;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;
export const REVIEWS_PAGE_SIZE = 10;
export const COMMENTS_PAGE_SIZE = 10;
/** Cars shown under recent activity (SPEC 9). */
export const RECENT_ACTIVITY_CARS = 5;

/** The server gives no total, so a page shorter than the page size is the last one (SPEC 7 liked cars). */
export function isLastPage(received: number, pageSize: number): boolean {
  return received < pageSize;
}
