// The ground every subject stands on: ids, paging, time, phone numbers, countries and the API envelope.
// The one entry of this subject: other subjects import it from here, never a file inside; files it leaves out are
// the subject's own.
export * from './common.ts';
export * from './countries.ts';
export * from './country.ts';
export * from './envelope.ts';
export * from './page-sizes.ts';
export * from './pagination.ts';
export * from './phone-text.ts';
export * from './phone.ts';
export * from './share.ts';
export * from './time.ts';
