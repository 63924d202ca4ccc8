// The product's rulebook: what every app agrees on, one folder per subject. Each subject holds its schemas,
// catalogues (fixed option lists, labels, texts and numbers) and rules, behind one entry; the contract on top reads
// them. Each name has one home, so the subjects export side by side.
export * from './text/index.ts';
export * from './shared/index.ts';
export * from './money/index.ts';
export * from './cars/index.ts';
export * from './accounts/index.ts';
export * from './search/index.ts';
export * from './messaging/index.ts';
export * from './dealers/index.ts';
export * from './social/index.ts';
export * from './video/index.ts';
export * from './notifications/index.ts';
export * from './moderation/index.ts';
export * from './contract/index.ts';
