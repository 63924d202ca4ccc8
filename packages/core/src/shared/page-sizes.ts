/** Page sizes of the lists, apart from the schemas that read page queries, so screens can read them without zod. */
export const MAX_PAGE_LIMIT = 100;

/** SPEC 9 page sizes. */
export const PAGE_SIZES = {
  liked: 20,
  conversations: 20,
  messages: 50,
  reviews: 10,
  comments: 10,
} as const;
