export * from './describe-reading.ts';
export * from './fuzzy.ts';
export * from './query-reader.ts';
export * from './vocabulary.ts';
export * from './read-car-search.ts';
export * from './without-removed.ts';
