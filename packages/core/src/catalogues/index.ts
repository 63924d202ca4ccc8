export * from './car-options.ts';
export * from './lifestyle.ts';
export * from './feedback.ts';
