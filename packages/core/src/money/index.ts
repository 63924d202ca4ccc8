// Prices as the marketplace shows them.
// The one entry of this subject: other subjects import it from here, never a file inside.
export * from './price.ts';
