export * from './price.ts';
