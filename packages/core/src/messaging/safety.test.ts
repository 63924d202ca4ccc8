import { expect, it } from 'vitest';
import { SAFETY_BANNER_TITLE, SAFETY_TIPS } from './safety.ts';

it('pins the scam banner of SPEC 2', () => {
  expect(SAFETY_BANNER_TITLE).toBe('Stay Safe - Avoid Scams');
  expect(SAFETY_TIPS).toEqual([
    'Never send money before seeing the car in person',
    'Meet in safe public locations',
    'Verify dealer credentials and documentation',
    'Be cautious of deals too good to be true',
  ]);
});
