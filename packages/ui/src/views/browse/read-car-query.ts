// Loaded apart from browse's first screen: reading the form builds the car query's schema (useCarQueryReader.ts).
export { readCarQuery } from '@autoreel/core';
