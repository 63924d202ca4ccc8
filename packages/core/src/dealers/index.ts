// Dealers: the dealer schema, business hours, reviews, the feedback form, and a seller's badges and reply time.
// The one entry of this subject: other subjects import it from here, never a file inside; files it leaves out are
// the subject's own.
export * from './business-hours.ts';
export * from './dealer.ts';
export * from './feedback-catalogue.ts';
export * from './feedback-schema.ts';
export * from './feedback.ts';
export * from './seller-trust.ts';
export * from './seller-trust-schemas.ts';
