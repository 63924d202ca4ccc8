// Prices as the marketplace shows them.
// The one entry of this subject: other subjects import it from here, never a file inside; files it leaves out are
// the subject's own.
export * from './price.ts';
export * from './finance.ts';
