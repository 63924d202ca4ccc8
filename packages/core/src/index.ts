// The product's rulebook: what every app agrees on. Schemas describe the data, catalogues the fixed option lists,
// rules every display, validation and scoring decision of the SPEC (reached at '@autoreel/core/rules/index' until
// the constants they share with the catalogues have one home).
export * from './schemas/index.ts';
export * from './catalogues/index.ts';
