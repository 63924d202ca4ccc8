// Likes, comments and the feed's gestures.
// The one entry of this subject: other subjects import it from here, never a file inside; files it leaves out are
// the subject's own.
export * from './gestures.ts';
export * from './likes.ts';
export * from './social-api.ts';
export * from './social-limits.ts';
export * from './social.ts';
