import { expect, it } from 'vitest';
import { DEFAULT_CURRENCY_SYMBOL } from './price.ts';

it("defaults the currency symbol to 'E'", () => {
  expect(DEFAULT_CURRENCY_SYMBOL).toBe('E');
});
