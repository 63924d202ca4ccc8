export * from './answers.ts';
export * from './requests.ts';
export * from './route-contract.ts';
export * from './route-types.ts';
export * from './routes.ts';
export * from './stream-events.ts';
