// What can be reported and how the app names it, without the schemas: a report button is on the first screens.

/** What can be reported: a listing ('car', as the API names it), a person, a message, a dealer review, a comment. */
export const REPORT_TARGET_TYPES = ['car', 'user', 'message', 'review', 'comment'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** How the app names each target in plain English ('Report this listing'). */
export const REPORT_TARGET_LABELS: Readonly<Record<ReportTargetType, string>> = {
  car: 'listing',
  user: 'person',
  message: 'message',
  review: 'review',
  comment: 'comment',
};

/** A report's details, at most (the chat's report sends its message's text within it). */
export const REPORT_DETAILS_MAX_LENGTH = 1000;
