// The product's rulebook: what every app agrees on. Schemas describe the data, catalogues hold the fixed option
// lists, labels, texts and numbers, and rules every display, validation and scoring decision of the SPEC. Each
// name has one home, so the three export side by side.
export * from './schemas/index.ts';
export * from './catalogues/index.ts';
export * from './rules/index.ts';
export * from './nl-search/index.ts';
export * from './video/index.ts';
export * from './contract/index.ts';
