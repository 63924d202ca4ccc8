/** Limits of likes and comments, apart from the schemas that enforce them, so screens can read them without zod. */
/** A feed page asks for at most its own page of ids; the cap bounds the query. */
export const CAR_IDS_BATCH_MAX = 200;

export const COMMENT_MAX_LENGTH = 1000;
