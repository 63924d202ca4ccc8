// The product's rulebook: what every app agrees on. Schemas describe the data, catalogues the fixed option lists,
// rules every display, validation and scoring decision of the SPEC.
export * from './rules/index.ts';
