export * from './users.ts';
export * from './countries.ts';
export * from './dealers.ts';
export * from './cars.ts';
export * from './media.ts';
export * from './social.ts';
export * from './messaging.ts';
export * from './feedback.ts';
