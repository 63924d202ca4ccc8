// Finding a car: the natural-language reader, the quiz and its preferences, match scoring and pricing insight.
// The one entry of this subject: other subjects import it from here, never a file inside; files it leaves out are
// the subject's own.
export * from './ai.ts';
export * from './buyer-money.ts';
export * from './car-quality.ts';
export * from './lifestyle.ts';
export * from './match-display.ts';
export * from './match-schema.ts';
export * from './match-score.ts';
export * from './near-match.ts';
export * from './nl-search/describe-reading.ts';
export * from './nl-search/fuzzy.ts';
export * from './nl-search/model-names.ts';
export * from './nl-search/query-reader.ts';
export * from './nl-search/read-car-search.ts';
export * from './nl-search/vocabulary.ts';
export * from './nl-search/without-removed.ts';
export * from './preferences.ts';
export * from './pricing.ts';
export * from './quiz.ts';
export * from './scoring.ts';
