export * from './delivery-policy.ts';
export type * from './video-info.ts';
