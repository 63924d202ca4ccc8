export * from './delivery-policy.ts';
export type * from './video-info.ts';
export * from './video-ladder.ts';
export * from './playback-policy.ts';
