// Cars and their catalogue: the car schema, makes, options, colours, seats, features, filters and the listing wizard.
// The one entry of this subject: other subjects import it from here, never a file inside; files it leaves out are
// the subject's own.
export * from './car-import.ts';
export * from './car-limits.ts';
export * from './car-options.ts';
export * from './car-query.ts';
export * from './car-query-fields.ts';
export * from './car.ts';
export * from './colours.ts';
export * from './feature-list.ts';
export * from './features.ts';
export * from './listing-display.ts';
export * from './makes.ts';
export * from './model-table.ts';
export * from './photo.ts';
export * from './seats.ts';
export * from './wizard.ts';
export * from './video-stream.ts';
